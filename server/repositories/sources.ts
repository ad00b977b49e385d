/**
 * 数据采集 sources (docs/api.md, "Data collection"): their settings, and what they have stored — the events
 * of today and the newest event, read from the journal batches the collector files under each source.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db';
import { collectionSources, opcuaBuffer, opcuaConditionStates, sourceHealth } from '../db/schema';
import { isUniqueViolation } from './listing';
import { queryRows } from './raw-sql';

export type SourceRow = typeof collectionSources.$inferSelect;
export type SourceInsert = Omit<typeof collectionSources.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type SourceSave = { ok: true; row: SourceRow } | { ok: false; reason: 'missing' | 'duplicate' };

export interface SourceStats {
  eventsToday: number;
  /** Epoch milliseconds of the newest stored event. */
  lastEventAt: number | null;
}

/**
 * Who the collectors' batches (sources `collector`, `opcua`, `opcua-refresh`) are created by; they name their
 * source in `parameters.sourceId`.
 */
export const COLLECTOR_USER = '数据采集';

export function createSourcesRepository(db: Database) {
  return {
    list: () => db.select().from(collectionSources).orderBy(asc(collectionSources.id)),

    async findById(id: number, tx: Executor = db): Promise<SourceRow | undefined> {
      const [row] = await tx.select().from(collectionSources).where(eq(collectionSources.id, id));
      return row;
    },

    async create(row: SourceInsert): Promise<SourceSave> {
      try {
        const [created] = await db.insert(collectionSources).values(row).returning();
        return { ok: true, row: created };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
        throw error;
      }
    },

    async update(id: number, row: SourceInsert): Promise<SourceSave> {
      try {
        const [updated] = await db
          .update(collectionSources)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(collectionSources.id, id))
          .returning();
        return updated ? { ok: true, row: updated } : { ok: false, reason: 'missing' };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
        throw error;
      }
    },

    /** Removes the source and what its OPC UA collection kept (states, buffer, health); its journal stays. */
    async remove(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(collectionSources)
          .where(eq(collectionSources.id, id))
          .returning({ id: collectionSources.id });
        await tx.delete(opcuaBuffer).where(eq(opcuaBuffer.sourceId, id));
        await tx.delete(opcuaConditionStates).where(eq(opcuaConditionStates.sourceId, id));
        await tx.delete(sourceHealth).where(eq(sourceHealth.sourceId, id));
        return removed.length > 0;
      });
    },

    /** Per source id: events stored since midnight on the plant clock, and the newest event's time. */
    async stats(timeZone: string): Promise<Map<number, SourceStats>> {
      const rows = await queryRows<{ id: number; today: number; last: number | null }>(
        db,
        sql`select (parameters->>'sourceId')::int as id,
              coalesce(sum(event_count) filter (
                where created_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})), 0)::int as today,
              (extract(epoch from max(last_time)) * 1000)::float8 as last
            from journal_batches
            where source in ('collector', 'opcua', 'opcua-refresh') and parameters->>'sourceId' is not null
            group by 1`,
      );
      return new Map(rows.map((row) => [row.id, { eventsToday: row.today, lastEventAt: row.last }]));
    },

    /** Changes whenever a batch of events was stored or removed: the live boards ask again then. */
    async revision(): Promise<string> {
      const [row] = await queryRows<{ revision: string }>(
        db,
        sql`select concat(coalesce(max(id), 0), '.', count(*), '.', coalesce(sum(event_count), 0)) as revision
            from journal_batches`,
      );
      return row.revision;
    },
  };
}

export type SourcesRepository = ReturnType<typeof createSourcesRepository>;
