/** Schemas the board endpoints share. */
import { Type } from 'typebox';
import { TARGET_KPIS, type TargetKpi } from '../../../common/kpiTargets';

const Target = Type.Number({ minimum: 0, maximum: 1_000_000 });

export const Targets = Type.Object(
  Object.fromEntries(TARGET_KPIS.map((kpi) => [kpi, Target])) as Record<TargetKpi, typeof Target>,
  { additionalProperties: false },
);

export const PartialTargets = Type.Partial(Targets, { additionalProperties: false });

export const TargetSettings = Type.Object(
  {
    plant: Targets,
    units: Type.Record(Type.String({ minLength: 1, maxLength: 200 }), PartialTargets),
    consoles: Type.Record(Type.String({ minLength: 1, maxLength: 200 }), PartialTargets),
    warnFactor: Type.Number({ minimum: 1, maximum: 10 }),
    silenceMinutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 }),
  },
  { additionalProperties: false },
);

/** One row of a KPI table: the summary without its lists, the number of floods instead of the floods. */
export const Figures = Type.Object({
  annunciations: Type.Integer(),
  avgPer10Min: Type.Number(),
  avgPerHour: Type.Number(),
  avgPerDay: Type.Number(),
  periodsOver: Type.Integer(),
  pctPeriodsOver: Type.Number(),
  peak10Min: Type.Integer(),
  peak10MinAt: Type.Union([Type.String(), Type.Null()]),
  floods: Type.Integer(),
  pctTimeInFlood: Type.Number(),
  top10Share: Type.Number(),
  chatteringCount: Type.Integer(),
  fleetingCount: Type.Integer(),
  staleCount: Type.Integer(),
  priorityDistribution: Type.Object({
    urgent: Type.Number(),
    high: Type.Number(),
    medium: Type.Number(),
    low: Type.Number(),
  }),
});

export const ScopeOptions = Type.Object({
  units: Type.Array(Type.String()),
  consoles: Type.Array(Type.String()),
  conditions: Type.Array(Type.String()),
});

export const Judgement = {
  targets: Targets,
  warnFactor: Type.Number(),
};
