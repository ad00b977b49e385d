/**
 * One journal ingest, all or nothing: validated batches (file import, collector JSON, simulator) are stored in
 * one transaction with a journal batch row, the ingest-time facts are brought up to date and detection runs
 * for the points touched. Any row error rolls everything back and the errors are answered instead.
 */
import { sql } from 'drizzle-orm';
import type { EventSource } from '../../contract/vocabulary';
import { copyingTransaction, type Executor, lockJournalWrites, shareReads } from '../db';
import { analyzeWritten } from '../db/partitions';
import { PhaseClock } from '../domain/ingest/phases';
import { DuplicateFilter, type JournalBatch, type JournalError } from '../domain/journal';
import { createDetectionRepository } from './detection';
import { IngestSession, rebuildRollups, recomputePoints, vacuumJournal } from './journal';
import { readKpiSettings } from './kpi-settings';
import { forgetPeriodFigures } from './period-figures';
import { queryRows, timestampParam } from './raw-sql';

export interface IngestRequest {
  source: EventSource;
  label: string;
  createdBy: string;
  parameters?: unknown;
  timeZone: string;
  /** Rows stored so far, for progress reports. */
  onStored?: (rows: number) => void;
  /** Appends to this batch (its counts and time range grow) instead of opening a new one: a live source's day. */
  appendTo?: number;
  /** Whether abnormal detection runs for the points touched (default); a live source runs it on its own clock. */
  detect?: boolean;
}

export interface IngestResult {
  imported: number;
  duplicates: number;
  errors: JournalError[];
  /** Errors found in all, including those beyond the reported ones. */
  errorCount: number;
  batchId: number | null;
  /** The points that received events. */
  pointIds: number[];
}

/**
 * The planner statistics of the journal are refreshed, as autovacuum's analyze would, once an ingest wrote more
 * than this many events plus this share of those stored before: detection plans its queries right after.
 */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SHARE = 0.1;
const ANALYZED_TABLES = [
  'alarm_events',
  'alarm_load_10m',
  'alarm_plant_load_10m',
  'alarm_point_days',
  'alarm_episodes',
  'alarm_points',
] as const;

/**
 * The batches of `source`, the next one already being read while the caller stores the current one: parsing
 * runs on this thread while the database works in its own, instead of one waiting for the other.
 */
export async function* readAhead<T>(source: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> {
  const iterator =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<T>)[Symbol.asyncIterator]()
      : (source as Iterable<T>)[Symbol.iterator]();
  let next = Promise.resolve(iterator.next());
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = Promise.resolve(iterator.next());
      // Failures surface when that batch is awaited; until then, keep Node from reporting them as unhandled.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    // Queued behind a read still under way, if any.
    await iterator.return?.();
  }
}

/** Thrown inside the transaction to roll it back when a row was bad. */
class RowErrors extends Error {
  constructor(
    readonly errors: JournalError[],
    readonly errorCount: number,
  ) {
    super('journal rows have errors');
  }
}

