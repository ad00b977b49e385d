/** Base dictionaries (基础配置): alarm types (conditions), system types and priorities. */
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { PRIORITIES } from '../../../contract/vocabulary';
import { timestamps } from './columns';

/** 报警类型: the condition of an alarm point (PVHI, PVHH…), with its display colour. */
export const alarmTypes = pgTable('alarm_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** CSS colour as chosen in the colour picker (hex, or rgba with alpha). */
  color: text('color').notNull().default('#1677ff'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** 系统类型: the control system an alarm point lives in (DCS, SIS, GDS…). */
export const systemTypes = pgTable('system_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps,
});

/** 优先级: the four priorities of docs/domain.md, keyed by the code the journal and the KPIs use. */
export const priorities = pgTable('priorities', {
  id: serial('id').primaryKey(),
  code: text('code', { enum: PRIORITIES }).notNull().unique(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  /** Target share of annunciations, percent (EEMUA 191: ≈ 80 / 15 / 5 / < 1). */
  targetShare: integer('target_share').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export type AlarmType = typeof alarmTypes.$inferSelect;
export type SystemType = typeof systemTypes.$inferSelect;
export type PriorityRow = typeof priorities.$inferSelect;
