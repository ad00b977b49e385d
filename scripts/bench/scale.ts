/**
 * `npm run bench -- scale` (`scale-1m` for a tenth of it): a year of a 10-console site on PostgreSQL
 * (docs/scale.md, docs/performance.md "Year-scale"). Not part of `npm run bench` without parts, nor of `npm test`:
 * there, tests/api/scale-bench.postgres.test.ts runs the same code on one month of `scale-1m` (`months`, `runs`).
 *
 * The journal is the heavy-tailed one of scripts/bench/heavy-journal-file.ts stretched to a year: 5,000 points over
 * 10 consoles, each point's share of the annunciations ∝ 1/rank^1.1 (the same bad actors all year), every ALM
 * followed by its RTN; 10,000,000 rows in twelve monthly files, as a collector would drop them. Each file is
 * imported over HTTP by the server running alone in a child process (the import path: replay, duplicate rule,
 * rollups, detection), into monthly partitions created ahead for the year. Then, over HTTP, one at a time:
 * the KPI summary over the year and over its last 30 days (whole plant and one console, alternately), a library
 * page of 20 with several filters, and each board's calls over the year; and the database's size.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db';
import { maintainPartitions } from '../../server/db/partitions';
import { boardCalls } from './boards';
import { benchDatabase } from './database';
import { HEAVY_JOURNAL, writeHeavyJournal } from './heavy-journal-file';
import { BENCH_END } from './journal-file';
import { BenchServer } from './server';
import { ms, percentile, phaseTimes } from './stats';
import { postJournal } from './upload';

const DAY_MS = 86_400_000;
const MONTHS = 12;
const MONTH_DAYS = 365 / MONTHS;
const YEAR_START = BENCH_END - 365 * DAY_MS;

export interface ScaleOptions {
  /** Rows of all the months imported, about. */
  events: number;
  /** The last `months` months of the year are generated and imported; the whole year (12) unless given. */
  months?: number;
  /** Timed calls of each read after its first; the figures' own sample sizes unless given. */
  runs?: number;
  /** The PostgreSQL server the scratch database is made on; DATABASE_URL unless given. */
  serverUrl?: string;
}

export interface ScaleResult {
  /** The months imported, 1 to 12. */
  months: number[];
  /** Rows written to the monthly files, and rows the imports reported stored. */
  generated: number;
  imported: number;
  /** Reads that answered (each failed read throws). */
  reads: number;
}

export const SCALE_EVENTS = 10_000_000;

const BUDGETS = {
  loadSeconds: 300,
  yearSummaryMs: 300,
  monthSummaryMs: 100,
  libraryP95Ms: 50,
  boardP50Ms: 150,
};

/** `runs` timed calls after a first one, which warms the server's buffers (and 系统改进看板's kept periods). */
async function timedWithFirst(
  base: string,
  auth: { authorization: string },
  url: string,
  runs: number,
): Promise<{ first: number; times: number[] }> {
  let first = 0;
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: auth });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (run > 0) times.push(performance.now() - started);
    else first = performance.now() - started;
  }
  return { first, times };
}

async function onDatabase<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Bytes of each journal table with its partitions and indexes, and the whole database. */
async function sizes(databaseUrl: string): Promise<{ table: string; bytes: number }[]> {
  return onDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ table: string; bytes: string }>(
      `select coalesce(p.relname, c.relname) as table, sum(pg_total_relation_size(c.oid))::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_inherits i on i.inhrelid = c.oid left join pg_class p on p.oid = i.inhparent
       where n.nspname = 'public' and c.relkind = 'r'
       group by 1
       union all select 'whole database', pg_database_size(current_database())::text`,
    );
    return rows.map((row) => ({ table: row.table, bytes: Number(row.bytes) })).sort((a, b) => b.bytes - a.bytes);
  });
}

