/**
 * Change requests (变更管理, MOC): the request, its items (alarm point, field, before → after with the
 * point's version at capture), and the log of every transition (who, when, from → to, comment).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChangeConflict, ConditionProposal, SettingValue } from '../../../contract/moc';
import type { PriorityMatrix } from '../../../contract/rationalization';
import {
  BUSINESS_TYPES,
  CHANGE_ACTIONS,
  CHANGE_FIELDS,
  CHANGE_STATUSES,
  RISK_LEVELS,
} from '../../../contract/vocabulary';
import { users } from './auth';
import { timestamps } from './columns';
import { operatingConditions } from './conditions';
import { alarmTemplates } from './library';
import { alarmPoints, equipment, units } from './plant';

export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    reason: text('reason').notNull(),
    riskLevel: text('risk_level', { enum: RISK_LEVELS }).notNull(),
    businessType: text('business_type', { enum: BUSINESS_TYPES }).notNull(),
    status: text('status', { enum: CHANGE_STATUSES }).notNull().default('draft'),
    initiatorId: integer('initiator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** operatingCondition: the unit, the condition changed (null = a new one) and the proposal. */
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    conditionId: integer('condition_id').references(() => operatingConditions.id, { onDelete: 'set null' }),
    conditionVersion: integer('condition_version'),
    conditionProposal: jsonb('condition_proposal').$type<ConditionProposal>(),
    /** templateApplication: where the items came from. */
    templateId: integer('template_id').references(() => alarmTemplates.id, { onDelete: 'set null' }),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    /** priorityMatrix: the matrix when the request was saved, and the one it proposes. */
    matrixBefore: jsonb('matrix_before').$type<PriorityMatrix>(),
    matrixProposal: jsonb('matrix_proposal').$type<PriorityMatrix>(),
    /** What kept an approved change from being applied. */
    conflicts: jsonb('conflicts').$type<ChangeConflict[]>().notNull().default(sql`'[]'::jsonb`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * When an ended request was archived (hidden from the default lists, kept whole). The column keeps the
     * name it had when this was called deleting.
     */
    archivedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('change_requests_status_idx').on(table.status),
    index('change_requests_initiator_idx').on(table.initiatorId),
    index('change_requests_applied_idx').on(table.appliedAt),
    index('change_requests_template_idx').on(table.templateId),
    index('change_requests_condition_idx').on(table.conditionId),
  ],
);

export const changeRequestItems = pgTable(
  'change_request_items',
  {
    id: serial('id').primaryKey(),
    changeRequestId: integer('change_request_id')
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => alarmPoints.id, { onDelete: 'restrict' }),
    field: text('field', { enum: CHANGE_FIELDS }).notNull(),
    before: jsonb('before').$type<SettingValue>(),
    after: jsonb('after').$type<SettingValue>(),
    /** The point's version when `before` was captured. */
    pointVersion: integer('point_version').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('change_request_items_point_field_idx').on(table.changeRequestId, table.pointId, table.field),
    index('change_request_items_point_idx').on(table.pointId),
  ],
);

export const changeRequestTransitions = pgTable(
  'change_request_transitions',
  {
    id: serial('id').primaryKey(),
    changeRequestId: integer('change_request_id')
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CHANGE_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: CHANGE_STATUSES }),
    toStatus: text('to_status', { enum: CHANGE_STATUSES }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    comment: text('comment').notNull().default(''),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('change_request_transitions_request_idx').on(table.changeRequestId, table.at)],
);

export type ChangeRequestRow = typeof changeRequests.$inferSelect;
export type ChangeRequestItemRow = typeof changeRequestItems.$inferSelect;
