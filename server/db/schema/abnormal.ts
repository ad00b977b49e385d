/** Abnormal-alarm records (异常报警) and the settings of 异常报警配置. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { alarmPoints, consoles } from './plant';

export const ABNORMAL_STATUSES = ['未处置', '已处置', '已忽略'] as const;
export type AbnormalStatus = (typeof ABNORMAL_STATUSES)[number];

export const abnormalAlarms = pgTable(
  'abnormal_alarms',
  {
    id: serial('id').primaryKey(),
    pointId: integer('point_id')
      .notNull()
      .references(() => alarmPoints.id, { onDelete: 'cascade' }),
    /** chattering | fleeting | standing | frequent | floodContributor (server/domain/kpi/detection.ts). */
    kind: text('kind').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true, precision: 3 }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, precision: 3 }).notNull(),
    count: integer('count').notNull(),
    status: text('status', { enum: ABNORMAL_STATUSES }).notNull().default('未处置'),
    handledBy: text('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    // At most one open record per point and kind: detection updates it instead of adding another.
    uniqueIndex('abnormal_alarms_open_idx').on(table.pointId, table.kind).where(sql`${table.status} = '未处置'`),
    index('abnormal_alarms_point_idx').on(table.pointId),
    // The library's "abnormal kind" filter: open records of one kind.
    index('abnormal_alarms_open_kind_idx').on(table.kind, table.pointId).where(sql`${table.status} = '未处置'`),
    index('abnormal_alarms_last_seen_idx').on(table.lastSeen),
  ],
);

const settledTime = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * What detection has settled of each point's journal, so that the next detection after an appended import reads
 * only what may have changed since (server/repositories/detection.ts). Per kind: `before`, the time up to which
 * nothing stored can change any more (episodes starting before it; for frequent, plant days starting before it);
 * the first and last seen and the count of the point's findings before it; and, where the next episodes depend
 * on the last settled one, its mark (chatter: the ordinal of the last run; standing: the last activation). Valid
 * under the settings and time zone named by `basis`; a point replayed afresh loses its row.
 */
export const pointDetectionFacts = pgTable('point_detection_facts', {
  pointId: integer('point_id')
    .primaryKey()
    .references(() => alarmPoints.id, { onDelete: 'cascade' }),
  basis: text('basis').notNull(),
  chatterBefore: settledTime('chatter_before'),
  chatterFirst: settledTime('chatter_first'),
  chatterLast: settledTime('chatter_last'),
  chatterCount: integer('chatter_count').notNull(),
  chatterMark: integer('chatter_mark'),
  fleetingBefore: settledTime('fleeting_before'),
  fleetingFirst: settledTime('fleeting_first'),
  fleetingLast: settledTime('fleeting_last'),
  fleetingCount: integer('fleeting_count').notNull(),
  standingBefore: settledTime('standing_before'),
  standingFirst: settledTime('standing_first'),
  standingLast: settledTime('standing_last'),
  standingCount: integer('standing_count').notNull(),
  standingMark: settledTime('standing_mark'),
  frequentBefore: settledTime('frequent_before'),
  frequentFirst: settledTime('frequent_first'),
  frequentLast: settledTime('frequent_last'),
  frequentCount: integer('frequent_count').notNull(),
});

/**
 * What detection has settled of each console's floods: the floods ending before `before` are final, and
 * `contributors` sums, per point, the floods among them it was a top contributor of, as
 * `[point id, first seen, last seen (epoch ms), count]`. Valid under the settings named by `basis`; a change to the
 * console's 10-minute loads before `before` drops the row (drizzle/0019_flood_facts.sql), and its next detection
 * reads the console whole.
 */
export const consoleFloodFacts = pgTable('console_flood_facts', {
  consoleId: integer('console_id')
    .primaryKey()
    .references(() => consoles.id, { onDelete: 'cascade' }),
  basis: text('basis').notNull(),
  before: timestamp('before', { withTimezone: true, precision: 3 }).notNull(),
  contributors: jsonb('contributors').$type<[number, number, number, number][]>().notNull(),
  /**
   * A flood under way at the cut: its start and each point's annunciations in it before the cut, as
   * `{ start, counts: [point id, count][] }`; the next detection takes it up from there.
   */
  openFlood: jsonb('open_flood').$type<{ start: number; counts: [number, number][] }>(),
});

/** One JSON document per settings group, validated by the route that writes it. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AbnormalAlarm = typeof abnormalAlarms.$inferSelect;