export async function benchScale(
  print: (line: string) => void,
  { events, months = MONTHS, runs, serverUrl }: ScaleOptions,
): Promise<ScaleResult> {
  const result: ScaleResult = { months: [], generated: 0, imported: 0, reads: 0 };
  const timed = async (base: string, auth: { authorization: string }, url: string, figureRuns: number) => {
    const times = (await timedWithFirst(base, auth, url, runs ?? figureRuns)).times;
    result.reads += 1;
    return times;
  };
  const target = await benchDatabase('scale', serverUrl);
  const { databaseUrl } = target.config;
  if (!databaseUrl) {
    await target.dispose();
    throw new Error('npm run bench -- scale runs on PostgreSQL only: set DATABASE_URL');
  }
  print(
    `year-scale part on ${target.label}: ${events.toLocaleString('en-US')} events, ${months} month${months === 1 ? '' : 's'}, 10 consoles`,
  );
  try {
    // The year's monthly partitions exist before its months arrive, as the daily maintenance keeps them ahead.
    const database = await openDatabase(target.config);
    try {
      await maintainPartitions(database.db, { cover: { from: YEAR_START, to: BENCH_END } });
    } finally {
      await database.close();
    }
    const server = await BenchServer.start({ dataDir: target.config.dataDir, databaseUrl });
    try {
      const auth = { authorization: `Bearer ${server.token}` };
      let loadMs = 0;
      let imported = 0;
      let generateMs = 0;
      const file = path.join(target.dir, 'month.csv');
      for (let month = MONTHS - months; month < MONTHS; month++) {
        let started = performance.now();
        const { rows } = await writeHeavyJournal(file, {
          ...HEAVY_JOURNAL,
          points: 5_000,
          events: Math.round(events / months),
          days: MONTH_DAYS,
          end: YEAR_START + (month + 1) * MONTH_DAYS * DAY_MS,
          timeSeed: HEAVY_JOURNAL.seed + 1 + month,
        });
        generateMs += performance.now() - started;
        started = performance.now();
        const answer = await postJournal(server.base, auth, file, `scale-month-${month + 1}`);
        if (answer.code !== 0) throw new Error(`month ${month + 1}: ${JSON.stringify(answer)}`);
        const took = performance.now() - started;
        loadMs += took;
        imported += answer.data.imported;
        result.months.push(month + 1);
        result.generated += rows;
        // Where the month's time went: the phases that grow with the stored year are the ones to look at.
        const { ingest } = await server.usage();
        print(
          `  month ${String(month + 1).padStart(2)}: ${rows.toLocaleString('en-US')} rows imported in ${(took / 1000).toFixed(1)} s ` +
            `(${phaseTimes(ingest)})`,
        );
      }
      fs.rmSync(file, { force: true });
      print(
        `load: ${imported.toLocaleString('en-US')} events in ${(loadMs / 1000).toFixed(1)} s ` +
          `(budget ≤ ${BUDGETS.loadSeconds} s; generating the files took ${(generateMs / 1000).toFixed(1)} s more)`,
      );

      // The reads are measured as they stand once autovacuum has visited the new months (insert-driven vacuums set
      // the visibility maps the index-only scans of the episodes and rollups need): here, at once.
      const vacuuming = performance.now();
      await onDatabase(databaseUrl, (client) => client.query('vacuum (analyze)'));
      print(`vacuum (analyze) of the loaded year: ${((performance.now() - vacuuming) / 1000).toFixed(1)} s`);

      const consoleScope = `&console=${encodeURIComponent('操作台3')}`;
      const summary = async (days: number, figureRuns: number) => {
        const window = `from=${new Date(BENCH_END - days * DAY_MS).toISOString()}&to=${new Date(BENCH_END).toISOString()}`;
        const plant = await timed(server.base, auth, `/api/kpi/summary?${window}`, figureRuns);
        const one = await timed(server.base, auth, `/api/kpi/summary?${window}${consoleScope}`, figureRuns);
        return { plant: percentile(plant, 50), one: percentile(one, 50) };
      };
      const year = await summary(365, 10);
      print(
        `/api/kpi/summary over the year: p50 ${ms(year.plant)} whole plant, ${ms(year.one)} one console (budget ≤ ${BUDGETS.yearSummaryMs} ms)`,
      );
      const month = await summary(30, 20);
      print(
        `/api/kpi/summary over 30 days: p50 ${ms(month.plant)} whole plant, ${ms(month.one)} one console (budget ≤ ${BUDGETS.monthSummaryMs} ms)`,
      );

      const filters: [string, string][] = [
        ['no filter', ''],
        ['console', `console=${encodeURIComponent('操作台3')}`],
        ['tag prefix', `tag=${encodeURIComponent('K3-1')}`],
        ['priority', 'priority=high'],
        ['condition, page 10', 'condition=PVHI&current=10'],
        ['sorted by tag', 'sortField=tag&sortOrder=descend'],
      ];
      let worstLibrary = 0;
      for (const [label, query] of filters) {
        const times = await timed(server.base, auth, `/api/alarm/bases/list?pageSize=20&${query}`, 40);
        worstLibrary = Math.max(worstLibrary, percentile(times, 95));
        print(`  library ${label.padEnd(20)} p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
      }
      print(
        `library page of 20, 5,000 points with a year of events: worst p95 ${ms(worstLibrary)} (budget ≤ ${BUDGETS.libraryP95Ms} ms)`,
      );

      let worstBoard = 0;
      for (const [name, url] of boardCalls(new Date(YEAR_START).toISOString(), new Date(BENCH_END).toISOString())) {
        const { first, times } = await timedWithFirst(server.base, auth, url, runs ?? 5);
        result.reads += 1;
        worstBoard = Math.max(worstBoard, percentile(times, 50));
        print(
          `  ${name.padEnd(8, '　')} over the year: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} ` +
            `(first call ${ms(first)})`,
        );
      }
      print(`board calls over the year: worst p50 ${ms(worstBoard)} (budget ≤ ${BUDGETS.boardP50Ms} ms)`);

      const measured = await sizes(databaseUrl);
      const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MiB`;
      const perMillion = (bytes: number) => mib((bytes / imported) * 1_000_000);
      for (const { table, bytes } of measured.slice(0, 8)) print(`  size ${table}: ${mib(bytes)}`);
      const whole = measured.find((entry) => entry.table === 'whole database')?.bytes ?? 0;
      const journal = measured
        .filter((entry) => ['alarm_events', 'alarm_episodes'].includes(entry.table))
        .reduce((sum, entry) => sum + entry.bytes, 0);
      print(
        `database size: ${mib(whole)} in all, ${perMillion(whole)} per million events ` +
          `(events and episodes ${perMillion(journal)}, the rest rollups, library and others)`,
      );
      await server.close();
      result.imported = imported;
      return result;
    } finally {
      server.kill();
    }
  } finally {
    await target.dispose();
  }
}
