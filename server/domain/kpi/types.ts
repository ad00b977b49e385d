/**
 * Vocabulary of the alarm KPI engine (docs/domain.md, "KPIs (definition v1)"). Times are epoch milliseconds
 * (UTC) everywhere inside the engine; only the API-shaped summary turns them into ISO strings.
 */
import type { KpiSettings } from '../../../contract/kpiSettings';
import type { Priority } from '../../../contract/vocabulary';

export const EVENT_TYPES = ['ALM', 'RTN', 'ACK', 'SHLV', 'UNSHLV', 'SUPP', 'UNSUPP', 'OOS', 'INS'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One row of the alarm journal, as the KPI engine needs it. */
export interface JournalEvent {
  /** Epoch milliseconds, UTC. */
  time: number;
  tag: string;
  condition: string;
  event: EventType;
  /** Priority of the point at the time of the event. */
  priority: Priority;
}

/** An alarm point is identified by (tag, condition). */
export interface AlarmPointRef {
  tag: string;
  condition: string;
}

export const defaultKpiSettings: Readonly<KpiSettings> = Object.freeze({
  overloadThreshold: 10,
  floodStart: 10,
  floodEnd: 5,
  chatterCount: 3,
  chatterSeconds: 60,
  fleetingSeconds: 5,
  staleHours: 24,
  frequentPerDay: 50,
});

/** Settings as stored may omit values; missing ones take the defaults. */
export function resolveKpiSettings(settings?: Partial<KpiSettings>): KpiSettings {
  return { ...defaultKpiSettings, ...settings };
}

/** The plant time zone used for calendar days unless the caller says otherwise. */
export const DEFAULT_PLANT_TIME_ZONE = 'Asia/Shanghai';

/** A KPI window [from, to), epoch milliseconds. */
export interface KpiWindow {
  from: number;
  to: number;
}

export interface KpiOptions extends KpiWindow {
  settings?: Partial<KpiSettings>;
}

export const TEN_MINUTES_MS = 10 * 60_000;
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

/** Rejects windows the definitions cannot work with; an empty window (from = to) is allowed. */
export function assertWindow({ from, to }: KpiWindow): void {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new RangeError('KPI window bounds must be finite epoch ms');
  if (to < from) throw new RangeError('KPI window must satisfy from <= to');
}
