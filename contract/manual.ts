/**
 * 报警响应手册 (the alarm response manual) of 报警列表 `/alarm/bases/list`: every enabled alarm point of one
 * console or one unit with its limit, priority, cause, consequence, corrective action and time to respond,
 * ordered by equipment — as a workbook, and as the entries of its printable page.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Nullable } from './http';
import { PRIORITIES } from './vocabulary';

const ScopeName = Type.String({ minLength: 1, maxLength: 200 });

/** Exactly one of them: the manual of a console or of a unit (by name). */
export const ManualQuery = Type.Object({
  console: Type.Optional(ScopeName),
  unit: Type.Optional(ScopeName),
});
export type ManualQuery = Static<typeof ManualQuery>;

/** One alarm of the manual: a block of the printable page, a row of the workbook. */
export const ManualEntry = Type.Object({
  id: Type.Integer(),
  unit: Nullable(Type.String()),
  equipment: Nullable(Type.String()),
  console: Nullable(Type.String()),
  tag: Type.String(),
  condition: Type.String(),
  /** The alarm type's name (高报, 低低报…). */
  conditionName: Type.String(),
  description: Type.String(),
  limitValue: Nullable(Type.Number()),
  engineeringUnit: Type.String(),
  priority: Type.Enum(PRIORITIES),
  /** The priority's name as 报警类型 gives it (紧急, 高…). */
  priorityName: Type.String(),
  cause: Type.String(),
  consequence: Type.String(),
  operatorResponse: Type.String(),
  maxResponseMinutes: Nullable(Type.Number()),
});
export type ManualEntry = Static<typeof ManualEntry>;

/** The printable manual: its scope, the units and consoles it covers, and its entries in manual order. */
export const Manual = Type.Object({
  scope: Type.Object({ kind: Type.Enum(['console', 'unit']), name: Type.String() }),
  units: Type.Array(Type.String()),
  consoles: Type.Array(Type.String()),
  generatedAt: Type.String(),
  entries: Type.Array(ManualEntry),
});
export type Manual = Static<typeof Manual>;

const MANUAL = '/alarm/bases/list/manual';

export const manualEndpoints = {
  export: endpoint('GET', MANUAL, { query: ManualQuery }),
  entries: endpoint('GET', `${MANUAL}/entries`, { query: ManualQuery, response: Manual }),
};

/** Most entries the printable page shows; a larger console is printed unit by unit (the workbook has no limit). */
export const MANUAL_PAGE_LIMIT = 5000;
