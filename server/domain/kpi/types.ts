/**
 * Vocabulary of the alarm KPI engine (domain.md, "KPIs (definition v1)"). Times are epoch milliseconds
 * (UTC) everywhere inside the engine; only the API-shaped summary turns them into ISO strings.
 */

export const EVENT_TYPES = ['ALM', 'RTN', 'ACK', 'SHLV', 'UNSHLV', 'SUPP', 'UNSUPP', 'OOS', 'INS'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Ordered from most to least urgent; the index is used as a compact code in hot loops. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

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

/** Named thresholds of domain.md; stored in the abnormal-alarm configuration, never literals in code. */
export interface KpiSettings {
  /** A 10-minute bucket with more annunciations than this is an overloaded period. */
  overloadThreshold: number;
  /** A flood starts at a bucket with more annunciations than this. */
  floodStart: number;
  /** A flood continues while a bucket holds at least this many annunciations. */
  floodEnd: number;
  /** Annunciations of one point within `chatterSeconds` that make it chattering. */
  chatterCount: number;
  chatterSeconds: number;
  /** An annunciation followed by its RTN in less than this is fleeting. */
  fleetingSeconds: number;
  /** Continuously active for at least this long is stale (standing). */
  staleHours: number;
  /** More annunciations than this in one plant day make a point frequent (bad actor). */
  frequentPerDay: number;
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
