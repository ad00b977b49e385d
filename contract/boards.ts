/**
 * 报警看板 and 优化管理's boards (docs/api.md): each under its route's path and view permission, with the
 * toolbar's scope options at `<path>/scopes` and its table as a workbook at `<path>/export`; and
 * 优化目标设置 `/alarm/op/config`, the KPI targets per scope.
 */
import { type Static, type TNumber, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, withDefault } from './http';
import { BoardQuery, Flood, KpiSummary, PriorityDistribution, WindowQuery } from './kpi';
import {
  IMPROVEMENT_PERIODS,
  KPI_DIRECTIONS,
  OPERATING_LEVELS,
  PRIORITIES,
  TARGET_KPIS,
  type TargetKpi,
} from './vocabulary';

const Target = Type.Number({ minimum: 0, maximum: 1_000_000 });

export const KpiTargets = Type.Object(
  Object.fromEntries(TARGET_KPIS.map((kpi) => [kpi, Target])) as Record<TargetKpi, TNumber>,
  { additionalProperties: false },
);
export type KpiTargets = Static<typeof KpiTargets>;

const PartialTargets = Type.Partial(KpiTargets, { additionalProperties: false });

const ScopeName = Type.String({ minLength: 1, maxLength: 200 });

export const TargetSettings = Type.Object(
  {
    /** Plant default for every KPI. */
    plant: KpiTargets,
    /** Overrides per unit name, then per console name (a console's override wins over its unit's). */
    units: Type.Record(ScopeName, PartialTargets),
    consoles: Type.Record(ScopeName, PartialTargets),
    /** 预警 while value ≤ target × warnFactor. */
    warnFactor: Type.Number({ minimum: 1, maximum: 10 }),
    /** 系统运行看板 warns when a console has had no event for this many minutes. */
    silenceMinutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 }),
  },
  { additionalProperties: false },
);
export type TargetSettings = Static<typeof TargetSettings>;

export const ScopeOptions = Type.Object({
  units: Type.Array(Type.String()),
  consoles: Type.Array(Type.String()),
  conditions: Type.Array(Type.String()),
});
export type ScopeOptions = Static<typeof ScopeOptions>;

/** One row of a KPI table: the summary without its lists, the number of floods instead of the floods. */
export const KpiFigures = Type.Object({
  ...Type.Omit(KpiSummary, ['from', 'to', 'floods', 'top10']).properties,
  floods: Type.Integer(),
});
export type KpiFigures = Static<typeof KpiFigures>;

/** The targets of the board's scope and the factor of 预警. */
const Judged = { targets: KpiTargets, warnFactor: Type.Number() };

const Level = Type.Object({ level: Type.Enum(OPERATING_LEVELS), label: Type.String() });

export const PriorityLook = Type.Object({
  code: Type.Enum(PRIORITIES),
  name: Type.String(),
  color: Type.String(),
  targetShare: Type.Number(),
});
export type PriorityLook = Static<typeof PriorityLook>;

/** 报警总览: the engine's summary with the scope's targets and open abnormal alarms. */
export const Overview = Type.Object({
  summary: KpiSummary,
  ...Judged,
  openAbnormal: Type.Integer(),
  /** The 10-per-10-minute line of the trend. */
  overloadThreshold: Type.Integer(),
  priorities: Type.Array(PriorityLook),
  /** Points of the scope whose priority differs from the matrix's suggestion (报警列表's 优先级不一致). */
  priorityMismatches: Type.Integer(),
});
export type Overview = Static<typeof Overview>;

export const ConsolePerformance = Type.Object({
  console: Type.String(),
  figures: KpiFigures,
  targets: KpiTargets,
  level: Level,
});
export type ConsolePerformance = Static<typeof ConsolePerformance>;

/** 报警性能看板: ISA-18.2 table per console with its targets, EEMUA level, rate histogram, floods. */
export const Performance = Type.Object({
  consoles: Type.Array(ConsolePerformance),
  scope: Type.Object({ figures: KpiFigures, targets: KpiTargets, level: Level }),
  warnFactor: Type.Number(),
  /** Bucket counts in [min, max]; max null for the open last bin. */
  histogram: Type.Array(
    Type.Object({ min: Type.Integer(), max: Type.Union([Type.Integer(), Type.Null()]), periods: Type.Integer() }),
  ),
  floods: Type.Array(Flood),
});
export type Performance = Static<typeof Performance>;

export const EquipmentLoad = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  unit: Type.String(),
  equipmentType: Type.String(),
  annunciations: Type.Integer(),
  byCondition: Type.Record(Type.String(), Type.Integer()),
});
export type EquipmentLoad = Static<typeof EquipmentLoad>;

