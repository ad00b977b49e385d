// The embedded database in a worker thread: PGlite runs queries on the thread that owns it, so a heavy
// query there would freeze every request of the server. The main thread talks to it through
// server/db/pglite-thread.ts. Plain JavaScript: Node loads a worker file without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

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

/** Open transactions by id: each stays open until the main thread commits or rolls it back. */
const transactions = new Map();

function serialiseError(error) {
  const { message, name, code, detail, hint, constraint, table, column, schema, severity, position } = error;
  return { message, name, code, detail, hint, constraint, table, column, schema, severity, position };
}

function target(txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

const rollbackRequested = new Error('rollback requested');

/** Opens a transaction that stays open until `finish`: PGlite only offers callback-scoped ones. */
function begin(txId) {
  const entry = {};
  const released = new Promise((resolve, reject) => {
    entry.release = { resolve, reject };
  });
  return new Promise((began, failed) => {
    entry.outcome = db
      .transaction(async (tx) => {
        entry.tx = tx;
        began();
        await released;
      })
      .finally(() => transactions.delete(txId));
    transactions.set(txId, entry);
    entry.outcome.catch(failed);
  });
}

/** Commits (or rolls back) and answers once PGlite has: a failed COMMIT reaches the caller. */
async function finish(txId, commit) {
  const entry = transactions.get(txId);
  if (!entry) throw new Error(`transaction ${txId} is not open`);
  if (commit) entry.release.resolve();
  else entry.release.reject(rollbackRequested);
  try {
    await entry.outcome;
  } catch (error) {
    if (error !== rollbackRequested) throw error;
  }
}

const handlers = {
  // `data`: the bytes a `COPY … FROM '/dev/blob'` reads.
  query: ({ sql, params, rowMode, data, txId }) =>
    target(txId).query(sql, params, { rowMode, parsers, ...(data ? { blob: new Blob([data]) } : {}) }),
  exec: ({ sql, txId }) => target(txId).exec(sql),
  begin: ({ txId }) => begin(txId),
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
