/**
 * The alarm journal and what is kept at ingest time so that KPI queries read small aggregates:
 * - `alarm_events.counted`: the ALM was an annunciation (the point was not shelved, suppressed or out of
 *   service), resolved by replaying the point's state (server/domain/ingest/replay.ts);
 * - `alarm_load_10m`: annunciations per 10-minute bucket per console / unit / operating condition, and
 *   `alarm_plant_load_10m` the same per bucket and operating condition for the whole plant, and `alarm_load_days`
 *   the buckets of each UTC day per console and for the plant, packed in one row;
 * - `alarm_point_days`: annunciations per point per UTC day (rankings, top 10);
 * - `alarm_point_months`: the same per UTC month, summed from the days (windows of months and years);
 * - `alarm_episodes`: chattering runs, fleeting annunciations and active-and-visible spans (stale);
 * - `alarm_episode_marks`: per point per UTC day, the shortest closed chattering run and fleeting annunciation;
 * - `alarm_episode_month_marks`: the same per UTC month, the least of the days' (windows of months and years);
 * - `alarm_point_states`: where each point's replay stopped, so appended events continue from it.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  interval,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EVENT_SOURCES, PRIORITIES } from '../../../contract/vocabulary';

/** One import, collector call or simulation run; simulated batches can be deleted as a whole. */
export const journalBatches = pgTable('journal_batches', {
  id: serial('id').primaryKey(),
  source: text('source', { enum: EVENT_SOURCES }).notNull(),
  /** File name, scenario label or collector. */
  label: text('label').notNull().default(''),
  /** Generator parameters of a simulation (scenario, unit, console, range, rate, seed). */
  parameters: jsonb('parameters'),
  eventCount: integer('event_count').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  firstTime: timestamp('first_time', { withTimezone: true }),
  lastTime: timestamp('last_time', { withTimezone: true }),
  createdBy: text('created_by').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
    // No foreign keys on this high-volume table: four checks per row cost more than the insert itself. The
    // ingest resolves every id from its own table; points are only ever soft-deleted.
    pointId: integer('point_id').notNull(),
    event: text('event').notNull(),
    priority: text('priority', { enum: PRIORITIES }).notNull(),
    consoleId: integer('console_id').notNull(),
    unitId: integer('unit_id'),
    /** Operating condition (工况) of the unit at the time, once conditions exist. */
    operatingCondition: text('operating_condition'),
    valueNumber: doublePrecision('value_number'),
    valueText: text('value_text'),
    description: text('description'),
    source: text('source', { enum: EVENT_SOURCES }).notNull(),
    batchId: integer('batch_id'),
    /** An ALM that was annunciated (point visible): the only events the KPIs count. */
    counted: boolean('counted').notNull().default(false),
  },
  (table) => [
    // Exact duplicates (same time, point, event type) are refused: docs/domain.md.
    uniqueIndex('alarm_events_point_time_event_idx').on(table.pointId, table.time, table.event),
    index('alarm_events_counted_time_idx').on(table.time).where(sql`${table.counted}`),
    index('alarm_events_batch_idx').on(table.batchId),
  ],
);

const scopeColumns = {
  consoleId: integer('console_id').notNull(),
  /** 0 when the event names no unit, so the column can be part of the key. */
  unitId: integer('unit_id').notNull(),
  operatingCondition: text('operating_condition').notNull().default(''),
};

export const alarmLoad10m = pgTable(
  'alarm_load_10m',
  {
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    ...scopeColumns,
    urgent: integer('urgent').notNull().default(0),
    high: integer('high').notNull().default(0),
    medium: integer('medium').notNull().default(0),
    low: integer('low').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bucketStart, table.consoleId, table.unitId, table.operatingCondition] }),
    // One console's buckets over a long window (报警性能看板 asks each console's summary) without reading the others'.
    index('alarm_load_10m_console_idx').on(table.consoleId, table.bucketStart),
  ],
);

