/** Builders of hand-written journals for the KPI engine tests. */
import type { Priority } from '../../../contract/vocabulary';
import type { EventType, JournalEvent } from '../../../server/domain/kpi/types';

/** The test day; times are written as UTC wall-clock `HH:mm[:ss[.SSS]]`. */
export const DAY = '2024-03-04';

/** Epoch ms of `hms` (UTC) on `day`. */
export function at(hms: string, day: string = DAY): number {
  const time = Date.parse(`${day}T${hms}Z`);
  if (Number.isNaN(time)) throw new Error(`bad test time ${day} ${hms}`);
  return time;
}

/** ISO string of `hms` (UTC) on `day`, as the summary reports times. */
export function iso(hms: string, day: string = DAY): string {
  return new Date(at(hms, day)).toISOString();
}

export function ev(
  time: number,
  tag: string,
  event: EventType = 'ALM',
  condition = 'PVHI',
  priority: Priority = 'low',
): JournalEvent {
  return { time, tag, condition, event, priority };
}

/** An annunciation candidate. */
export function alm(time: number, tag: string, condition = 'PVHI', priority: Priority = 'low'): JournalEvent {
  return ev(time, tag, 'ALM', condition, priority);
}

/** Events sorted by time, stable for events at the same instant (their written order is kept). */
export function journal(...groups: (JournalEvent | JournalEvent[])[]): JournalEvent[] {
  return groups.flat().sort((a, b) => a.time - b.time);
}

/** `count` ALMs of one point from `start`, `stepMs` apart. */
export function almSeries(
  tag: string,
  start: number,
  count: number,
  stepMs: number,
  condition = 'PVHI',
): JournalEvent[] {
  return Array.from({ length: count }, (_, i) => alm(start + i * stepMs, tag, condition));
}

/** Tags P01, P02, … for distinct alarm points. */
export function tagNo(n: number, prefix = 'P'): string {
  return `${prefix}${String(n).padStart(2, '0')}`;
}
