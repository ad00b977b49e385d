/**
 * What OPC UA collection keeps in the database (docs/api.md, "Data collection"): the state last recorded per
 * condition, the buffer of journal events received and not yet stored, and each source's health as the node
 * collecting it last wrote it.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EventSource, SourceState } from '../../contract/vocabulary';
import type { Database, Executor } from '../db';
import { opcuaBuffer, opcuaConditionStates, sourceHealth } from '../db/schema';
import type { ConditionRecord } from '../domain/collection/opcua';
import type { JournalRow } from '../domain/journal';
import { queryRows } from './raw-sql';

export interface BufferedRows {
  id: number;
  source: EventSource;
  rows: JournalRow[];
}

export interface HealthRow {
  state: SourceState;
  lastError: string | null;
  node: string;
  /** Epoch milliseconds. */
  heartbeatAt: number;
}

export function createOpcuaRepository(db: Database) {
  return {
    async conditionStates(sourceId: number): Promise<Map<string, ConditionRecord>> {
      const rows = await db
        .select({ conditionId: opcuaConditionStates.conditionId, state: opcuaConditionStates.state })
        .from(opcuaConditionStates)
        .where(eq(opcuaConditionStates.sourceId, sourceId));
      return new Map(rows.map((row) => [row.conditionId, row.state as ConditionRecord]));
    },

    /**
     * Keeps received journal events and the conditions' new states together: what the buffer holds and what the
     * states say always agree, so a restart diffs the next events against what will be stored.
     */
    async buffer(
      sourceId: number,
      parts: { source: EventSource; rows: JournalRow[] }[],
      states: [string, ConditionRecord][],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const filled = parts.filter((part) => part.rows.length);
        if (filled.length) {
          await tx
            .insert(opcuaBuffer)
            .values(
              filled.map((part) => ({ sourceId, source: part.source, rows: part.rows, rowCount: part.rows.length })),
            );
        }
        if (states.length) {
          await tx
            .insert(opcuaConditionStates)
            .values(states.map(([conditionId, state]) => ({ sourceId, conditionId, state })))
            .onConflictDoUpdate({
              target: [opcuaConditionStates.sourceId, opcuaConditionStates.conditionId],
              set: { state: sql`excluded.state` },
            });
        }
      });
    },

    /** Journal events waiting in the buffer of a source. */
    async bufferedRows(sourceId: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select coalesce(sum(row_count), 0)::int as n from opcua_buffer where source_id = ${sourceId}`,
      );
      return row.n;
    },

    /** The oldest buffered parts of a source, up to about `limit` rows. */
    async takeBuffered(tx: Executor, sourceId: number, limit: number): Promise<BufferedRows[]> {
      const rows = await tx
        .select({ id: opcuaBuffer.id, source: opcuaBuffer.source, rows: opcuaBuffer.rows, count: opcuaBuffer.rowCount })
        .from(opcuaBuffer)
        .where(eq(opcuaBuffer.sourceId, sourceId))
        .orderBy(asc(opcuaBuffer.id))
        .limit(Math.max(1, Math.ceil(limit / 50)));
      const taken: BufferedRows[] = [];
      let total = 0;
      for (const row of rows) {
        if (taken.length && total + row.count > limit) break;
        taken.push({ id: row.id, source: row.source, rows: row.rows as JournalRow[] });
        total += row.count;
      }
      return taken;
    },

    async dropBuffered(tx: Executor, ids: number[]): Promise<void> {
      if (ids.length) await tx.delete(opcuaBuffer).where(inArray(opcuaBuffer.id, ids));
    },

    async writeHealth(sourceId: number, node: string, state: SourceState, lastError: string | null): Promise<void> {
      await db
        .insert(sourceHealth)
        .values({ sourceId, node, state, lastError, heartbeatAt: new Date() })
        .onConflictDoUpdate({
          target: sourceHealth.sourceId,
          set: { node, state, lastError, heartbeatAt: new Date() },
        });
    },

    /** The health row of a source when `node` wrote it: a node giving a source up leaves no stale word behind. */
    async clearHealth(sourceId: number, node: string): Promise<void> {
      await db.delete(sourceHealth).where(and(eq(sourceHealth.sourceId, sourceId), eq(sourceHealth.node, node)));
    },

    async health(): Promise<Map<number, HealthRow>> {
      const rows = await db.select().from(sourceHealth);
      return new Map(
        rows.map((row) => [
          row.sourceId,
          { state: row.state, lastError: row.lastError, node: row.node, heartbeatAt: row.heartbeatAt.getTime() },
        ]),
      );
    },
  };
}

export type OpcuaRepository = ReturnType<typeof createOpcuaRepository>;
