/** 数据采集: the sources the collector reads alarm events from (docs/api.md, "Data collection"). */
import { boolean, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { SOURCE_KINDS } from '../../../contract/vocabulary';
import { timestamps } from './columns';

export const collectionSources = pgTable('collection_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** 装置 and 操作台 of events whose journal line names none ('' when not set). */
  unit: text('unit').notNull().default(''),
  console: text('console').notNull().default(''),
  /** The kind's own settings: `{ folder }` for a drop folder. */
  settings: jsonb('settings').notNull().default({}),
  ...timestamps,
});
