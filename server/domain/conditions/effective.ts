/**
 * State-based alarming (docs/domain.md, "Operating conditions"): the effective setting of a point under a
 * condition is its base setting with the condition's override on top, and the condition in force at a time
 * is the unit's latest switch at or before it.
 */
import type { ConditionOverrideInput, PointSettings } from '../../../contract/moc';

export type OverrideValues = Omit<ConditionOverrideInput, 'pointId'>;

/** Base settings with every non-null override applied. */
export function effectiveSettings(base: PointSettings, override: OverrideValues | null | undefined): PointSettings {
  if (!override) return { ...base };
  return {
    limitValue: override.limitValue ?? base.limitValue,
    priority: override.priority ?? base.priority,
    deadband: override.deadband ?? base.deadband,
    onDelaySeconds: override.onDelaySeconds ?? base.onDelaySeconds,
    offDelaySeconds: override.offDelaySeconds ?? base.offDelaySeconds,
    enabled: override.enabled ?? base.enabled,
  };
}

export interface SwitchPoint {
  conditionId: number;
  /** Epoch milliseconds. */
  switchedAt: number;
}

/** The condition in force at `time`: the latest switch at or before it (a later-listed one wins a tie). */
export function conditionAt(switches: readonly SwitchPoint[], time: number): number | null {
  let found: SwitchPoint | undefined;
  for (const candidate of switches) {
    if (candidate.switchedAt <= time && (!found || candidate.switchedAt >= found.switchedAt)) found = candidate;
  }
  return found?.conditionId ?? null;
}
