/** 数据采集: the sources the collector reads alarm events from (docs/api.md, "Data collection"). */
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { EVENT_SOURCES, SOURCE_KINDS, SOURCE_STATES } from '../../../contract/vocabulary';
import { timestamps } from './columns';

export const collectionSources = pgTable('collection_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** 装置 and 操作台 of events whose journal line names none ('' when not set). */
  unit: text('unit').notNull().default(''),
  console: text('console').notNull().default(''),
  /**
   * The kind's own settings: `{ folder }` for a drop folder; `{ endpointUrl, securityMode, securityPolicy,
   * userName, password (sealed), mapping }` for OPC UA.
   */
  settings: jsonb('settings').notNull().default({}),
  ...timestamps,
});

/**
 * Where each OPC UA source stands, written by the node collecting it (a heartbeat every few seconds), so that
 * every node answers the same status; a heartbeat older than the takeover time means no node collects it.
 */
export const sourceHealth = pgTable('collection_source_health', {
  sourceId: integer('source_id').primaryKey(),
  state: text('state', { enum: SOURCE_STATES }).notNull(),
  lastError: text('last_error'),
  /** Which node collects it (host and process). */
  node: text('node').notNull().default(''),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The state of each OPC UA condition as last written to the journal (or the buffer): what a new event is diffed with. */
export const opcuaConditionStates = pgTable(
  'opcua_condition_states',
  {
    sourceId: integer('source_id').notNull(),
    conditionId: text('condition_id').notNull(),
    state: jsonb('state').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sourceId, table.conditionId] })],
);

/**
 * Journal events received from an OPC UA source and not yet stored: written as they arrive, stored and deleted
 * in one transaction, so a restart loses nothing the subscription already acknowledged.
 */
export const opcuaBuffer = pgTable(
  'opcua_buffer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: integer('source_id').notNull(),
    source: text('source', { enum: EVENT_SOURCES }).notNull(),
    /** The journal rows (ConditionTransition[] with unit and console). */
    rows: jsonb('rows').notNull(),
    rowCount: integer('row_count').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('opcua_buffer_source_idx').on(table.sourceId, table.id)],
);
