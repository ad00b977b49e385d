/** Shapes and calls the boards share: the engine's KPI summary, KPI table rows and the toolbar's options. */

import type { KpiTargets } from '@common/kpiTargets';
import { request } from '@umijs/max';
import type { Envelope } from './api';
import { arrivedAhead, getKey, sendAhead, takeAhead } from './sentAhead';

export type Priority = 'urgent' | 'high' | 'medium' | 'low';

export interface Flood {
  start: string;
  end: string;
  count: number;
  peak: number;
}

/** `data` of `GET /api/kpi/summary` (api.md). */
export interface KpiSummary {
  from: string;
  to: string;
  annunciations: number;
  avgPer10Min: number;
  avgPerHour: number;
  avgPerDay: number;
  periodsOver: number;
  pctPeriodsOver: number;
  peak10Min: number;
  peak10MinAt: string | null;
  floods: Flood[];
  pctTimeInFlood: number;
  top10: { tag: string; condition: string; count: number; share: number }[];
  top10Share: number;
  chatteringCount: number;
  fleetingCount: number;
  staleCount: number;
  priorityDistribution: Record<Priority, number>;
}

/** One row of a KPI table: the summary without its lists, the number of floods instead. */
export type KpiFigures = Omit<KpiSummary, 'top10' | 'floods' | 'from' | 'to'> & { floods: number };

export interface Judged {
  targets: KpiTargets;
  warnFactor: number;
}

export interface ScopeOptions {
  units: string[];
  consoles: string[];
  conditions: string[];
}

/** The window and scope every board query carries (api.md `/api/kpi/summary`). */
export type BoardQuery = {
  from: string;
  to: string;
  console?: string;
  unit?: string;
  condition?: string;
};

const fetchData = async <T>(path: string, params?: object, skipErrorHandler = false) =>
  (await request<Envelope<T>>(path, { method: 'GET', params, skipErrorHandler })).data;

/** GET `/api{path}` with the query, answering `data` (the answer sent ahead at start-up, if there is one). */
export function getData<T>(path: string, params?: object): Promise<T> {
  return takeAhead(getKey(path, params), () => fetchData<T>(path, params));
}

/** `data` of the GET sent ahead at start-up, if its answer has arrived (services/sentAhead). */
export function dataArrivedAhead<T>(path: string, params?: object): T | undefined {
  return arrivedAhead<T>(getKey(path, params));
}

/** Sends `getData(path, params)` at start-up, for the first view's own call to take; failures stay quiet. */
export function sendDataAhead(path: string, params?: object): void {
  sendAhead(getKey(path, params), () => fetchData(path, params, true));
}

/** The toolbar's units, consoles and operating conditions, read with the board's own permission. */
export function fetchScopeOptions(boardPath: string): Promise<ScopeOptions> {
  return getData<ScopeOptions>(`${boardPath}/scopes`);
}
