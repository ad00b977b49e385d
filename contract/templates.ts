/**
 * 报警模板 `/alarm/template/list` (templates listed, exported, opened with their items, created, updated
 * with their items replaced whole, deleted; their items' rationalization written to the points of the type)
 * and 模板评估 `/alarm/op/evaluate` (every equipment of a template's type against it, with deviations and
 * scores; exported), with the choices of their forms.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, IdParams, Nullable, pageOf, pageQueryProperties, Timestamp } from './http';
import { Removed } from './moc';
import { COMPARED_FIELDS, DEVIATION_KINDS, LIMIT_MODES, PRIORITIES, SEVERITY_LEVELS } from './vocabulary';

const Priority = Type.Enum(PRIORITIES);
const LimitMode = Type.Enum(LIMIT_MODES);

/** The alarm types and priorities with their names: what forms offer and how deviations are worded. */
export const TemplateVocabulary = Type.Object({
  conditions: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), color: Type.String(), enabled: Type.Boolean() }),
  ),
  priorities: Type.Array(Type.Object({ code: Priority, name: Type.String(), color: Type.String() })),
});
export type TemplateVocabulary = Static<typeof TemplateVocabulary>;

export const TemplateFilters = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  equipmentType: Type.Optional(Type.String({ maxLength: 50 })),
});
export type TemplateFilters = Static<typeof TemplateFilters>;

const templateFields = {
  id: Type.Integer(),
  name: Type.String(),
  equipmentType: Type.String(),
  description: Type.String(),
  createdBy: Type.String(),
  updatedBy: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const TemplateSummary = Type.Object({
  ...templateFields,
  itemCount: Type.Integer(),
  requiredCount: Type.Integer(),
});
export type TemplateSummary = Static<typeof TemplateSummary>;

/** One item of a template: the settings an alarm of that condition should have; null = not prescribed. */
export const TemplateItemRule = Type.Object({
  /** Alarm type code (报警类型). */
  condition: Type.String(),
  limitMode: LimitMode,
  limitValue: Nullable(Type.Number()),
  priority: Priority,
  deadband: Nullable(Type.Number()),
  onDelaySeconds: Nullable(Type.Integer()),
  offDelaySeconds: Nullable(Type.Integer()),
  required: Type.Boolean(),
  /** The rationalization every point of the condition on the type's equipment shares; '' / null / {}: not given. */
  cause: Type.String(),
  consequence: Type.String(),
  operatorResponse: Type.String(),
  maxResponseMinutes: Nullable(Type.Integer()),
  severities: Type.Record(Type.String(), Type.Enum(SEVERITY_LEVELS)),
  alarmClass: Type.String(),
});
export type TemplateItemRule = Static<typeof TemplateItemRule>;

const TemplateItem = Type.Object({ id: Type.Integer(), ...TemplateItemRule.properties, sortOrder: Type.Integer() });

export const Template = Type.Object({ ...templateFields, items: Type.Array(TemplateItem) });
export type Template = Static<typeof Template>;

const Seconds = Nullable(Type.Integer({ minimum: 0, maximum: 86_400 }));
const LongText = Type.String({ maxLength: 2000 });
const ItemBody = Type.Object({
  condition: Type.String({ minLength: 1, maxLength: 32 }),
  limitMode: Type.Optional(LimitMode),
  limitValue: Type.Optional(Nullable(Type.Number({ minimum: -1e12, maximum: 1e12 }))),
  priority: Priority,
  deadband: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e12 }))),
  onDelaySeconds: Type.Optional(Seconds),
  offDelaySeconds: Type.Optional(Seconds),
  required: Type.Optional(Type.Boolean()),
  cause: Type.Optional(LongText),
  consequence: Type.Optional(LongText),
  operatorResponse: Type.Optional(LongText),
  maxResponseMinutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 10_080 }))),
  severities: Type.Optional(
    Type.Record(Type.String({ maxLength: 32 }), Type.Enum(SEVERITY_LEVELS), { maxProperties: 10 }),
  ),
  alarmClass: Type.Optional(Type.String({ maxLength: 200 })),
});

export const TemplateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  equipmentType: Type.String({ minLength: 1, maxLength: 50 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  items: Type.Array(ItemBody, { maxItems: 100 }),
  /** On update: the `updatedAt` the editor loaded; a template changed since then is not overwritten. */
  updatedAt: Type.Optional(Timestamp),
});
export type TemplateBody = Static<typeof TemplateBody>;

/** 批量合理化: the points of the template's equipment type, in one unit or the whole plant. */
export const RationalizeBody = Type.Object({ unitId: Type.Optional(Id) }, { additionalProperties: false });
export type RationalizeBody = Static<typeof RationalizeBody>;

