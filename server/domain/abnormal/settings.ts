/**
 * 异常报警配置: the KPI thresholds of docs/domain.md and the detection rules, with their defaults and the allowed
 * ranges (contract/kpiSettings.ts).
 */

import type { AbnormalSettings } from '../../../contract/kpiSettings';
import { ABNORMAL_KINDS, type AbnormalKind } from '../../../contract/vocabulary';
import { DEFAULT_FLOOD_CONTRIBUTOR_TOP } from '../kpi/detection';
import { defaultKpiSettings } from '../kpi/types';

export function defaultAbnormalSettings(): AbnormalSettings {
  return {
    kpi: { ...defaultKpiSettings },
    rules: Object.fromEntries(ABNORMAL_KINDS.map((kind) => [kind, true])) as Record<AbnormalKind, boolean>,
    floodContributorTop: DEFAULT_FLOOD_CONTRIBUTOR_TOP,
  };
}

/** Stored settings over the defaults, so a value added later takes its default. */
export function resolveAbnormalSettings(stored: unknown): AbnormalSettings {
  const defaults = defaultAbnormalSettings();
  if (!stored || typeof stored !== 'object') return defaults;
  const value = stored as Partial<AbnormalSettings>;
  return {
    kpi: { ...defaults.kpi, ...value.kpi },
    rules: { ...defaults.rules, ...value.rules },
    floodContributorTop: value.floodContributorTop ?? defaults.floodContributorTop,
  };
}

/** Checks across fields that a schema cannot express; the message names the fields. */
export function settingsProblem(settings: AbnormalSettings): string | undefined {
  if (settings.kpi.floodEnd > settings.kpi.floodStart) {
    return '报警泛滥结束阈值（floodEnd）不能大于开始阈值（floodStart）';
  }
  return undefined;
}
