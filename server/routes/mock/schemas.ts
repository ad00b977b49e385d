import { Type } from 'typebox';
import { SCENARIOS } from '../../domain/simulator';

export const ImportResult = Type.Object({
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() })),
});

/** A client-chosen id for progress polling. */
export const JobQuery = Type.Object({ job: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })) });

export const JobParams = Type.Object({ job: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) });

export const Progress = Type.Object({
  stage: Type.Union([
    Type.Literal('reading'),
    Type.Literal('storing'),
    Type.Literal('done'),
    Type.Literal('failed'),
    Type.Literal('unknown'),
  ]),
  rowsRead: Type.Integer(),
  bytesRead: Type.Integer(),
});

export const MAX_SIMULATED_ROWS = 2_000_000;

export const SimulationBody = Type.Object(
  {
    scenario: Type.Union(SCENARIOS.map((scenario) => Type.Literal(scenario))),
    unit: Type.String({ minLength: 1, maxLength: 200 }),
    console: Type.String({ minLength: 1, maxLength: 200 }),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    /** Background annunciations per hour. */
    ratePerHour: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
    seed: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    /** Points simulated when the unit has none on that console. */
    pointCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
  },
  { additionalProperties: false },
);

export const Batch = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  label: Type.String(),
  parameters: Type.Unknown(),
  eventCount: Type.Integer(),
  duplicates: Type.Integer(),
  firstTime: Type.Union([Type.String(), Type.Null()]),
  lastTime: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
