/**
 * The collector (docs/api.md, "Data collection"): started with the server, it looks at each enabled drop-folder
 * source every `pollMs`, one source after another, and imports the journal files found complete through the
 * same ingest as an upload (validation, duplicate rule, points 待确认, condition tagging, rollups, detection).
 * A file is then moved to `done/`, or to `failed/` with its Chinese error report beside it.
 *
 * On PostgreSQL, several API nodes may run: a source is collected under a transaction-level advisory lock
 * (`pg_try_advisory_xact_lock(COLLECTOR_LOCK_CLASS, id)`), so only one node collects a folder at a time; the
 * files are moved once that transaction committed (a file stored but not moved is found again and, by the
 * duplicate rule, stores nothing twice). Before importing, a look also waits for `(COLLECTOR_LOCK_CLASS, 0)`,
 * so that imports of several sources never run at once on any node. Source ids start at 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SourceStatus } from '../../../contract/sources';
import type { SourceState } from '../../../contract/vocabulary';
import {
  copyingTransaction,
  type Database,
  type DatabaseKind,
  type Executor,
  JOURNAL_LOCK_CLASS,
  lockJournalWrites,
} from '../../db';
import {
  completeJournals,
  DONE_FOLDER,
  FAILED_FOLDER,
  FolderError,
  fileAway,
  folderPath,
  type WaitingJournal,
  waitingJournals,
} from '../../domain/collection/folder';
import {
  DEFAULT_JOURNAL_BATCH_SIZE,
  JOURNAL_LIMITS,
  type JournalBatch,
  JournalFileError,
  JournalLimitError,
  parseJournalFile,
  type UnpackLimits,
} from '../../domain/journal';
import { ingestJournal } from '../../repositories/ingest';
import { queryRows } from '../../repositories/raw-sql';
import { COLLECTOR_USER, type SourceRow, type SourcesRepository } from '../../repositories/sources';
import { Repeating } from './repeating';

/** First key of the collector's advisory locks; the second is the source id. */
export const COLLECTOR_LOCK_CLASS = JOURNAL_LOCK_CLASS;

/** Where the collector reports what it did (the server's logger). */
export interface CollectorLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface CollectorOptions {
  db: Database;
  kind: DatabaseKind;
  sources: SourcesRepository;
  /** The drop root; none: every folder source is in error. */
  dropDir?: string;
  pollMs: number;
  timeZone: string;
  unpack?: UnpackLimits;
  log: CollectorLog;
}

interface Health {
  state: SourceState;
  lastError: string | null;
}

type Outcome = { name: string; to: typeof DONE_FOLDER } | { name: string; to: typeof FAILED_FOLDER; report: string };

export const NO_DROP_DIR = '服务器未配置投放根目录（环境变量 DROP_DIR）';

/** The folder setting of a source row. */
export const folderOf = (row: Pick<SourceRow, 'settings'>): string =>
  String((row.settings as { folder?: unknown } | null)?.folder ?? '');

/** Events whose journal line names no unit or console get the source's. */
async function* withDefaults(
  batches: AsyncIterable<JournalBatch>,
  source: Pick<SourceRow, 'unit' | 'console'>,
): AsyncGenerator<JournalBatch> {
  for await (const batch of batches) {
    if (source.unit || source.console) {
      for (const row of batch.rows) {
        if (row.unit === undefined && source.unit) row.unit = source.unit;
        if (row.console === undefined && source.console) row.console = source.console;
      }
    }
    yield batch;
  }
}

function errorReport(name: string, message: string, lines: string[] = []): string {
  return [`文件：${name}`, `导入失败：${message}`, '', ...lines, ''].join('\n');
}

