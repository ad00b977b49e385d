import { type BoardQuery, getData, type Judged, type KpiFigures } from '@/services/boards';

export const IMPROVE_PATH = '/alarm/op/system/improve';

export type Period = 'week' | 'month';

export interface PeriodRow {
  start: string;
  end: string;
  figures: KpiFigures;
  /** Abnormal alarms first seen in the period, and those handled in it. */
  found: number;
  handled: number;
  /** Alarm library edits made directly, outside change management. */
  outsideMoc: number;
}

export interface Improvement extends Judged {
  periods: PeriodRow[];
  appliedChanges: { changeRequestId: number; title: string; appliedAt: string }[];
}

export const fetchImprovement = (query: BoardQuery, period: Period) =>
  getData<Improvement>(IMPROVE_PATH, { ...query, period });
