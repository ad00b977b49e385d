/**
 * 异常报警配置: the KPI thresholds of domain.md and the detection rules, with their defaults and the allowed
 * ranges (the caps of server/domain/ingest/replay.ts bound the time windows).
 */

import { CHATTER_MAX_SECONDS, FLEETING_MAX_SECONDS, STALE_MIN_HOURS } from '../ingest/replay';
import { ABNORMAL_KINDS, type AbnormalKind, DEFAULT_FLOOD_CONTRIBUTOR_TOP } from '../kpi/detection';
import { defaultKpiSettings, type KpiSettings } from '../kpi/types';

export interface AbnormalSettings {
  kpi: KpiSettings;
  /** Detection rules switched on. */
  rules: Record<AbnormalKind, boolean>;
  /** A point is a flood contributor when among this many top points of a flood. */
  floodContributorTop: number;
}

export const SETTING_RANGES: Readonly<Record<keyof KpiSettings | 'floodContributorTop', [number, number]>> = {
  overloadThreshold: [1, 10_000],
  floodStart: [1, 10_000],
  floodEnd: [1, 10_000],
  chatterCount: [2, 20],
  chatterSeconds: [1, CHATTER_MAX_SECONDS],
  fleetingSeconds: [1, FLEETING_MAX_SECONDS],
  staleHours: [STALE_MIN_HOURS, 24 * 30],
  frequentPerDay: [1, 100_000],
  floodContributorTop: [1, 50],
};

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
