import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';
import { PRIORITIES } from '../../../contract/vocabulary';

/**
 * The priorities as an SQL array, urgent first: `array_position(PRIORITY_ORDER, priority)` ranks by severity
 * rather than by spelling (the library's sort, and the index that serves it).
 */
export const PRIORITY_ORDER = sql.raw(`array[${PRIORITIES.map((code) => `'${code}'`).join(',')}]::text[]`);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
