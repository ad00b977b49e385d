/**
 * `npm run bench -- reads-during-import`: the library list and the KPI summary asked over and over while the
 * heavy-tailed 1,000,000-row journal (scripts/bench/heavy-journal-file.ts) is imported over HTTP: their p50 and
 * p99 (budget p99 ≤ 1 s embedded, ≤ 200 ms on PostgreSQL, docs/quality.md) and the import's own time. On the
 * embedded database the reads take turns with the import's statements and have up to 30 % of the time while it
 * waits (docs/architecture.md, "Reads during an import"), so readers who never pause stretch it to about 1.4 times
 * its time alone (the journal part's figure, budget ≤ 30 s). A first import of 20,000 rows of the even journal
 * gives the reads something to read. Embedded database, or PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { benchDatabase } from './database';
import { writeHeavyJournal } from './heavy-journal-file';
import { BENCH_END, writeBenchJournal } from './journal-file';
import { BenchServer } from './server';
import { ms, percentile } from './stats';
import { postJournal } from './upload';

export async function benchReadsDuringImport(print: (line: string) => void): Promise<void> {
  const target = await benchDatabase('reads-during-import');
  const budget = target.config.databaseUrl ? '200 ms' : '1 s';
  print(`reads during an import on ${target.label}`);
  try {
    const first = path.join(target.dir, 'first.csv');
    await writeBenchJournal(first, 20_000);
    const heavy = path.join(target.dir, 'heavy.csv');
    const { rows } = await writeHeavyJournal(heavy);
    const server = await BenchServer.start({ dataDir: target.config.dataDir, databaseUrl: target.config.databaseUrl });
    try {
      const auth = { authorization: `Bearer ${server.token}` };
      await postJournal(server.base, auth, first, 'bench-reads-first');
      fs.rmSync(first);

      const from = new Date(BENCH_END - 30 * 86_400_000).toISOString();
      const to = new Date(BENCH_END).toISOString();
      const reads = {
        'library list': `/api/alarm/bases/list?current=1&pageSize=20`,
        'KPI summary 30 days': `/api/kpi/summary?from=${from}&to=${to}`,
      };
      const times = Object.fromEntries(Object.keys(reads).map((name) => [name, [] as number[]]));
      let importing = true;
      // One client per read, each asking again as soon as answered.
      const clients = Object.entries(reads).map(async ([name, url]) => {
        while (importing) {
          const started = performance.now();
          const response = await fetch(`${server.base}${url}`, { headers: auth });
          await response.arrayBuffer();
          if (importing) times[name].push(performance.now() - started);
        }
      });
      const started = performance.now();
      const answer = await postJournal(server.base, auth, heavy, 'bench-reads-heavy');
      const took = (performance.now() - started) / 1000;
      importing = false;
      await Promise.all(clients);
      print(
        `  import of the heavy-tailed ${rows.toLocaleString('en-US')}-row journal while reading: ${took.toFixed(1)} s ` +
          `(alone: the journal part, budget ≤ 30 s), imported ${answer.data.imported.toLocaleString('en-US')}`,
      );
      for (const [name, values] of Object.entries(times)) {
        print(
          `  ${name} during the import: p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, ` +
            `max ${ms(Math.max(...values))} over ${values.length} requests (budget p99 ≤ ${budget})`,
        );
      }
      await server.close();
    } finally {
      server.kill();
    }
  } finally {
    await target.dispose();
  }
}