/** `alarm_load_10m` summed over consoles and units: the whole plant's load, read as is by the overview. */
export const alarmPlantLoad10m = pgTable(
  'alarm_plant_load_10m',
  {
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    operatingCondition: text('operating_condition').notNull().default(''),
    urgent: integer('urgent').notNull().default(0),
    high: integer('high').notNull().default(0),
    medium: integer('medium').notNull().default(0),
    low: integer('low').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucketStart, table.operatingCondition] })],
);

/** Raw bytes: `alarm_load_days.counts`. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * `alarm_load_10m` per UTC day and console (console 0: the whole plant), summed over units and operating
 * conditions: the day's 144 bucket counts packed in `counts` (int4 each, big-endian, as `int4send` writes them;
 * buckets without annunciations count 0) beside the day's annunciations per priority. A year of one console is
 * 365 rows instead of 52,560, read in a few milliseconds (docs/scale.md). Rebuilt for every day a statement
 * writes in `alarm_load_10m` by statement triggers (drizzle/0022_load_days.sql).
 */
export const alarmLoadDays = pgTable(
  'alarm_load_days',
  {
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    consoleId: integer('console_id').notNull(),
    urgent: integer('urgent').notNull(),
    high: integer('high').notNull(),
    medium: integer('medium').notNull(),
    low: integer('low').notNull(),
    counts: bytea('counts').notNull(),
  },
  (table) => [primaryKey({ columns: [table.consoleId, table.dayStart] })],
);

export const alarmPointDays = pgTable(
  'alarm_point_days',
  {
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    pointId: integer('point_id').notNull(),
    ...scopeColumns,
    annunciations: integer('annunciations').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.dayStart, table.pointId, table.consoleId, table.unitId, table.operatingCondition],
    }),
    // A point's days from a given one on (detection's frequent days after what it settled).
    index('alarm_point_days_point_idx').on(table.pointId, table.dayStart),
    // Per-point sums over a window (top 10, rankings) read this index alone, without visiting the table.
    index('alarm_point_days_day_point_idx').on(table.dayStart, table.pointId, table.annunciations),
  ],
);

/**
 * Annunciations per point per UTC calendar month: `alarm_point_days` summed by month, so that a year's top 10 and
 * rankings add twelve rows per point instead of 365. Kept by statement triggers on `alarm_point_days`
 * (drizzle/0015_point_months.sql), so every writer of the days keeps it without knowing of it.
 */
export const alarmPointMonths = pgTable(
  'alarm_point_months',
  {
    monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
    pointId: integer('point_id').notNull(),
    ...scopeColumns,
    annunciations: integer('annunciations').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.monthStart, table.pointId, table.consoleId, table.unitId, table.operatingCondition],
    }),
  ],
);

export const EPISODE_KINDS = ['chatter', 'fleeting', 'standing'] as const;
export type EpisodeKind = (typeof EPISODE_KINDS)[number];

export const alarmEpisodes = pgTable(
  'alarm_episodes',
  {
    pointId: integer('point_id').notNull(),
    kind: text('kind', { enum: EPISODE_KINDS }).notNull(),
    /** chatter: first annunciation of the run; fleeting: the annunciation; standing: span start. */
    startTime: timestamp('start_time', { withTimezone: true, precision: 3 }).notNull(),
    /** chatter: last annunciation; fleeting: its RTN; standing: span end, null while still active. */
    endTime: timestamp('end_time', { withTimezone: true, precision: 3 }),
    /** standing: when the point became active. */
    activatedAt: timestamp('activated_at', { withTimezone: true, precision: 3 }),
    ...scopeColumns,
    /**
     * chatter: the number of the run's first annunciation among the point's (from 0). A run covers chatterCount
     * consecutive annunciations, so those that overlapping runs cover are counted from the runs alone.
     */
    ordinal: integer('ordinal'),
  },
  (table) => [
    primaryKey({ columns: [table.pointId, table.kind, table.startTime] }),
    // A window's chattering runs and fleeting annunciations, read by start from this index alone (it holds every
    // column the KPI summary and detection read of them): the summary reads the window's edges here, its whole
    // days from the marks.
    index('alarm_episodes_kind_start_idx').on(
      table.kind,
      table.startTime,
      table.endTime,
      table.pointId,
      table.consoleId,
      table.unitId,
      table.operatingCondition,
    ),
  ],
);

