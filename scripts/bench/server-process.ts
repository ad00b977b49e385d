/**
 * A bench part's server process (scripts/bench/server.ts starts it): the app over the database given as JSON
 * in the first argument, as `npm start` runs it — bundled, on plain Node — so that its memory is the server's
 * alone (database thread included) and not the client's or the TypeScript loader's. With `library`, it first
 * generates the 100,000-point alarm library (scripts/bench/library.ts). It reports its address and an admin
 * token once listening; `mark` starts measuring afresh and `usage` answers RSS and CPU time since the last
 * mark (both answer with the usage); `close` shuts it down.
 */
import { subscribe } from 'node:diagnostics_channel';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db';
import { type IngestPhasesMessage, ingestPhasesChannel } from '../../server/domain/ingest/phases';
import { seedDatabase } from '../../server/seed';
import { ADMIN_USERNAME } from '../../server/seed/roles';
import { benchConfig } from './database';
import { generateLibrary } from './library';

export interface ServerProcessOptions {
  dataDir: string;
  databaseUrl?: string;
  library?: boolean;
}
export type ToServerProcess = 'mark' | 'usage' | 'close';
export interface ServerUsage {
  /** RSS at the last `mark`, and its highest sample since. */
  markRss: number;
  peakRss: number;
  /** CPU time of the process since the last `mark`, in seconds. */
  cpuSeconds: number;
  /** Phases of the last journal ingest (server/domain/ingest/phases.ts), if any ran. */
  ingest?: IngestPhasesMessage;
}
export type FromServerProcess =
  | { type: 'ready'; base: string; token: string; generatedSeconds: number }
  | ({ type: 'usage' } & ServerUsage);

/** RSS sampling period: short enough to catch an export's or import's peak. */
const SAMPLE_MS = 10;

const send = (message: FromServerProcess) => process.send?.(message);
const options = JSON.parse(process.argv[2]) as ServerProcessOptions;
const config = benchConfig(options);
const database = await openDatabase(config);
await seedDatabase(database.db, { demo: false });
const generating = performance.now();
if (options.library) await generateLibrary(database.db);
const generatedSeconds = (performance.now() - generating) / 1000;
const app = await buildApp({ config, database });
const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
const { token } = await app.repositories.tokens.issue(admin?.id ?? 0, 1);
const base = await app.listen({ port: 0, host: '127.0.0.1' });

let ingest: IngestPhasesMessage | undefined;
subscribe(ingestPhasesChannel.name, (message) => {
  ingest = message as IngestPhasesMessage;
});

let markRss = process.memoryUsage.rss();
let peakRss = markRss;
let cpuAtMark = process.cpuUsage();
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, SAMPLE_MS).unref();

process.on('message', async (message: ToServerProcess) => {
  if (message === 'close') {
    await app.close();
    await database.close();
    process.disconnect();
    return;
  }
  if (message === 'mark') {
    markRss = process.memoryUsage.rss();
    peakRss = markRss;
    cpuAtMark = process.cpuUsage();
  }
  const { user, system } = process.cpuUsage(cpuAtMark);
  const rss = process.memoryUsage.rss();
  send({ type: 'usage', markRss, peakRss: Math.max(peakRss, rss), cpuSeconds: (user + system) / 1e6, ingest });
});
send({ type: 'ready', base, token, generatedSeconds });
