/**
 * Optimisation targets (优化目标设置) and how a KPI value is judged against them, shared by the boards and
 * the server's exports so both say the same 达标 / 预警 / 超标. No KPI is computed here: the values come
 * from the KPI engine (server/domain/kpi); this only compares them.
 */
import type { KpiTargets, TargetSettings } from '../contract/boards';
import { type KpiDirection, type OperatingLevel, TARGET_KPIS, type TargetKpi } from '../contract/vocabulary';

export interface KpiDefinition {
  label: string;
  unit: string;
  /** Decimals shown on screen (the API never rounds). */
  decimals: number;
}

export const KPI_DEFINITIONS: Readonly<Record<TargetKpi, KpiDefinition>> = {
  avgPer10Min: { label: '平均报警率', unit: '次/10分钟', decimals: 2 },
  peak10Min: { label: '峰值报警率', unit: '次/10分钟', decimals: 0 },
  pctPeriodsOver: { label: '过载时段占比', unit: '%', decimals: 2 },
  pctTimeInFlood: { label: '报警泛滥时间占比', unit: '%', decimals: 2 },
  top10Share: { label: '前十报警占比', unit: '%', decimals: 2 },
  chatteringCount: { label: '颤振报警点数', unit: '个', decimals: 0 },
  fleetingCount: { label: '瞬时报警点数', unit: '个', decimals: 0 },
  staleCount: { label: '长时报警点数', unit: '个', decimals: 0 },
};

/**
 * docs/domain.md's defaults: EEMUA 191 average < 1 per 10 min and peak ≤ 10; ISA-18.2 periods over and time in
 * flood < 1 %, top-10 share ≤ 5 % (the upper end of 1–5 %), chattering and fleeting 0, stale < 5.
 */
export const DEFAULT_KPI_TARGETS: Readonly<KpiTargets> = Object.freeze({
  avgPer10Min: 1,
  peak10Min: 10,
  pctPeriodsOver: 1,
  pctTimeInFlood: 1,
  top10Share: 5,
  chatteringCount: 0,
  fleetingCount: 0,
  staleCount: 5,
});

export const DEFAULT_WARN_FACTOR = 1.5;
export const DEFAULT_SILENCE_MINUTES = 60;

export function defaultTargetSettings(): TargetSettings {
  return {
    plant: { ...DEFAULT_KPI_TARGETS },
    units: {},
    consoles: {},
    warnFactor: DEFAULT_WARN_FACTOR,
    silenceMinutes: DEFAULT_SILENCE_MINUTES,
  };
}

/** Stored settings over the defaults, so a target added later takes its default. */
export function resolveTargetSettings(stored: unknown): TargetSettings {
  const defaults = defaultTargetSettings();
  if (!stored || typeof stored !== 'object') return defaults;
  const value = stored as Partial<TargetSettings>;
  return {
    plant: { ...defaults.plant, ...value.plant },
    units: value.units ?? {},
    consoles: value.consoles ?? {},
    warnFactor: value.warnFactor ?? defaults.warnFactor,
    silenceMinutes: value.silenceMinutes ?? defaults.silenceMinutes,
  };
}

/** The targets that apply to a scope: plant default, then the unit's overrides, then the console's. */
export function effectiveTargets(settings: TargetSettings, scope: { unit?: string; console?: string }): KpiTargets {
  return {
    ...settings.plant,
    ...(scope.unit ? settings.units[scope.unit] : undefined),
    ...(scope.console ? settings.consoles[scope.console] : undefined),
  };
}

export type KpiStatus = 'ok' | 'warning' | 'exceeded';

export const KPI_STATUS_LABELS: Readonly<Record<KpiStatus, string>> = { ok: '达标', warning: '预警', exceeded: '超标' };

/** 达标 at or below the target, 预警 up to target × warnFactor, 超标 above (lower is better for every KPI). */
export function kpiStatus(value: number, target: number, warnFactor: number = DEFAULT_WARN_FACTOR): KpiStatus {
  if (value <= target) return 'ok';
  return value <= target * warnFactor ? 'warning' : 'exceeded';
}

/** Change from `before` to `after` of a lower-is-better KPI (对比优化看板). */
export function kpiChange(before: number, after: number): { delta: number; direction: KpiDirection } {
  const delta = after - before;
  return { delta, direction: delta < 0 ? 'better' : delta > 0 ? 'worse' : 'same' };
}

export interface OperatingLevelBound {
  level: OperatingLevel;
  label: string;
  /** The level holds while the average per 10 min is below `avgBelow` and the 10-min peak below `peakBelow`. */
  avgBelow: number;
  peakBelow: number;
}

/**
 * EEMUA 191 (3rd ed.) alarm-system operating levels, drawn as nested regions of average alarm rate against
 * peak alarm rate per 10 minutes. Bounds from its rate guidance as docs/domain.md quotes it: average < 1 "very
 * likely acceptable", ≤ 2 manageable, 1 per 2 min (5) over-demanding, > 1 per min (10) unacceptable; peak
 * < 10 manageable, 20–100 hard to cope with, > 100 excessive. Best level first.
 */
export const OPERATING_LEVELS: readonly OperatingLevelBound[] = [
  { level: 'predictive', label: '可预测', avgBelow: 1, peakBelow: 10 },
  { level: 'robust', label: '稳健', avgBelow: 2, peakBelow: 20 },
  { level: 'stable', label: '稳定', avgBelow: 5, peakBelow: 100 },
  { level: 'reactive', label: '被动响应', avgBelow: 10, peakBelow: Number.POSITIVE_INFINITY },
  { level: 'overloaded', label: '过载', avgBelow: Number.POSITIVE_INFINITY, peakBelow: Number.POSITIVE_INFINITY },
];

/** The best EEMUA operating level whose region holds the (average, peak) point. */
export function operatingLevel(avgPer10Min: number, peak10Min: number): OperatingLevelBound {
  return OPERATING_LEVELS.find(
    (bound) => avgPer10Min < bound.avgBelow && peak10Min < bound.peakBelow,
  ) as OperatingLevelBound;
}

export interface KpiJudgement {
  kpi: TargetKpi;
  value: number;
  target: number;
  status: KpiStatus;
}

/** Every targeted KPI of a summary against its target, in TARGET_KPIS order. */
export function judgeKpis(
  values: Readonly<Record<TargetKpi, number>>,
  targets: Readonly<KpiTargets>,
  warnFactor: number,
): KpiJudgement[] {
  return TARGET_KPIS.map((kpi) => ({
    kpi,
    value: values[kpi],
    target: targets[kpi],
    status: kpiStatus(values[kpi], targets[kpi], warnFactor),
  }));
}

/** A KPI value as the boards show it: rounded to its decimals (percentages stay 0–100). */
export function formatKpi(kpi: TargetKpi, value: number): string {
  return value.toFixed(KPI_DEFINITIONS[kpi].decimals);
}