/**
 * Per point, period of start (a UTC day or calendar month) and scope, the shortest span of the closed chattering
 * runs and of the fleeting annunciations that started in it. Indexed by period first, then the span, so that a
 * window's read costs its periods whatever the history before them.
 */
function episodeMarksTable<Name extends string>(name: Name, startColumn: 'day_start' | 'month_start') {
  return pgTable(
    name,
    {
      periodStart: timestamp(startColumn, { withTimezone: true }).notNull(),
      pointId: integer('point_id').notNull(),
      ...scopeColumns,
      shortestChatter: interval('shortest_chatter'),
      shortestFleeting: interval('shortest_fleeting'),
    },
    (table) => {
      const scope = [table.pointId, table.consoleId, table.unitId, table.operatingCondition] as const;
      return [
        primaryKey({ columns: [table.periodStart, ...scope] }),
        index(`${name}_chatter_idx`)
          .on(table.periodStart, table.shortestChatter, ...scope)
          .where(sql`shortest_chatter is not null`),
        index(`${name}_fleeting_idx`).on(table.periodStart, table.shortestFleeting, ...scope),
      ];
    },
  );
}

/**
 * The episode marks per UTC day: the KPI summary answers "had a short one in the window" for whole days from here,
 * whatever the thresholds (docs/scale.md). Kept exact by statement triggers on `alarm_episodes`
 * (drizzle/0014_episode_marks.sql), so every writer of episodes keeps it without knowing of it.
 */
export const alarmEpisodeMarks = episodeMarksTable('alarm_episode_marks', 'day_start');

/**
 * The episode marks per UTC calendar month, the least of the days': a year's chattering and fleeting points read a
 * row per point and month instead of one per day. Kept by statement triggers on `alarm_episode_marks`
 * (drizzle/0024_episode_month_marks.sql), so every writer of episodes keeps it without knowing of it.
 */
export const alarmEpisodeMonthMarks = episodeMarksTable('alarm_episode_month_marks', 'month_start');

export const alarmPointStates = pgTable('alarm_point_states', {
  pointId: integer('point_id').primaryKey(),
  /** Time of the last replayed event. */
  lastTime: timestamp('last_time', { withTimezone: true, precision: 3 }).notNull(),
  state: jsonb('state').notNull(),
});

export type JournalBatchRow = typeof journalBatches.$inferSelect;

/**
 * The KPI figures of 系统改进看板's periods once computed, per scope (resolved ids) and KPI settings (`basis`), so
 * that a year of weeks is not summarised again on every view (server/repositories/period-figures.ts). An event
 * written at time t changes no window ending at or before t: every writer of the journal drops the periods ending
 * after the earliest time it wrote, as its transaction's last statement.
 */
export const kpiPeriodFigures = pgTable(
  'kpi_period_figures',
  {
    scope: text('scope').notNull(),
    basis: text('basis').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true, precision: 3 }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true, precision: 3 }).notNull(),
    figures: jsonb('figures').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.basis, table.periodFrom, table.periodTo] }),
    index('kpi_period_figures_to_idx').on(table.periodTo),
  ],
);

/**
 * Counts the journal's writes that dropped kept period figures: a reader keeps what it computed only if the count is
 * the one it read before computing, so nothing read before a writer's commit is kept after it.
 */
export const journalRevision = pgTable('journal_revision', {
  id: integer('id').primaryKey(),
  revision: integer('revision').notNull(),
});