export class Collector {
  private readonly health = new Map<number, Health>();
  private readonly seen = new Map<number, Map<string, WaitingJournal>>();
  private readonly polling: Repeating;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: CollectorOptions) {
    this.polling = new Repeating(
      () => this.pollOnce(),
      options.pollMs,
      (error) => options.log.error({ err: error }, 'collector poll failed'),
    );
  }

  private get stopped(): boolean {
    return !this.polling.active;
  }

  start(): void {
    this.polling.start();
  }

  /** Stops polling and waits for a look under way to finish (its import commits or rolls back). */
  stop(): Promise<void> {
    return this.polling.stop();
  }

  /** A folder source's state on this node, with what it stored (from the database). */
  status(row: SourceRow, stats?: { eventsToday: number; lastEventAt: number | null }): SourceStatus {
    const counts = {
      eventsToday: stats?.eventsToday ?? 0,
      lastEventAt: stats?.lastEventAt ? new Date(stats.lastEventAt).toISOString() : null,
    };
    if (!row.enabled) return { state: 'disabled', lastError: null, ...counts };
    const health = this.health.get(row.id);
    return { state: health?.state ?? 'connecting', lastError: health?.lastError ?? null, ...counts };
  }

  /**
   * One look at every enabled folder source, in turn, after any look under way: imports of several sources
   * never run at once.
   */
  pollOnce(): Promise<void> {
    const next = this.queue.then(() => this.look());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async look(): Promise<void> {
    const rows = await this.options.sources.list();
    const live = new Set<number>();
    for (const row of rows) {
      if (this.stopped) return;
      if (!row.enabled || row.kind !== 'folder') continue;
      live.add(row.id);
      await this.collect(row);
    }
    for (const id of [...this.health.keys()]) {
      if (!live.has(id)) {
        this.health.delete(id);
        this.seen.delete(id);
      }
    }
  }

  private async collect(row: SourceRow): Promise<void> {
    const { dropDir } = this.options;
    if (!dropDir) {
      this.health.set(row.id, { state: 'error', lastError: NO_DROP_DIR });
      return;
    }
    const folder = folderOf(row);
    let outcomes: Outcome[] | undefined;
    try {
      outcomes = await this.exclusive(row.id, (executor) => this.importReady(row, dropDir, folder, executor));
    } catch (error) {
      this.seen.delete(row.id);
      if (!(error instanceof FolderError)) this.options.log.error({ err: error, source: row.id }, 'collection failed');
      const message = error instanceof FolderError ? error.message : `采集出错：${(error as Error).message}`;
      this.health.set(row.id, { state: 'error', lastError: message });
      return;
    }
    // Another node holds the source and collects it: this one waits for it.
    if (!outcomes) {
      this.seen.delete(row.id);
      this.health.set(row.id, { state: 'connecting', lastError: null });
      return;
    }
    let lastError = outcomes.length ? null : (this.health.get(row.id)?.lastError ?? null);
    if (this.health.get(row.id)?.state === 'error') lastError = null;
    for (const outcome of outcomes) {
      try {
        await fileAway(dropDir, folder, outcome.name, outcome);
      } catch (error) {
        lastError = `文件 ${outcome.name} 无法移动到 ${outcome.to}/：${(error as Error).message}`;
        continue;
      }
      if (outcome.to === FAILED_FOLDER) {
        lastError = `文件 ${outcome.name} 导入失败，已移至 ${FAILED_FOLDER}/（错误报告见 ${outcome.name}.errors.txt）`;
      }
      this.seen.get(row.id)?.delete(outcome.name);
    }
    this.health.set(row.id, { state: 'connected', lastError });
  }

  /** `work` under the source's advisory lock on PostgreSQL (undefined when another node holds it); as is on PGlite. */
  private async exclusive<T>(id: number, work: (executor: Executor) => Promise<T>): Promise<T | undefined> {
    const { db, kind } = this.options;
    if (kind !== 'postgres') return work(db);
    // The imports run in savepoints of this transaction: begun where they can COPY.
    return copyingTransaction(db, async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${COLLECTOR_LOCK_CLASS}::int, ${id}::int) as locked`,
      );
      return lock.locked ? work(tx) : undefined;
    });
  }

  /** Looks at the folder and imports the files complete since the last look, oldest name first. */
  private async importReady(row: SourceRow, root: string, folder: string, executor: Executor): Promise<Outcome[]> {
    const files = await waitingJournals(root, folder);
    const { ready, seen } = completeJournals(this.seen.get(row.id) ?? new Map(), files);
    this.seen.set(row.id, seen);
    const outcomes: Outcome[] = [];
    const dir = folderPath(root, folder);
    // Imports of several sources never run at once, on other nodes either: one lock for all, until commit.
    if (ready.length && this.options.kind === 'postgres') {
      await lockJournalWrites(executor);
    }
    for (const file of ready) {
      if (this.stopped) break;
      outcomes.push(await this.importFile(row, path.join(dir, file.name), file.name, executor));
    }
    return outcomes;
  }

  private async importFile(row: SourceRow, file: string, name: string, executor: Executor): Promise<Outcome> {
    const { timeZone, unpack } = this.options;
    try {
      const batches = parseJournalFile(fs.createReadStream(file), {
        fileName: name,
        timeZone,
        batchSize: 2 * DEFAULT_JOURNAL_BATCH_SIZE,
        maxBytes: JOURNAL_LIMITS.maxBytes,
        maxRows: JOURNAL_LIMITS.maxRows,
        unpack,
      });
      const result = await ingestJournal(executor, withDefaults(batches, row), {
        source: 'collector',
        label: `数据采集「${row.name}」：${name}`,
        parameters: { sourceId: row.id, file: name },
        createdBy: COLLECTOR_USER,
        timeZone,
      });
      if (!result.errorCount) {
        this.options.log.info({ source: row.id, file: name, imported: result.imported }, 'collected journal file');
        return { name, to: DONE_FOLDER };
      }
      const lines = result.errors.map(
        (error) => `第 ${error.row} 行${error.column ? `「${error.column}」列` : ''}：${error.message}`,
      );
      if (result.errorCount > result.errors.length)
        lines.push(`……另有 ${result.errorCount - result.errors.length} 处错误`);
      return {
        name,
        to: FAILED_FOLDER,
        report: errorReport(
          name,
          `日志中有 ${result.errorCount} 处错误，未导入任何数据：请按错误报告修改后重新放入`,
          lines,
        ),
      };
    } catch (error) {
      if (error instanceof JournalFileError || error instanceof JournalLimitError) {
        return { name, to: FAILED_FOLDER, report: errorReport(name, error.message) };
      }
      throw error;
    }
  }
}
