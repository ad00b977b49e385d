/** The plant: units (装置), consoles (操作台), equipment (设备) and the alarm library's alarm points (报警点). */
import { sql } from 'drizzle-orm';
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
import { PRIORITIES, RATIONALIZATION_STATUSES, type SeverityLevel, SUGGESTIONS } from '../../../contract/vocabulary';
import { PRIORITY_ORDER, timestamps } from './columns';

export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const consoles = pgTable('consoles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const equipment = pgTable(
  'equipment',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** 离心泵, 换热器, 压缩机…: what templates are written for. */
    equipmentType: text('equipment_type').notNull().default(''),
    ...timestamps,
  },
  (table) => [uniqueIndex('equipment_unit_name_idx').on(table.unitId, table.name)],
);

/** One row of the alarm library; identity = (tag, condition). */
export const alarmPoints = pgTable(
  'alarm_points',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull(),
    /** Alarm type code (报警类型), e.g. PVHI. */
    condition: text('condition').notNull(),
    description: text('description').notNull().default(''),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    consoleId: integer('console_id').references(() => consoles.id, { onDelete: 'set null' }),
    /** System type code (系统类型), e.g. DCS. */
    systemType: text('system_type').notNull().default(''),
    limitValue: doublePrecision('limit_value'),
    engineeringUnit: text('engineering_unit').notNull().default(''),
    /** Instrument range: what a template's "% of range" limit is taken of. */
    rangeLow: doublePrecision('range_low'),
    rangeHigh: doublePrecision('range_high'),
    deadband: doublePrecision('deadband'),
    onDelaySeconds: integer('on_delay_seconds'),
    offDelaySeconds: integer('off_delay_seconds'),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('low'),
    /** 安全 / 环保 / 一般… */
    alarmClass: text('alarm_class').notNull().default(''),
    cause: text('cause').notNull().default(''),
    consequence: text('consequence').notNull().default(''),
    operatorResponse: text('operator_response').notNull().default(''),
    maxResponseMinutes: integer('max_response_minutes'),
    enabled: boolean('enabled').notNull().default(true),
    rationalizationStatus: text('rationalization_status', { enum: RATIONALIZATION_STATUSES })
      .notNull()
      .default('待确认'),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The rationalization record beside cause, consequence, response and time (docs/domain.md). */
    severities: jsonb('severities').$type<Record<string, SeverityLevel>>().notNull().default({}),
    verification: text('verification').notNull().default(''),
    rationalizationNotes: text('rationalization_notes').notNull().default(''),
    justification: text('justification').notNull().default(''),
    /** Derived from the record and the priority matrix at each change of the record, for the list's filters. */
    suggestedPriority: text('suggested_priority', { enum: SUGGESTIONS }),
    rationalizationComplete: boolean('rationalization_complete').notNull().default(false),
    /** Optimistic concurrency: every edit bumps it; an edit against an older version is refused. */
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull().default(''),
    updatedBy: text('updated_by').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('alarm_points_tag_condition_idx').on(table.tag, table.condition),
    // The library list: each filter walks its index in the list's default order (tag, condition), so a page
    // of 20 stops after 20 entries; counts read the same narrow entries.
    index('alarm_points_unit_tag_idx').on(table.unitId, table.tag, table.condition),
    index('alarm_points_console_tag_idx').on(table.consoleId, table.tag, table.condition),
    index('alarm_points_equipment_idx').on(table.equipmentId),
    index('alarm_points_active_idx').on(table.id).where(sql`not ${table.deleted}`),
    // Tag prefixes (`like 'FIC-1%'`) whatever the database's collation.
    index('alarm_points_tag_prefix_idx').on(table.tag.op('text_pattern_ops')).where(sql`not ${table.deleted}`),
    index('alarm_points_condition_status_idx')
      .on(table.condition, table.rationalizationStatus, table.tag)
      .where(sql`not ${table.deleted}`),
    index('alarm_points_priority_tag_idx')
      .on(table.priority, table.tag, table.condition)
      .where(sql`not ${table.deleted}`),
    // Rationalization filters of the list (suggestion, mismatch, complete), each in the list's default order.
    index('alarm_points_suggested_tag_idx')
      .on(table.suggestedPriority, table.tag, table.condition)
      .where(sql`not ${table.deleted}`),
    index('alarm_points_mismatch_tag_idx')
      .on(table.tag, table.condition)
      .where(sql`not ${table.deleted} and ${table.suggestedPriority} <> ${table.priority}`),
    index('alarm_points_rationalized_tag_idx')
      .on(table.rationalizationComplete, table.tag, table.condition)
      .where(sql`not ${table.deleted}`),
    // 缺少处置措施: the same predicate as the list's filter.
    index('alarm_points_missing_response_tag_idx')
      .on(table.tag, table.condition)
      .where(sql`not ${table.deleted} and btrim(${table.operatorResponse}) = ''`),
    // Sorted by severity (server/repositories/library.ts: the same expression).
    index('alarm_points_priority_rank_idx')
      .on(sql`array_position(${PRIORITY_ORDER}, ${table.priority})`, table.tag, table.condition)
      .where(sql`not ${table.deleted}`),
  ],
);

export type Unit = typeof units.$inferSelect;
export type ConsoleRow = typeof consoles.$inferSelect;
export type Equipment = typeof equipment.$inferSelect;
export type AlarmPoint = typeof alarmPoints.$inferSelect;
