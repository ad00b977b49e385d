/**
 * The embedded database behind a worker thread (server/db/pglite-worker.mjs, driven through
 * server/worker-thread.ts). It offers the part of PGlite's interface drizzle's pglite driver uses — `query`,
 * `exec`, `transaction` — so a heavy query runs off the event loop and `/api/health` and every other request
 * stay responsive meanwhile.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { projectPath } from '../paths';
import { WorkerThread } from '../worker-thread';

/** The worker's source file, found from the project folder (server/paths.ts). */
const WORKER_FILE = projectPath('server', 'db', 'pglite-worker.mjs');

export interface PgliteThreadOptions {
  /** Directory of a persistent database; in memory when absent. */
  dataDir?: string;
  /** An in-memory database starts as a copy of this dump (`PGlite.dumpDataDir`). */
  template?: Blob;
}

/** Query options the thread forwards: PGlite's, plus the bytes of a `COPY … FROM '/dev/blob'`. */
export interface ThreadQueryOptions extends QueryOptions {
  data?: Uint8Array;
}

/** What the work of an embedded transaction may ask of it beside drizzle's queries. */
export interface EmbeddedTransaction {
  /** A `COPY … FROM '/dev/blob'` with `data` as its input, in the transaction. */
  copy(copySql: string, data: Uint8Array): Promise<void>;
  /** Lets plain reads of other requests run between this transaction's statements (server/db `shareReads`). */
  shareReads(): Promise<void>;
}

/** The embedded transaction whose work is running, in that work's async context (drizzle hands its own object). */
const runningTransaction = new AsyncLocalStorage<EmbeddedTransaction>();

/** When the request whose work is running began, epoch ms on the high-resolution clock (`requestBegan`). */
const requestStart = new AsyncLocalStorage<number>();

/**
 * Runs `work` as a request that began at `startedAt` (`performance.timeOrigin + performance.now()` then): a read it
 * sends while an import shares its reads waits for its turn counting from then (server/db/shared-turns.mjs), so a
 * request of several statements waits its longest once, not once per statement.
 */
export function requestBegan<T>(startedAt: number, work: () => T): T {
  return requestStart.run(startedAt, work);
}

export class PgliteThread {
  /** The embedded transaction the calling code runs in, if any. */
  static runningTransaction(): EmbeddedTransaction | undefined {
    return runningTransaction.getStore();
  }

  private nextTransaction = 1;

  private openTransactions = 0;

  /** Whether a transaction is open: another one begun now waits for its end (the engine runs one at a time). */
  get transactionOpen(): boolean {
    return this.openTransactions > 0;
  }

  private constructor(private readonly thread: WorkerThread) {}

  /**
   * A new data directory is first created by a short-lived process: initdb leaves several hundred MB of
   * WebAssembly memory behind, which even an ended thread does not fully return, so the server starts lean.
   */
  static async create(options: PgliteThreadOptions): Promise<PgliteThread> {
    if (options.dataDir && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      await promisify(execFile)(process.execPath, [WORKER_FILE, options.dataDir]);
    }
    const thread = new WorkerThread(WORKER_FILE, { workerData: options });
    await thread.ready;
    return new PgliteThread(thread);
  }

  private call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    return this.thread.request<T>({ op, ...args });
  }

  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions, txId?: number): Promise<Results<T>> {
    const since = txId === undefined ? requestStart.getStore() : undefined;
    return this.call('query', { sql, params, rowMode: options?.rowMode, data: options?.data, txId, since });
  }

  exec(sql: string, txId?: number): Promise<Results[]> {
    return this.call('exec', { sql, txId });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.nextTransaction++;
    this.openTransactions++;
    try {
      return await this.run(txId, callback);
    } finally {
      this.openTransactions--;
    }
  }

  private async run<T>(txId: number, callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.call('begin', { txId });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: ThreadQueryOptions) =>
        this.query<R>(sql, params, options, txId),
      sql: () => {
        throw new Error('tagged-template queries are not available through the database thread');
      },
      exec: (sql: string) => this.exec(sql, txId),
      rollback: async () => {
        closed = true;
        await this.call('rollback', { txId });
      },
      listen: () => {
        throw new Error('LISTEN is not available inside a transaction');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    const running: EmbeddedTransaction = {
      copy: async (copySql, data) => {
        await this.query(copySql, [], { data }, txId);
      },
      shareReads: () => this.call('share', { txId }),
    };
    let result: T;
    try {
      result = await runningTransaction.run(running, () => callback(tx));
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.call('rollback', { txId });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call('commit', { txId });
    }
    return result;
  }

  dumpDataDir(): Promise<Blob> {
    return this.call('dump');
  }

  async close(): Promise<void> {
    await this.call('close');
    await this.thread.terminate();
  }

  /** What drizzle's pglite driver is given: it only calls `query`, `exec` and `transaction`. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
