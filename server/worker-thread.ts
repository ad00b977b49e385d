/**
 * A worker thread that answers requests by id: the embedded database (server/db/pglite-thread.ts) and the
 * chart painter (server/charts/svg.ts). The worker posts `{ ready: true }` once it can serve, then answers each
 * `{ id, … }` it is sent with `{ id, result }` or `{ id, error }`, the error's message and fields (PostgreSQL's
 * code, constraint…) as plain data, rebuilt here into an Error.
 */
import { Worker } from 'node:worker_threads';

export type ThreadErrorFields = Record<string, unknown> & { message: string };

interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: ThreadErrorFields;
}

export interface WorkerThreadOptions {
  workerData?: unknown;
  /** The thread does not keep the process alive. */
  unref?: boolean;
}

function rebuildError({ message, ...fields }: ThreadErrorFields): Error {
  return Object.assign(new Error(message), fields);
}

export class WorkerThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** Why the thread takes no more requests: it failed, exited or was terminated. */
  private ended: Error | undefined;
  /** Resolves when the worker says it is ready; rejects if it fails or exits before. */
  readonly ready: Promise<void>;

  constructor(file: string, options: WorkerThreadOptions = {}) {
    this.worker = new Worker(file, { workerData: options.workerData });
    if (options.unref) this.worker.unref();
    this.worker.on('error', (error) => this.end(error));
    this.worker.on('exit', (code) => this.end(new Error(`the worker thread ${file} exited (code ${code})`)));
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: Reply) => {
        if (reply.ready) resolve();
        else this.settle(reply);
      });
      // Registered after `end`: the thread's end is known when these run.
      this.worker.once('error', reject);
      this.worker.once('exit', () => reject(this.ended));
    });
    // Who never waits for `ready` hears of a failure from its requests.
    this.ready.catch(() => undefined);
  }

  /** False once the thread failed, exited or was terminated. */
  get alive(): boolean {
    return this.ended === undefined;
  }

  /** Sends `message` with a fresh id; settles with the worker's answer, or with the thread's end. */
  request<T>(message: Record<string, unknown>): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (value) => resolve(value as T), reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Stops the thread; requests still waiting are refused. */
  async terminate(): Promise<void> {
    this.end(new Error('the worker thread was stopped'));
    await this.worker.terminate();
  }

  private settle({ id, result, error }: Reply): void {
    const waiting = id === undefined ? undefined : this.pending.get(id);
    if (!waiting || id === undefined) return;
    this.pending.delete(id);
    if (error) waiting.reject(rebuildError(error));
    else waiting.resolve(result);
  }

  private end(error: Error): void {
    this.ended ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
