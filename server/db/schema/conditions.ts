/**
 * Operating conditions (多工况, docs/domain.md): per unit a set of conditions, per condition overrides of alarm
 * point settings, and the timeline of manual switches. A unit's active condition is its latest switch
 * (by `switched_at`); the ingest tags events with that condition's name at their time.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PRIORITIES } from '../../../contract/vocabulary';
import { timestamps } from './columns';
import { alarmPoints, units } from './plant';

export const operatingConditions = pgTable(
  'operating_conditions',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    /** 正常运行, 开车, 停车, 低负荷, 检修 or a custom name; events carry it. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Bumped by every applied change: a change request made against an older version conflicts. */
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull().default(''),
    updatedBy: text('updated_by').notNull().default(''),
    /** Soft delete: switches in the timeline keep naming it. */
    deleted: boolean('deleted').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('operating_conditions_unit_name_idx').on(table.unitId, table.name).where(sql`not ${table.deleted}`),
  ],
);

/** A point's settings under a condition; a null column is no override (the base setting applies). */
export const operatingConditionOverrides = pgTable(
  'operating_condition_overrides',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => operatingConditions.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => alarmPoints.id, { onDelete: 'cascade' }),
    /** false: suppressed under this condition. */
    enabled: boolean('enabled'),
    limitValue: doublePrecision('limit_value'),
    priority: text('priority', { enum: PRIORITIES }),
    deadband: doublePrecision('deadband'),
    onDelaySeconds: integer('on_delay_seconds'),
    offDelaySeconds: integer('off_delay_seconds'),
  },
  (table) => [
    uniqueIndex('operating_condition_overrides_point_idx').on(table.conditionId, table.pointId),
    index('operating_condition_overrides_point_id_idx').on(table.pointId),
  ],
);

export const operatingConditionSwitches = pgTable(
  'operating_condition_switches',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => operatingConditions.id, { onDelete: 'restrict' }),
    switchedAt: timestamp('switched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Username of who switched. */
    switchedBy: text('switched_by').notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [index('operating_condition_switches_unit_time_idx').on(table.unitId, table.switchedAt)],
);

export type OperatingCondition = typeof operatingConditions.$inferSelect;
export type OperatingConditionOverride = typeof operatingConditionOverrides.$inferSelect;
export type OperatingConditionSwitch = typeof operatingConditionSwitches.$inferSelect;
