/**
 * The embedded database behind a worker thread (server/db/pglite-worker.mjs). It offers the part of
 * PGlite's interface drizzle's pglite driver uses — `query`, `exec`, `transaction` — so a heavy query
 * runs off the event loop and `/api/health` and every other request stay responsive meanwhile.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/** The worker's source file: resolved from the working directory, like the migrations folder. */
function workerFile(): string {
  return path.resolve(process.cwd(), 'server', 'db', 'pglite-worker.mjs');
}

/** An error of the worker rebuilt with PostgreSQL's fields (code, constraint…) that callers test. */
function rebuildError(fields: NonNullable<Reply['error']>): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

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

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTransaction = 1;
  private readonly ready: Promise<void>;

  private constructor(options: PgliteThreadOptions) {
    this.worker = new Worker(workerFile(), { workerData: options });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (reply: Reply) => {
        if (reply.ready) {
          resolve();
          return;
        }
        const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
        if (!waiting || reply.id === undefined) return;
        this.pending.delete(reply.id);
        if (reply.error) waiting.reject(rebuildError(reply.error));
        else waiting.resolve(reply.result);
      });
    });
    this.worker.on('error', (error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    });
  }

  /**
   * A new data directory is first created by a short-lived process: initdb leaves several hundred MB of
   * WebAssembly memory behind, which even an ended thread does not fully return, so the server starts lean.
   */
  static async create(options: PgliteThreadOptions): Promise<PgliteThread> {
    if (options.dataDir && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      await promisify(execFile)(process.execPath, [workerFile(), options.dataDir]);
    }
    const thread = new PgliteThread(options);
    await thread.ready;
    return thread;
  }

  private call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...args });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions, txId?: number): Promise<Results<T>> {
    return this.call('query', { sql, params, rowMode: options?.rowMode, data: options?.data, txId });
  }

  exec(sql: string, txId?: number): Promise<Results[]> {
    return this.call('exec', { sql, txId });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.nextTransaction++;
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
    let result: T;
    try {
      result = await callback(tx);
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
    await this.worker.terminate();
  }

  /** What drizzle's pglite driver is given: it only calls the methods above. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
