/**
 * `npm run bench -- scale-1m` runs whole on PostgreSQL (docs/performance.md, "Year-scale"): the year of a 10-console
 * site at a tenth of its size is generated, imported month by month into the monthly partitions over HTTP, and
 * every read the year-scale figures come from answers. The figures are printed, not asserted (docs/quality.md);
 * this keeps the bench itself from breaking unseen. `scale` (10 M events) stays out of `npm test`.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const BENCH_TIMEOUT = 20 * 60_000;

describe('the year-scale bench, 1 M events', () => {
  it(
    'loads the year into PostgreSQL and answers every summary, library page and board over it',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/index.ts', 'scale-1m'], {
        env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, BENCH_KEEP: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      // The figures of this machine, in the test log.
      process.stdout.write(output);
      expect(code, output).toBe(0);

      const months = [...output.matchAll(/month +(\d+): ([\d,]+) rows imported/g)];
      expect(months.map((match) => Number(match[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      const rows = months.reduce((sum, match) => sum + Number(match[2].replaceAll(',', '')), 0);
      const loaded = /load: ([\d,]+) events in/.exec(output);
      // Every generated row of the twelve files was imported.
      expect(Number(loaded?.[1].replaceAll(',', ''))).toBe(rows);
      expect(rows).toBeGreaterThan(1_000_000);
      for (const figure of [
        /\/api\/kpi\/summary over the year: p50 [\d.]+ ms whole plant, [\d.]+ ms one console/,
        /\/api\/kpi\/summary over 30 days: p50 [\d.]+ ms whole plant/,
        /library page of 20, 5,000 points with a year of events: worst p95 [\d.]+ ms/,
        /board calls over the year: worst p50 [\d.]+ ms/,
        /database size: \d+ MiB in all, \d+ MiB per million events/,
      ]) {
        expect(output).toMatch(figure);
      }
    },
    BENCH_TIMEOUT,
  );
});
