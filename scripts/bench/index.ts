/**
 * `npm run bench`: the server-side budgets of quality.md, printed (not asserted):
 * - the first start's demo seed (time);
 * - import of the 1,000,000-row CSV journal over HTTP (time, peak RSS of the process, progress seen);
 * - `/api/kpi/summary` for 30 days on that journal, p50 / p95;
 * - `/api/health` p99 while those KPI queries run;
 * - load: 200 connections for 30 s on the library list and the KPI summary (scripts/bench/load.ts);
 * - the alarm library's list, a page of 20 per filter on 100,000 points (scripts/bench/library.ts);
 * - web: first-load weight and LCP of the built app in Chromium (scripts/bench/web.ts).
 * Embedded database (PGlite) in a temporary directory; server and client share one process, and the journal
 * part runs in a child process of its own so that its peak RSS is the import's alone.
 * `npm run bench -- seed library journal web` runs only the parts named (all by default).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { ADMIN_USERNAME, seedDatabase } from '../../server/seed';
import { BENCH_END, writeBenchJournal } from './journal-file';
import { benchLibrary } from './library';
import { benchLoad } from './load';
import { benchWeb } from './web';

const print = (line: string) => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function benchDemoSeed(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    const started = performance.now();
    await seedDatabase(database.db, { demo: true });
    const seconds = (performance.now() - started) / 1000;
    const result = (await database.db.execute('select count(*)::int as n from alarm_events' as never)) as unknown as {
      rows: { n: number }[];
    };
    print(`demo seed (first start): ${seconds.toFixed(1)} s for ${result.rows[0].n.toLocaleString('en-US')} events`);
    await database.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The argument that makes this script the journal part's child process. */
const JOURNAL_PROCESS = '--journal-process';

async function benchJournalInChild(): Promise<void> {
  // fork keeps this process's loader flags (tsx), so the child runs this same TypeScript file.
  const child = fork(process.argv[1], [JOURNAL_PROCESS], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the journal benchmark exited with code ${code}`);
}

async function main(): Promise<void> {
  if (process.argv.includes(JOURNAL_PROCESS)) return benchJournal();
  print(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} RAM, Node ${process.version}`,
  );
  const parts = process.argv.slice(2);
  const wanted = (part: string) => parts.length === 0 || parts.includes(part);
  if (wanted('seed')) await benchDemoSeed();
  if (wanted('library')) await benchLibrary(print);
  if (wanted('journal')) await benchJournalInChild();
  if (wanted('web')) await benchWeb(print);
}

async function benchJournal(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const file = path.join(dir, 'journal.csv');
  let started = performance.now();
  const rows = await writeBenchJournal(file);
  print(
    `generated ${rows.toLocaleString('en-US')} rows (${mb(fs.statSync(file).size)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const config = {
    ...loadConfig({}),
    dataDir: path.join(dir, 'data'),
    seedDemo: false,
    staticDir: path.join(dir, 'none'),
  };
  const database = await openDatabase(config);
  await seedDatabase(database.db, { demo: false });
  const app = await buildApp({ config, database });
  const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
  const { token } = await app.repositories.tokens.issue(admin?.id ?? 0, 1);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const auth = { authorization: `Bearer ${token}` };

  // Import: the file streamed as multipart, RSS sampled, progress polled.
  const boundary = 'bench-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="journal.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  async function* body() {
    yield Buffer.from(head);
    yield* fs.createReadStream(file);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  let peakRss = process.memoryUsage().rss;
  let progressSeen = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const poller = setInterval(() => {
    fetch(`${base}/api/alarm/mock/import/bench-import-1`, { headers: auth })
      .then((response) => response.json())
      .then((answer: { data: { rowsRead: number } }) => {
        progressSeen = Math.max(progressSeen, answer.data.rowsRead);
      })
      .catch(() => undefined);
  }, 500);
  started = performance.now();
  const response = await fetch(`${base}/api/alarm/mock/import?job=bench-import-1`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const imported = (await response.json()) as { code: number; data: { imported: number; duplicates: number } };
  const importSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(poller);
  print(
    `import 1M-row CSV: ${importSeconds.toFixed(1)} s (budget ≤ 30 s), peak RSS ${mb(peakRss)} (budget ≤ 600 MB), ` +
      `imported ${imported.data.imported.toLocaleString('en-US')}, duplicates ${imported.data.duplicates}, progress seen up to ${progressSeen.toLocaleString('en-US')} rows`,
  );

  // Detection on demand over the whole journal: the rules over the facts the import kept.
  started = performance.now();
  const detected = (await (
    await fetch(`${base}/api/alarm/base/config/detect`, { method: 'POST', headers: auth })
  ).json()) as { data: { findings: number; open: number } };
  print(
    `abnormal-alarm detection on demand, whole journal: ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${detected.data.findings.toLocaleString('en-US')} findings`,
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

  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