/** 设备报警看板: load per equipment (by condition) and equipment × plant day of the most loaded. */
export const EquipmentBoard = Type.Object({
  equipment: Type.Array(EquipmentLoad),
  /** cells[e][d]: annunciations of equipmentIds[e] on days[d]. */
  heatmap: Type.Object({
    equipmentIds: Type.Array(Type.Integer()),
    days: Type.Array(Type.String()),
    cells: Type.Array(Type.Array(Type.Integer())),
  }),
});
export type EquipmentBoard = Static<typeof EquipmentBoard>;

export const EquipmentQuery = Type.Object({ from: WindowQuery.from, to: WindowQuery.to, equipmentId: Id });

export const EquipmentDetail = Type.Object({
  points: Type.Array(
    Type.Object({
      tag: Type.String(),
      condition: Type.String(),
      description: Type.String(),
      priority: Type.String(),
      annunciations: Type.Integer(),
    }),
  ),
  events: Type.Array(
    Type.Object({
      time: Type.String(),
      tag: Type.String(),
      condition: Type.String(),
      event: Type.String(),
      priority: Type.String(),
    }),
  ),
});
export type EquipmentDetail = Static<typeof EquipmentDetail>;

export const RunQuery = Type.Object({ console: WindowQuery.console, unit: WindowQuery.unit });
export type RunQuery = Static<typeof RunQuery>;

export const ConsoleLiveState = Type.Object({
  console: Type.String(),
  active: Type.Integer(),
  unacked: Type.Integer(),
  shelved: Type.Integer(),
  suppressed: Type.Integer(),
  outOfService: Type.Integer(),
  standing: Type.Integer(),
  lastEventAt: Type.Union([Type.String(), Type.Null()]),
});
export type ConsoleLiveState = Static<typeof ConsoleLiveState>;

export const ConsoleRun = Type.Object({
  ...ConsoleLiveState.properties,
  /** No event for longer than `silenceMinutes`. */
  silent: Type.Boolean(),
  lastHour: Type.Object({ annunciations: Type.Integer(), avgPer10Min: Type.Number(), target: Type.Number() }),
});
export type ConsoleRun = Static<typeof ConsoleRun>;

/** 系统运行看板: live state per console, last hour against the target, data freshness. */
export const SystemRun = Type.Object({
  now: Type.String(),
  silenceMinutes: Type.Integer(),
  warnFactor: Type.Number(),
  consoles: Type.Array(ConsoleRun),
  openAbnormal: Type.Integer(),
});
export type SystemRun = Static<typeof SystemRun>;

export const ImprovementQuery = Type.Object({
  ...WindowQuery,
  period: withDefault(Type.Enum(IMPROVEMENT_PERIODS), 'week'),
});
export type ImprovementQuery = Static<typeof ImprovementQuery>;

export const PeriodCounts = Type.Object({
  /** Abnormal alarms first seen in the period, and those handled in it. */
  found: Type.Integer(),
  handled: Type.Integer(),
  /** Alarm library edits made directly, outside change management. */
  outsideMoc: Type.Integer(),
});
export type PeriodCounts = Static<typeof PeriodCounts>;

export const PeriodRow = Type.Object({
  start: Type.String(),
  end: Type.String(),
  figures: KpiFigures,
  ...PeriodCounts.properties,
});
export type PeriodRow = Static<typeof PeriodRow>;

export const AppliedChange = Type.Object({
  changeRequestId: Type.Integer(),
  title: Type.String(),
  appliedAt: Type.String(),
});
export type AppliedChange = Static<typeof AppliedChange>;

/** Rationalization coverage of one unit (null: points without one) at the end of each period of the board. */
export const UnitCoverage = Type.Object({
  unit: Type.Union([Type.String(), Type.Null()]),
  /** Points 已确认 then, per period. */
  confirmed: Type.Array(Type.Integer()),
  /** Points in the library then (removed ones left out), per period. */
  total: Type.Array(Type.Integer()),
});
export type UnitCoverage = Static<typeof UnitCoverage>;

/**
 * 系统改进看板: KPI per week or month, abnormal alarms found vs handled, changes outside MOC, applied changes,
 * rationalization coverage per unit over the periods, and the window's annunciations by priority against the
 * priorities' target shares.
 */
export const Improvement = Type.Object({
  periods: Type.Array(PeriodRow),
  appliedChanges: Type.Array(AppliedChange),
  coverage: Type.Array(UnitCoverage),
  prioritySplit: PriorityDistribution,
  priorities: Type.Array(PriorityLook),
  ...Judged,
});
export type Improvement = Static<typeof Improvement>;

