/**
 * Calendar periods of the improvement board: plant-local weeks (Monday to Monday) and months, as windows
 * covering [from, to); the first and last are clipped to the window, like the engine's buckets.
 */
import { plantDayResolver } from '../../../common/plantDays';
import type { KpiWindow } from '../kpi/types';

export type Period = 'week' | 'month';

function startsPeriod(key: string, period: Period): boolean {
  const [year, month, day] = key.split('-').map(Number);
  if (period === 'month') return day === 1;
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 1;
}

export function periodWindows({ from, to }: KpiWindow, period: Period, timeZone: string): KpiWindow[] {
  const windows: KpiWindow[] = [];
  if (to <= from) return windows;
  const dayOf = plantDayResolver(timeZone);
  let start = from;
  for (let day = dayOf(from).end; day < to; day = dayOf(day).end) {
    if (startsPeriod(dayOf(day).key, period)) {
      windows.push({ from: start, to: day });
      start = day;
    }
  }
  windows.push({ from: start, to });
  return windows;
}