/**
 * What 批量合理化 did: the equipment and points of the type it looked at, the points it wrote (their records
 * back to 待确认 where they had been confirmed), and the points already as the template says.
 */
export const RationalizeResult = Type.Object({
  equipment: Type.Integer(),
  points: Type.Integer(),
  changed: Type.Integer(),
  unchanged: Type.Integer(),
});
export type RationalizeResult = Static<typeof RationalizeResult>;

export const TemplateOptions = Type.Object({
  equipmentTypes: Type.Array(Type.String()),
  /** The consequence categories of the priority matrix, which an item's severities are given for. */
  categories: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  ...TemplateVocabulary.properties,
});
export type TemplateOptions = Static<typeof TemplateOptions>;

export const EvaluationQuery = Type.Object({ templateId: Id, unitId: Type.Optional(Id) });
export type EvaluationQuery = Static<typeof EvaluationQuery>;

const Value = Nullable(Type.Union([Type.Number(), Type.String()]));

/** One deviation (DEVIATION_KINDS): `expected` is the template's, a percent limit resolved; `actual` the point's. */
export const Deviation = Type.Object({
  kind: Type.Enum(DEVIATION_KINDS),
  /** Alarm type code of the item or the point. */
  condition: Type.String(),
  /** The alarm point concerned; null for `missing`. */
  pointId: Nullable(Type.Integer()),
  tag: Nullable(Type.String()),
  /** The setting concerned (`different`, `noRange`); null otherwise. */
  field: Nullable(Type.Enum(COMPARED_FIELDS)),
  expected: Value,
  actual: Value,
});
export type Deviation = Static<typeof Deviation>;

export const EquipmentResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  unitId: Type.Integer(),
  unit: Type.String(),
  /** 0–100, unrounded. */
  score: Type.Number(),
  matchingItems: Type.Integer(),
  itemCount: Type.Integer(),
  missing: Type.Integer(),
  extra: Type.Integer(),
  /** Points with a differing (or uncomparable) setting. */
  differing: Type.Integer(),
  deviations: Type.Array(Deviation),
});
export type EquipmentResult = Static<typeof EquipmentResult>;

export const UnitResult = Type.Object({
  unitId: Type.Integer(),
  unit: Type.String(),
  equipmentCount: Type.Integer(),
  score: Type.Number(),
});
export type UnitResult = Static<typeof UnitResult>;

export const Evaluation = Type.Object({
  template: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    equipmentType: Type.String(),
    itemCount: Type.Integer(),
  }),
  equipment: Type.Array(EquipmentResult),
  units: Type.Array(UnitResult),
});
export type Evaluation = Static<typeof Evaluation>;

export const EvaluationOptions = Type.Object({
  templates: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), equipmentType: Type.String() })),
  units: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  ...TemplateVocabulary.properties,
});
export type EvaluationOptions = Static<typeof EvaluationOptions>;

const TEMPLATES = '/alarm/template/list';
const EVALUATION = '/alarm/op/evaluate';

export const templateEndpoints = {
  list: endpoint('GET', TEMPLATES, {
    query: Type.Object({ ...pageQueryProperties, ...TemplateFilters.properties }),
    response: pageOf(TemplateSummary),
  }),
  export: endpoint('GET', `${TEMPLATES}/export`, { query: TemplateFilters }),
  options: endpoint('GET', `${TEMPLATES}/options`, { response: TemplateOptions }),
  detail: endpoint('GET', `${TEMPLATES}/:id`, { params: IdParams, response: Template }),
  create: endpoint('POST', TEMPLATES, { body: TemplateBody, response: Template }),
  update: endpoint('PUT', `${TEMPLATES}/:id`, { params: IdParams, body: TemplateBody, response: Template }),
  remove: endpoint('DELETE', `${TEMPLATES}/:id`, { params: IdParams, response: Removed }),
  /** The items' rationalization written to every point of the type (rights of 报警列表 / edit: it edits records). */
  rationalize: endpoint('POST', `${TEMPLATES}/:id/rationalize`, {
    params: IdParams,
    body: RationalizeBody,
    response: RationalizeResult,
  }),
};

export const evaluationEndpoints = {
  evaluate: endpoint('GET', EVALUATION, { query: EvaluationQuery, response: Evaluation }),
  export: endpoint('GET', `${EVALUATION}/export`, { query: EvaluationQuery }),
  options: endpoint('GET', `${EVALUATION}/options`, { response: EvaluationOptions }),
};
