/**
 * Approval flows (审批配置) and approvals (审批管理). A flow is ordered steps, each with a mode and
 * approvers (users or roles). Submitting a change request starts an approval instance with a copy of the
 * flow's steps, so that later edits of the flow leave running approvals alone.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NamedApprover } from '../../../contract/moc';
import { APPROVER_KINDS, BUSINESS_TYPES, DECISIONS, STEP_MODES } from '../../../contract/vocabulary';
import { roles, users } from './auth';
import { changeRequests } from './changes';
import { timestamps } from './columns';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;

export const approvalFlows = pgTable(
  'approval_flows',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    businessType: text('business_type', { enum: BUSINESS_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    /** The flow submissions of its business type use; at most one per type. */
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull().default(''),
    updatedBy: text('updated_by').notNull().default(''),
    ...timestamps,
  },
  (table) => [uniqueIndex('approval_flows_active_type_idx').on(table.businessType).where(sql`${table.active}`)],
);

export const approvalFlowSteps = pgTable(
  'approval_flow_steps',
  {
    id: serial('id').primaryKey(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => approvalFlows.id, { onDelete: 'cascade' }),
    /** 1-based order. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    mode: text('mode', { enum: STEP_MODES }).notNull(),
  },
  (table) => [uniqueIndex('approval_flow_steps_position_idx').on(table.flowId, table.position)],
);

export const approvalFlowStepApprovers = pgTable(
  'approval_flow_step_approvers',
  {
    id: serial('id').primaryKey(),
    stepId: integer('step_id')
      .notNull()
      .references(() => approvalFlowSteps.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: APPROVER_KINDS }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('approval_flow_step_approvers_step_idx').on(table.stepId),
    check(
      'approval_flow_step_approvers_kind_check',
      sql`(${table.kind} = 'user' and ${table.userId} is not null and ${table.roleId} is null)
          or (${table.kind} = 'role' and ${table.roleId} is not null and ${table.userId} is null)`,
    ),
  ],
);

export const approvalInstances = pgTable(
  'approval_instances',
  {
    id: serial('id').primaryKey(),
    changeRequestId: integer('change_request_id')
      .notNull()
      .unique()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    /** The flow it started from; a flow with pending instances cannot be deleted. */
    flowId: integer('flow_id').references(() => approvalFlows.id, { onDelete: 'set null' }),
    flowName: text('flow_name').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    /** 1-based position of the step waiting for decisions; null once ended. */
    currentStep: integer('current_step'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('approval_instances_flow_idx').on(table.flowId),
    index('approval_instances_status_idx').on(table.status),
  ],
);

/** The steps of an instance as copied from the flow at submission, approvers with their names then. */
export const approvalInstanceSteps = pgTable(
  'approval_instance_steps',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => approvalInstances.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    mode: text('mode', { enum: STEP_MODES }).notNull(),
    approvers: jsonb('approvers').$type<NamedApprover[]>().notNull(),
  },
  (table) => [uniqueIndex('approval_instance_steps_position_idx').on(table.instanceId, table.position)],
);

export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => approvalInstances.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decision: text('decision', { enum: DECISIONS }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The approver entries of the step this person satisfied (their roles at the time of deciding). */
    matched: jsonb('matched').$type<{ kind: 'user' | 'role'; id: number }[]>().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('approval_decisions_once_idx').on(table.instanceId, table.step, table.userId)],
);

export type ApprovalFlowRow = typeof approvalFlows.$inferSelect;
export type ApprovalInstanceRow = typeof approvalInstances.$inferSelect;
export type ApprovalDecisionRow = typeof approvalDecisions.$inferSelect;

/**
 * The separation-of-duties setting of a business type (docs/domain.md, "Separation-of-duties rules"): whether
 * one person decides at most one step of one request. No row: the rule holds. Who changed it last and when.
 */
export const approvalBusinessSettings = pgTable('approval_business_settings', {
  businessType: text('business_type', { enum: BUSINESS_TYPES }).primaryKey(),
  oneStepPerPerson: boolean('one_step_per_person').notNull().default(true),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** Every change of that setting: the audit of who relaxed or restored the rule, and when. */
export const approvalBusinessSettingChanges = pgTable(
  'approval_business_setting_changes',
  {
    id: serial('id').primaryKey(),
    businessType: text('business_type', { enum: BUSINESS_TYPES }).notNull(),
    oneStepPerPerson: boolean('one_step_per_person').notNull(),
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('approval_business_setting_changes_type_idx').on(table.businessType, table.changedAt)],
);
