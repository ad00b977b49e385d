/** 优化目标设置's form: the plant's targets, then one row per unit or console override. */
import type { KpiTargets, TargetSettings } from '@contract/boards';

/** One override row of the form: a scope (`unit:<name>` or `console:<name>`) and the targets it changes. */
export type OverrideRow = { scope: string } & Partial<Record<keyof KpiTargets, number | null>>;

export interface TargetsForm {
  plant: KpiTargets;
  warnFactor: number;
  silenceMinutes: number;
  overrides: OverrideRow[];
}

export function toForm(settings: TargetSettings): TargetsForm {
  const rows = (kind: 'unit' | 'console', byName: Record<string, Partial<KpiTargets>>) =>
    Object.entries(byName).map(([name, targets]) => ({ scope: `${kind}:${name}`, ...targets }));
  return {
    plant: settings.plant,
    warnFactor: settings.warnFactor,
    silenceMinutes: settings.silenceMinutes,
    overrides: [...rows('unit', settings.units), ...rows('console', settings.consoles)],
  };
}

/** The form back into settings; an override's empty fields inherit (they are left out). */
export function fromForm(form: TargetsForm): TargetSettings {
  const settings: TargetSettings = {
    plant: form.plant,
    warnFactor: form.warnFactor,
    silenceMinutes: form.silenceMinutes,
    units: {},
    consoles: {},
  };
  for (const { scope, ...targets } of form.overrides ?? []) {
    const [kind, ...rest] = scope.split(':');
    const set = Object.fromEntries(
      Object.entries(targets).filter(([, value]) => typeof value === 'number'),
    ) as Partial<KpiTargets>;
    (kind === 'unit' ? settings.units : settings.consoles)[rest.join(':')] = set;
  }
  return settings;
}