/** 对比优化看板: side a (before) and side b (after), each a window and a scope, and one condition. */
const side = <const P extends 'a' | 'b'>(prefix: P) =>
  ({
    [`${prefix}From`]: WindowQuery.from,
    [`${prefix}To`]: WindowQuery.to,
    [`${prefix}Console`]: WindowQuery.console,
    [`${prefix}Unit`]: WindowQuery.unit,
  }) as {
    [K in `${P}From` | `${P}To`]: typeof WindowQuery.from;
  } & {
    [K in `${P}Console` | `${P}Unit`]: typeof WindowQuery.console;
  };
export const ComparisonQuery = Type.Object({ ...side('a'), ...side('b'), condition: WindowQuery.condition });
export type ComparisonQuery = Static<typeof ComparisonQuery>;

/** One alarm point's annunciations in both windows. */
export const PointDelta = Type.Object({
  tag: Type.String(),
  condition: Type.String(),
  description: Type.String(),
  before: Type.Integer(),
  after: Type.Integer(),
  delta: Type.Integer(),
});
export type PointDelta = Static<typeof PointDelta>;

const Side = Type.Object({ figures: KpiFigures, targets: KpiTargets });

export const Comparison = Type.Object({
  a: Side,
  b: Side,
  warnFactor: Type.Number(),
  kpis: Type.Array(
    Type.Object({
      kpi: Type.Enum(['annunciations', ...TARGET_KPIS] as const),
      before: Type.Number(),
      after: Type.Number(),
      delta: Type.Number(),
      direction: Type.Enum(KPI_DIRECTIONS),
    }),
  ),
  points: Type.Array(PointDelta),
  gains: Type.Array(PointDelta),
  regressions: Type.Array(PointDelta),
});
export type Comparison = Static<typeof Comparison>;

export const TargetsAnswer = Type.Object({ settings: TargetSettings, defaults: TargetSettings, options: ScopeOptions });
export type TargetsAnswer = Static<typeof TargetsAnswer>;

/** The boards by their route path, for their scope options. */
export const BOARD_PATHS = [
  '/alarm/board/over',
  '/alarm/board/performance',
  '/alarm/board/eq',
  '/alarm/op/system/run',
  '/alarm/op/system/improve',
  '/alarm/op/optimize',
] as const;
export type BoardPath = (typeof BOARD_PATHS)[number];

const scopes = <const P extends BoardPath>(path: P) => endpoint('GET', `${path}/scopes`, { response: ScopeOptions });

export const boardEndpoints = {
  overScopes: scopes('/alarm/board/over'),
  over: endpoint('GET', '/alarm/board/over', { query: BoardQuery, response: Overview }),
  overExport: endpoint('GET', '/alarm/board/over/export', { query: BoardQuery }),
  performanceScopes: scopes('/alarm/board/performance'),
  performance: endpoint('GET', '/alarm/board/performance', { query: BoardQuery, response: Performance }),
  performanceExport: endpoint('GET', '/alarm/board/performance/export', { query: BoardQuery }),
  equipmentScopes: scopes('/alarm/board/eq'),
  equipment: endpoint('GET', '/alarm/board/eq', { query: BoardQuery, response: EquipmentBoard }),
  equipmentExport: endpoint('GET', '/alarm/board/eq/export', { query: BoardQuery }),
  equipmentDetail: endpoint('GET', '/alarm/board/eq/points', { query: EquipmentQuery, response: EquipmentDetail }),
  runScopes: scopes('/alarm/op/system/run'),
  run: endpoint('GET', '/alarm/op/system/run', { query: RunQuery, response: SystemRun }),
  runExport: endpoint('GET', '/alarm/op/system/run/export', { query: RunQuery }),
  improvementScopes: scopes('/alarm/op/system/improve'),
  improvement: endpoint('GET', '/alarm/op/system/improve', { query: ImprovementQuery, response: Improvement }),
  improvementExport: endpoint('GET', '/alarm/op/system/improve/export', { query: ImprovementQuery }),
  comparisonScopes: scopes('/alarm/op/optimize'),
  comparison: endpoint('GET', '/alarm/op/optimize', { query: ComparisonQuery, response: Comparison }),
  comparisonExport: endpoint('GET', '/alarm/op/optimize/export', { query: ComparisonQuery }),
  targets: endpoint('GET', '/alarm/op/config', { response: TargetsAnswer }),
  saveTargets: endpoint('PUT', '/alarm/op/config', { body: TargetSettings, response: TargetsAnswer }),
};
