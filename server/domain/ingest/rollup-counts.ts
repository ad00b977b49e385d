/**
 * The counted annunciations of an ingest's rows, summed as the rollups sum them (docs/domain.md): per 10-minute
 * bucket, console and unit, by priority (`alarm_load_10m`), and per UTC day, point, console and unit
 * (`alarm_point_days`); buckets aligned to the epoch in UTC. When an ingest only appends — no stored event
 * changed its counted flag, no operating condition to tag — adding these to the stored rollups gives what
 * rebuilding them over the range would, for a cost that follows the ingest's rows instead of the range's.
 */
import { PRIORITIES, type Priority } from '../../../contract/vocabulary';
import { DAY_MS, TEN_MINUTES_MS } from '../kpi/types';

export interface LoadCount {
  bucketStart: number;
  consoleId: number;
  unitId: number;
  urgent: number;
  high: number;
  medium: number;
  low: number;
}

export interface PointDayCount {
  dayStart: number;
  pointId: number;
  consoleId: number;
  unitId: number;
  annunciations: number;
}

export class RollupCounts {
  private readonly loads = new Map<string, LoadCount>();
  private readonly days = new Map<string, PointDayCount>();

  /** One counted annunciation; `unitId` 0 for none, as the rollups key it. */
  add(time: number, pointId: number, consoleId: number, unitId: number, priority: string): void {
    const bucketStart = Math.floor(time / TEN_MINUTES_MS) * TEN_MINUTES_MS;
    const loadKey = `${bucketStart}|${consoleId}|${unitId}`;
    let load = this.loads.get(loadKey);
    if (!load) {
      load = { bucketStart, consoleId, unitId, urgent: 0, high: 0, medium: 0, low: 0 };
      this.loads.set(loadKey, load);
    }
    if (isPriority(priority)) load[priority] += 1;
    const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
    const dayKey = `${dayStart}|${pointId}|${consoleId}|${unitId}`;
    const day = this.days.get(dayKey);
    if (day) day.annunciations += 1;
    else this.days.set(dayKey, { dayStart, pointId, consoleId, unitId, annunciations: 1 });
  }

  get load(): LoadCount[] {
    return [...this.loads.values()];
  }

  /**
   * By point, then day: the rows are written a few thousand per statement, and the monthly rollup's trigger rewrites
   * each month row a statement touches. In time order every statement touched nearly every point's month (a 10 M
   * year's 60,000 month rows were rewritten 470,000 times, leaving the table eight times its size).
   */
  get pointDays(): PointDayCount[] {
    return [...this.days.values()].sort((a, b) => a.pointId - b.pointId || a.dayStart - b.dayStart);
  }
}

function isPriority(value: string): value is Priority {
  return (PRIORITIES as readonly string[]).includes(value);
}