export async function ingestJournal(
  db: Executor,
  batches: AsyncIterable<JournalBatch> | Iterable<JournalBatch>,
  request: IngestRequest,
): Promise<IngestResult> {
  const errors: JournalError[] = [];
  let errorCount = 0;
  let result: IngestResult;
  const clock = new PhaseClock();
  let committing = 0;
  try {
    result = await copyingTransaction(db, async (tx) => {
      // On the embedded database, other requests' reads run between this transaction's statements.
      await shareReads(tx);
      await lockJournalWrites(tx);
      const settings = await readKpiSettings(tx);
      const [batch] =
        request.appendTo === undefined
          ? await queryRows<{ id: number }>(
              tx,
              sql`insert into journal_batches (source, label, parameters, created_by)
                  values (${request.source}, ${request.label}, ${JSON.stringify(request.parameters ?? null)}::jsonb, ${request.createdBy})
                  returning id`,
            )
          : [{ id: request.appendTo }];
      const session = await IngestSession.open(tx, {
        source: request.source,
        batchId: batch.id,
        chatterCount: settings.kpi.chatterCount,
        clock,
      });
      const duplicates = new DuplicateFilter();
      let stored = 0;
      let since = performance.now();
      for await (const part of readAhead(batches)) {
        clock.add('parse', since);
        errors.push(...part.errors);
        errorCount = part.errorCount;
        if (errorCount > 0) continue;
        const fresh = duplicates.filter(part.rows);
        await session.add(fresh);
        stored += part.rows.length;
        request.onStored?.(stored);
        // A buffered upload and PGlite answer in microtasks only: let waiting requests (progress, health) in.
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
      clock.add('parse', since);
      if (errorCount > 0) throw new RowErrors(errors, errorCount);
      const totals = await session.finish();
      const allDuplicates = duplicates.duplicates + session.storedDuplicates;
      const from = totals.stored ? timestampParam(totals.stored.from) : null;
      const to = totals.stored ? timestampParam(totals.stored.to) : null;
      await tx.execute(
        request.appendTo === undefined
          ? sql`update journal_batches set event_count = ${totals.imported}, duplicates = ${allDuplicates},
                  first_time = ${from}, last_time = ${to}
                where id = ${batch.id}`
          : sql`update journal_batches set event_count = event_count + ${totals.imported},
                  duplicates = duplicates + ${allDuplicates},
                  first_time = least(first_time, ${from}::timestamptz), last_time = greatest(last_time, ${to}::timestamptz)
                where id = ${batch.id}`,
      );
      // The embedded database has no autovacuum, and PostgreSQL's does not see an ingest before it commits: a
      // large load refreshes the planner statistics itself (reltuples is -1 before a table's first analyze).
      const [events] = await queryRows<{ rows: number }>(
        tx,
        sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'alarm_events'::regclass`,
      );
      const written = totals.stored;
      if (written && totals.imported > ANALYZE_BASE_ROWS + ANALYZE_SHARE * events.rows) {
        // A table at a time, so that reads waiting on the embedded database get in between.
        await clock.time('analyze', async () => {
          for (const table of ANALYZED_TABLES) await analyzeWritten(tx, table, written);
        });
      }
      if (totals.imported > 0 && request.detect !== false) {
        await clock.time('detection', () =>
          createDetectionRepository(tx).detect(request.timeZone, totals.pointIds, tx),
        );
      }
      committing = performance.now();
      return {
        imported: totals.imported,
        duplicates: allDuplicates,
        errors: [],
        errorCount: 0,
        batchId: batch.id,
        pointIds: totals.pointIds,
      };
    });
    clock.add('commit', committing);
  } catch (error) {
    if (error instanceof RowErrors) {
      return {
        imported: 0,
        duplicates: 0,
        errors: error.errors,
        errorCount: error.errorCount,
        batchId: null,
        pointIds: [],
      };
    }
    throw error;
  }
  if (result.imported > 0) await clock.time('commit', () => vacuumJournal(db));
  clock.publish(result.imported);
  return result;
}

/** Removes a journal batch and brings the facts and detection of its points up to date. */
export async function deleteJournalBatch(db: Executor, batchId: number, timeZone: string): Promise<number> {
  const deleted = await db.transaction(async (tx) => {
    await lockJournalWrites(tx);
    const settings = await readKpiSettings(tx);
    const affected = await queryRows<{ pointId: number; from: number; to: number }>(
      tx,
      sql`select point_id as "pointId", (extract(epoch from min(time)) * 1000)::float8 as "from",
            (extract(epoch from max(time)) * 1000)::float8 as "to"
          from alarm_events where batch_id = ${batchId} group by point_id`,
    );
    const [{ n }] = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from alarm_events where batch_id = ${batchId} returning 1) select count(*)::int as n from gone`,
    );
    await tx.execute(sql`delete from journal_batches where id = ${batchId}`);
    if (!affected.length) return n;
    const pointIds = affected.map((row) => row.pointId);
    const changed = await recomputePoints(tx, pointIds, settings.kpi.chatterCount);
    const from = Math.min(...affected.map((row) => row.from), changed?.from ?? Number.POSITIVE_INFINITY);
    const to = Math.max(...affected.map((row) => row.to), changed?.to ?? Number.NEGATIVE_INFINITY);
    await rebuildRollups(tx, from, to);
    await createDetectionRepository(tx).detect(timeZone, pointIds, tx);
    await forgetPeriodFigures(tx, from);
    return n;
  });
  if (deleted > 0) await vacuumJournal(db);
  return deleted;
}

/** The journal's ingest as the routes use it: over the app's database, each call its own transaction. */
export function createIngestRepository(db: Executor) {
  return {
    journal: (batches: AsyncIterable<JournalBatch> | Iterable<JournalBatch>, request: IngestRequest) =>
      ingestJournal(db, batches, request),
    deleteBatch: (batchId: number, timeZone: string) => deleteJournalBatch(db, batchId, timeZone),
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
