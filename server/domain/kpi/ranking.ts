import type { AlarmPointRef } from './types';

/**
 * Order of ranked alarm points: count descending, then tag, then condition ascending. Plain code-unit
 * comparison, not locale collation, so the order is the same on every machine.
 */
export function byCountThenPoint<T extends AlarmPointRef & { count: number }>(a: T, b: T): number {
  if (a.count !== b.count) return b.count - a.count;
  if (a.tag !== b.tag) return a.tag < b.tag ? -1 : 1;
  if (a.condition !== b.condition) return a.condition < b.condition ? -1 : 1;
  return 0;
}

/** The `limit` highest-ranked entries (all of them when fewer), ranked by `byCountThenPoint`. */
export function topRanked<T extends AlarmPointRef & { count: number }>(entries: readonly T[], limit: number): T[] {
  return [...entries].sort(byCountThenPoint).slice(0, limit);
}
