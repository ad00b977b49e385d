/** The alarm library's audit trail and the alarm templates (报警模板) per equipment type. */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AUDIT_SOURCES, PRIORITIES, type SeverityLevel } from '../../../contract/vocabulary';
import { timestamps } from './columns';
import { alarmPoints } from './plant';

/** One changed field of an alarm point: who, when, before → after, and the change request if any. */
export const alarmPointChanges = pgTable(
  'alarm_point_changes',
  {
    id: serial('id').primaryKey(),
    pointId: integer('point_id')
      .notNull()
      .references(() => alarmPoints.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: text('changed_by').notNull(),
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    /** 'library' edits bypass MOC and count as "changes outside MOC" on the improvement board. */
    source: text('source', { enum: AUDIT_SOURCES }).notNull(),
    /** The change request that applied it; null outside MOC. */
    changeRequestId: integer('change_request_id'),
  },
  (table) => [
    index('alarm_point_changes_point_idx').on(table.pointId, table.changedAt),
    index('alarm_point_changes_time_idx').on(table.changedAt),
  ],
);

export const alarmTemplates = pgTable('alarm_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 离心泵, 换热器…: matched against equipment.equipment_type by the evaluation. */
  equipmentType: text('equipment_type').notNull(),
  description: text('description').notNull().default(''),
  createdBy: text('created_by').notNull().default(''),
  updatedBy: text('updated_by').notNull().default(''),
  ...timestamps,
});

export const LIMIT_MODES = ['absolute', 'percent'] as const;

export const alarmTemplateItems = pgTable(
  'alarm_template_items',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => alarmTemplates.id, { onDelete: 'cascade' }),
    /** Alarm type code (报警类型). */
    condition: text('condition').notNull(),
    /** An absolute limit, or a percentage of the point's instrument range. */
    limitMode: text('limit_mode', { enum: LIMIT_MODES }).notNull().default('absolute'),
    limitValue: doublePrecision('limit_value'),
    priority: text('priority', { enum: PRIORITIES }).notNull(),
    deadband: doublePrecision('deadband'),
    onDelaySeconds: integer('on_delay_seconds'),
    offDelaySeconds: integer('off_delay_seconds'),
    required: boolean('required').notNull().default(true),
    /** The item's rationalization, handed to the points of every equipment of the type (docs/domain.md). */
    cause: text('cause').notNull().default(''),
    consequence: text('consequence').notNull().default(''),
    operatorResponse: text('operator_response').notNull().default(''),
    maxResponseMinutes: integer('max_response_minutes'),
    severities: jsonb('severities').$type<Record<string, SeverityLevel>>().notNull().default({}),
    alarmClass: text('alarm_class').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('alarm_template_items_condition_idx').on(table.templateId, table.condition)],
);

export type AlarmPointChange = typeof alarmPointChanges.$inferSelect;
export type AlarmTemplate = typeof alarmTemplates.$inferSelect;
export type AlarmTemplateItem = typeof alarmTemplateItems.$inferSelect;
