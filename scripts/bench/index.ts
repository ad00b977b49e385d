/**
 * `npm run bench`: the server-side budgets of docs/quality.md, printed (not asserted):
 * - the first start's demo seed (time), then each board's API calls on that plant (scripts/bench/boards.ts);
 * - import of the 1,000,000-row CSV journal over HTTP (time by phase, the server's peak RSS, progress seen), for two
 *   journals: the even one (scripts/bench/journal-file.ts: 5,000 points sharing the load over 60 days) and the
 *   heavy-tailed one (scripts/bench/heavy-journal-file.ts: 2,000 points, a few bad actors carrying most of it);
 * - abnormal-alarm detection on demand over each;
 * - `/api/kpi/summary` for 30 days on each journal, p50 / p95;
 * - `/api/health` p99 while those KPI queries run;
 * - load: 200 connections for 30 s on the library list and the KPI summary (scripts/bench/load.ts);
 * - the alarm library's list, a page of 20 per filter on 100,000 points (scripts/bench/library.ts);
 * - the xlsx export of that library, time and the server's RSS growth (scripts/bench/export.ts);
 * - the library list and KPI summary p50 / p99 while the heavy-tailed journal is imported, and that import's time
 *   (scripts/bench/reads-during-import.ts);
 * - web: first-load weight and LCP of the built app in Chromium (scripts/bench/web.ts);
 * - opcua: 1,000 OPC UA condition events a second for 60 s, collected and stored (scripts/bench/opcua.ts).
 * Embedded database (PGlite) in a temporary directory; with DATABASE_URL, scratch databases on that
 * PostgreSQL server (scripts/bench/database.ts). For the journal and export parts the server runs alone in a
 * child process as `npm start` runs it (scripts/bench/server.ts), driven over HTTP from this one, so the
 * memory measured is the server's and not the client's or the TypeScript loader's.
 * `npm run bench -- seed library journal export reads-during-import web opcua` runs only the parts named (all by default); `journal-even`
 * and `journal-heavy` run one journal of the journal part. `scale` (a year of a 10-console site, 10,000,000 events, on
 * PostgreSQL) and `scale-1m` (the same with 1,000,000) run only when named (scripts/bench/scale.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db';
import { queryRows } from '../../server/repositories/raw-sql';
import { seedDatabase } from '../../server/seed';
import { benchBoards } from './boards';
import { benchDatabase } from './database';
import { benchExport } from './export';
import { HEAVY_JOURNAL, writeHeavyJournal } from './heavy-journal-file';
import { BENCH_END, writeBenchJournal } from './journal-file';
import { benchLibrary } from './library';
import { benchLoad } from './load';
import { benchOpcua } from './opcua';
import { benchReadsDuringImport } from './reads-during-import';
import { benchScale, SCALE_EVENTS } from './scale';
import { BenchServer } from './server';
import { ms, percentile, phaseTimes } from './stats';
import { postJournal } from './upload';
import { benchWeb } from './web';

const print = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function benchDemoSeed(): Promise<void> {
  const target = await benchDatabase('seed');
  try {
    const database = await openDatabase(target.config);
    const started = performance.now();
    await seedDatabase(database.db, { demo: true });
    const took = seconds(started);
    const [{ n: events }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from alarm_events`,
    );
    print(`demo seed (first start, ${target.label}): ${took} for ${events.toLocaleString('en-US')} events`);
    try {
      await benchBoards(print, target.config, database);
    } finally {
      await database.close();
    }
  } finally {
    await target.dispose();
  }
}

async function main(): Promise<void> {
  print(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} RAM, Node ${process.version}`,
  );
  const parts = process.argv.slice(2);
  const wanted = (part: string) => parts.length === 0 || parts.includes(part);
  if (wanted('seed')) await benchDemoSeed();
  if (wanted('library')) await benchLibrary(print);
  if (wanted('journal') || parts.includes('journal-even')) await benchJournal('even');
  if (wanted('journal') || parts.includes('journal-heavy')) await benchJournal('heavy');
  if (wanted('export')) await benchExport(print);
  if (wanted('reads-during-import')) await benchReadsDuringImport(print);
  if (wanted('web')) await benchWeb(print);
  if (wanted('opcua')) await benchOpcua(print);
  // Only when named: a year of a large site takes minutes and a PostgreSQL server (scripts/bench/scale.ts).
  if (parts.includes('scale')) await benchScale(print, { events: SCALE_EVENTS });
  if (parts.includes('scale-1m')) await benchScale(print, { events: SCALE_EVENTS / 10 });
}

async function benchJournal(shape: 'even' | 'heavy'): Promise<void> {
  const target = await benchDatabase('journal');
  print(`journal part (${shape === 'even' ? 'even load' : 'heavy-tailed load'}) on ${target.label}`);
  try {
    const file = path.join(target.dir, 'journal.csv');
    const generating = performance.now();
    let described: string;
    if (shape === 'even') {
      const rows = await writeBenchJournal(file);
      described = `${rows.toLocaleString('en-US')} rows, 5,000 points, 8 consoles, 60 days`;
    } else {
      const { rows, topAlarms } = await writeHeavyJournal(file);
      const o = HEAVY_JOURNAL;
      described =
        `${rows.toLocaleString('en-US')} rows, ${o.points.toLocaleString('en-US')} points (share ∝ 1/rank^${o.zipf}, ` +
        `top point ${topAlarms.toLocaleString('en-US')} ALMs), ${o.consoles} consoles, ${o.days} days, ` +
        `RTN ${o.rtnMinSeconds} s + exp(${o.rtnMeanSeconds} s)`;
    }
    print(`generated ${described} (${mb(fs.statSync(file).size)}) in ${seconds(generating)}`);
    const server = await BenchServer.start({ dataDir: target.config.dataDir, databaseUrl: target.config.databaseUrl });
    try {
      await driveJournal(server, file, target.config.databaseUrl === undefined);
      await server.close();
    } finally {
      server.kill();
    }
  } finally {
    await target.dispose();
  }
}

async function driveJournal(server: BenchServer, file: string, embedded: boolean): Promise<void> {
  const { base } = server;
  const auth = { authorization: `Bearer ${server.token}` };
  const before = await server.mark();

  // Import: the file streamed as multipart, progress polled.
  let progressSeen = 0;
  const poller = setInterval(() => {
    fetch(`${base}/api/alarm/mock/import/bench-import-1`, { headers: auth })
      .then((response) => response.json())
      .then((answer: { data: { rowsRead: number } }) => {
        progressSeen = Math.max(progressSeen, answer.data.rowsRead);
      })
      .catch(() => undefined);
  }, 500);
  // Other jobs on the machine stretch the time: the load average and the server's own CPU time say how much.
  const load = os.loadavg()[0];
  let started = performance.now();
  const imported = await postJournal(base, auth, file, 'bench-import-1');
  const importTime = seconds(started);
  clearInterval(poller);
  const after = await server.usage();
  const measured = embedded ? 'server' : "Node server (PostgreSQL's own memory not counted)";
  print(
    `import 1M-row CSV: ${importTime} (budget ≤ 30 s; server CPU ${after.cpuSeconds.toFixed(1)} s, load average ${load.toFixed(1)} at the start), ` +
      `${measured} peak RSS ${mb(after.peakRss)} (budget ≤ 600 MB; ${mb(before.markRss)} before the import), ` +
      `imported ${imported.data.imported.toLocaleString('en-US')}, duplicates ${imported.data.duplicates}, progress seen up to ${progressSeen.toLocaleString('en-US')} rows`,
  );
  print(`  import phases: ${phaseTimes(after.ingest)}`);

  // Detection on demand over the whole journal: the rules over the facts the import kept.
  started = performance.now();
  const detected = (await (
    await fetch(`${base}/api/alarm/base/config/detect`, { method: 'POST', headers: auth })
  ).json()) as { data: { findings: number; open: number } };
  print(
    `abnormal-alarm detection on demand, whole journal: ${seconds(started)}, ${detected.data.findings.toLocaleString('en-US')} findings`,
  );

  // KPI summary, 30 days, whole plant and one console; /api/health polled meanwhile.
  const from = new Date(BENCH_END - 30 * 86_400_000).toISOString();
  const to = new Date(BENCH_END).toISOString();
  const kpiTimes: number[] = [];
  const healthTimes: number[] = [];
  let querying = true;
  const healthLoop = (async () => {
    while (querying) {
      const t = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      healthTimes.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  for (let run = 0; run < 30; run++) {
    const scope = run % 2 ? `&console=${encodeURIComponent('操作台3')}` : '';
    const t = performance.now();
    const answer = await fetch(`${base}/api/kpi/summary?from=${from}&to=${to}${scope}`, { headers: auth });
    await answer.arrayBuffer();
    kpiTimes.push(performance.now() - t);
  }
  querying = false;
  await healthLoop;
  print(
    `/api/kpi/summary 30 days: p50 ${ms(percentile(kpiTimes, 50))}, p95 ${ms(percentile(kpiTimes, 95))} (budget p50 ≤ 150 ms)`,
  );
  print(
    `/api/health during KPI queries: p99 ${ms(percentile(healthTimes, 99))} over ${healthTimes.length} requests (budget ≤ 50 ms)`,
  );
  await benchLoad(print, base, auth.authorization, { from, to });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
