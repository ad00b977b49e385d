import {
  DEFAULT_KPI_TARGETS,
  defaultTargetSettings,
  effectiveTargets,
  judgeKpis,
  kpiChange,
  kpiStatus,
  OPERATING_LEVELS,
  operatingLevel,
  resolveTargetSettings,
} from '../../../common/kpiTargets';
import { TARGET_KPIS } from '../../../contract/vocabulary';

describe('KPI status against a target (lower is better)', () => {
  it('is 达标 up to the target, 预警 up to target × warnFactor, 超标 beyond', () => {
    expect(kpiStatus(10, 10, 1.5)).toBe('ok');
    expect(kpiStatus(10.01, 10, 1.5)).toBe('warning');
    expect(kpiStatus(15, 10, 1.5)).toBe('warning');
    expect(kpiStatus(15.01, 10, 1.5)).toBe('exceeded');
  });

  it('leaves no warning band around a zero target', () => {
    expect(kpiStatus(0, 0)).toBe('ok');
    expect(kpiStatus(1, 0)).toBe('exceeded');
  });

  it('judges every targeted KPI of a summary in one order', () => {
    const values = { ...DEFAULT_KPI_TARGETS, avgPer10Min: 1.2, peak10Min: 40 };
    const judged = judgeKpis(values, DEFAULT_KPI_TARGETS, 1.5);
    expect(judged.map((row) => row.kpi)).toEqual([...TARGET_KPIS]);
    expect(judged[0]).toEqual({ kpi: 'avgPer10Min', value: 1.2, target: 1, status: 'warning' });
    expect(judged[1].status).toBe('exceeded');
    expect(judged.slice(2).every((row) => row.status === 'ok')).toBe(true);
  });

  it('calls a drop better and a rise worse', () => {
    expect(kpiChange(10, 4)).toEqual({ delta: -6, direction: 'better' });
    expect(kpiChange(4, 10)).toEqual({ delta: 6, direction: 'worse' });
    expect(kpiChange(3, 3)).toEqual({ delta: 0, direction: 'same' });
  });
});

describe('targets per scope', () => {
  it('defaults are those of docs/domain.md', () => {
    expect(DEFAULT_KPI_TARGETS).toEqual({
      avgPer10Min: 1,
      peak10Min: 10,
      pctPeriodsOver: 1,
      pctTimeInFlood: 1,
      top10Share: 5,
      chatteringCount: 0,
      fleetingCount: 0,
      staleCount: 5,
    });
  });

  it('a console overrides its unit, a unit the plant', () => {
    const settings = {
      ...defaultTargetSettings(),
      units: { U1: { avgPer10Min: 2, peak10Min: 20 } },
      consoles: { C1: { avgPer10Min: 3 } },
    };
    expect(effectiveTargets(settings, {})).toEqual(DEFAULT_KPI_TARGETS);
    expect(effectiveTargets(settings, { unit: 'U1' })).toMatchObject({ avgPer10Min: 2, peak10Min: 20, top10Share: 5 });
    expect(effectiveTargets(settings, { unit: 'U1', console: 'C1' })).toMatchObject({ avgPer10Min: 3, peak10Min: 20 });
    expect(effectiveTargets(settings, { console: 'other' })).toEqual(DEFAULT_KPI_TARGETS);
  });

  it('stored settings missing a value take its default', () => {
    expect(resolveTargetSettings(undefined)).toEqual(defaultTargetSettings());
    const stored = resolveTargetSettings({ plant: { peak10Min: 12 }, consoles: { C1: {} } });
    expect(stored.plant).toEqual({ ...DEFAULT_KPI_TARGETS, peak10Min: 12 });
    expect(stored).toMatchObject({ warnFactor: 1.5, silenceMinutes: 60, units: {}, consoles: { C1: {} } });
  });
});

describe('EEMUA 191 operating levels', () => {
  it('are nested regions from predictive to overloaded', () => {
    expect(OPERATING_LEVELS.map((bound) => bound.level)).toEqual([
      'predictive',
      'robust',
      'stable',
      'reactive',
      'overloaded',
    ]);
    expect(operatingLevel(0.5, 5).level).toBe('predictive');
    expect(operatingLevel(0.5, 15).level).toBe('robust');
    expect(operatingLevel(1.5, 9).level).toBe('robust');
    expect(operatingLevel(2, 9).level).toBe('stable');
    expect(operatingLevel(0.5, 150).level).toBe('reactive');
    expect(operatingLevel(6, 12).level).toBe('reactive');
    expect(operatingLevel(10, 12).level).toBe('overloaded');
    expect(operatingLevel(0, 0).label).toBe('可预测');
  });
});
