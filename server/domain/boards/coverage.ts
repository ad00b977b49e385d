/**
 * 系统改进看板's rationalization figures: coverage (points 已确认 / points) per unit at the end of each period,
 * summed from the steps the repository reads; and the priority split of the whole window from its periods'.
 */
import type { UnitCoverage } from '../../../contract/boards';
import type { KpiSummary } from '../../../contract/kpi';
import { PRIORITIES, type Priority } from '../../../contract/vocabulary';

type PriorityDistribution = KpiSummary['priorityDistribution'];

/** One unit's change of coverage in one bucket of the period ends (0: before the first end; n: after the last). */
export interface CoverageStep {
  unit: string | null;
  bucket: number;
  confirmed: number;
  total: number;
}

/**
 * Per unit, the points confirmed and the points in the library at each of `periods` ends: the sum of the steps
 * before that end. Units that had no point at any end are left out; the order of the steps' units is kept.
 */
export function coverageSeries(steps: readonly CoverageStep[], periods: number): UnitCoverage[] {
  const byUnit = new Map<string | null, UnitCoverage>();
  for (const step of steps) {
    let unit = byUnit.get(step.unit);
    if (!unit) {
      unit = { unit: step.unit, confirmed: Array(periods).fill(0), total: Array(periods).fill(0) };
      byUnit.set(step.unit, unit);
    }
    for (let end = Math.max(step.bucket, 0); end < periods; end++) {
      unit.confirmed[end] += step.confirmed;
      unit.total[end] += step.total;
    }
  }
  return [...byUnit.values()].filter((unit) => unit.total.some((total) => total > 0));
}

/** The window's shares of annunciations by priority, from its periods' shares weighted by their annunciations. */
export function windowPrioritySplit(
  periods: readonly { annunciations: number; priorityDistribution: PriorityDistribution }[],
): PriorityDistribution {
  const total = periods.reduce((sum, period) => sum + period.annunciations, 0);
  const share = (priority: Priority) =>
    total === 0
      ? 0
      : periods.reduce((sum, period) => sum + period.priorityDistribution[priority] * period.annunciations, 0) / total;
  return Object.fromEntries(PRIORITIES.map((priority) => [priority, share(priority)])) as PriorityDistribution;
}
