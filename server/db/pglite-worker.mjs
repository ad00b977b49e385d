// The embedded database in a worker thread: PGlite runs queries on the thread that owns it, so a heavy
// query there would freeze every request of the server. The main thread talks to it through
// server/db/pglite-thread.ts. Plain JavaScript: Node loads a worker file without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { SharedTurns } from './shared-turns.mjs';

// drizzle reads dates and intervals as the text PostgreSQL sends (its own parsers are functions, which
// cannot cross threads, so the same ones are applied here).
const asText = (value) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    asText,
  ]),
);

if (!parentPort) {
  // Run as a process (`node pglite-worker.mjs <dataDir>`): creates a new data directory and ends. initdb
  // leaves hundreds of MB of WebAssembly memory behind, which only the end of a process fully gives back.
  await (await PGlite.create(process.argv[2])).close();
  process.exit(0);
}

const { dataDir, template } = workerData;
// PGlite's default 128 MB of shared buffers stay in the WebAssembly heap, which never shrinks: 32 MB keep a
// 1,000,000-row import within the server's memory budget (docs/quality.md) at no cost in import time.
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
const db = await PGlite.create(
  dataDir ? { dataDir, startParams } : template ? { loadDataDir: template, startParams } : { startParams },
);

/**
 * Open transactions by id: each stays open until the main thread commits or rolls it back. Its statements and the
 * readers let in between them (see `shareReads`) take turns (server/db/shared-turns.mjs): one at a time, never a
 * reader in the middle of another reader's savepoint, and readers within their share of the time.
 */
const transactions = new Map();

/**
 * How an import that shares its reads shares the database with them (server/db/shared-turns.mjs): reads take at
 * most 30 % of its time while its statements wait, no request's reads wait more than 0.4 s in all for their turns, and for 25 ms after a
 * statement of the import, reads over their share wait for its next one.
 */
const READ_TURNS = {
  readShare: 0.3,
  maxWaitMs: 400,
  graceMs: 25,
};

function serialiseError(error) {
  const { message, name, code, detail, hint, constraint, table, column, schema, severity, position } = error;
  return { message, name, code, detail, hint, constraint, table, column, schema, severity, position };
}

function entryOf(txId) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open;
}

const rollbackRequested = new Error('rollback requested');

/** Opens a transaction that stays open until `finish`: PGlite only offers callback-scoped ones. */
function begin(txId) {
  const entry = { txId, shared: false, closing: false, turns: new SharedTurns(READ_TURNS) };
  const released = new Promise((resolve, reject) => {
    entry.release = { resolve, reject };
  });
  // Settles once the transaction shares its reads (or ends): a read that arrives between its begin and its
  // share waits for that instead of queuing behind the whole transaction.
  entry.sharing = new Promise((resolve) => {
    entry.shareNow = resolve;
  });
  return new Promise((began, failed) => {
    entry.outcome = db
      .transaction(async (tx) => {
        entry.tx = tx;
        began();
        await released;
      })
      .finally(() => {
        transactions.delete(txId);
        entry.shareNow();
      });
    transactions.set(txId, entry);
    entry.outcome.catch(failed);
  });
}

/**
 * Commits (or rolls back) and answers once PGlite has: a failed COMMIT reaches the caller. Readers whose turn has
 * not come by then wait for the end, as every other statement does.
 */
async function finish(txId, commit) {
  const entry = entryOf(txId);
  entry.closing = true;
  await entry.turns.own(() => undefined);
  if (commit) entry.release.resolve();
  else entry.release.reject(rollbackRequested);
  try {
    await entry.outcome;
  } catch (error) {
    if (error !== rollbackRequested) throw error;
  }
}

/**
 * A statement that only reads: a SELECT, or a WITH naming no writing verb. A reader let into a shared
 * transaction must not write: its write would be kept or lost with that transaction. Erring towards "writes"
 * only makes a statement wait for the transaction's end.
 */
function readsOnly(sql) {
  const text = sql.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '').slice(0, 100_000);
  if (/^select\b/i.test(text)) return !/\b(nextval|setval|set_config|pg_advisory\w*)\s*\(/i.test(text);
  if (/^with\b/i.test(text)) return !/\b(insert|update|delete|merge|nextval|setval|set_config)\b/i.test(text);
  return false;
}

/** The oldest transaction open and not ending: the one a plain read would otherwise wait for. */
function openTransaction() {
  for (const entry of transactions.values()) if (!entry.closing) return entry;
  return undefined;
}

/**
 * Runs a plain read between the statements of a transaction that shares its reads (a journal import, see
 * docs/architecture.md "Reads during an import"), inside a savepoint so that its failure leaves the
 * transaction as it was. A transaction already failed refuses the savepoint: the read then waits for its end.
 */
function sharedRead(entry, sql, params, options, since) {
  return entry.turns.read(async () => {
    if (entry.closing) return { waited: true };
    try {
      await entry.tx.query('savepoint shared_read');
    } catch {
      return { waited: true };
    }
    try {
      const result = await entry.tx.query(sql, params, options);
      await entry.tx.query('release savepoint shared_read');
      return { result };
    } catch (error) {
      await entry.tx.query('rollback to savepoint shared_read');
      await entry.tx.query('release savepoint shared_read');
      throw error;
    }
  }, since);
}

/**
 * `since`: when the request asking began, in epoch milliseconds (server/db/pglite-thread.ts), taken onto this
 * thread's clock so its reads wait their turn once per request.
 */
async function query({ sql, params, rowMode, data, txId, since }) {
  const options = { rowMode, parsers, ...(data ? { blob: new Blob([data]) } : {}) };
  if (txId !== undefined) {
    const entry = entryOf(txId);
    return entry.turns.own(() => entry.tx.query(sql, params, options));
  }
  const open = data ? undefined : openTransaction();
  if (open && readsOnly(sql)) {
    // A transaction begun but not yet shared may be about to share (an import's first statement).
    if (!open.shared) await Promise.race([open.sharing, open.outcome.catch(() => undefined)]);
    if (open.shared && !open.closing && transactions.has(open.txId)) {
      const begun = since === undefined ? undefined : since - performance.timeOrigin;
      const answer = await sharedRead(open, sql, params, options, begun);
      if (!answer.waited) return answer.result;
    }
  }
  return db.query(sql, params, options);
}

const handlers = {
  // `data`: the bytes a `COPY … FROM '/dev/blob'` reads.
  query,
  exec: ({ sql, txId }) => {
    if (txId === undefined) return db.exec(sql);
    const entry = entryOf(txId);
    return entry.turns.own(() => entry.tx.exec(sql));
  },
  begin: ({ txId }) => begin(txId),
  // From now on, plain reads run between this transaction's statements instead of after its end.
  share: ({ txId }) => {
    const entry = entryOf(txId);
    entry.shared = true;
    entry.shareNow();
  },
  commit: ({ txId }) => finish(txId, true),
  rollback: ({ txId }) => finish(txId, false),
  dump: () => db.dumpDataDir('none'),
  close: () => db.close(),
};

// The answers server/worker-thread.ts expects: `{ ready: true }` once, then `{ id, result }` or `{ id, error }`.
parentPort.on('message', async ({ id, op, ...args }) => {
  try {
    parentPort.postMessage({ id, result: await handlers[op](args) });
  } catch (error) {
    parentPort.postMessage({ id, error: serialiseError(error) });
  }
});
parentPort.postMessage({ ready: true });
