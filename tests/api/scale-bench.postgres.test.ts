/**
 * The year-scale bench's code, on one month (docs/performance.md, "Year-scale"): `npm run bench -- scale-1m` loads
 * a year of a 10-console site, 1,000,000 events, and times every read over it; that takes minutes and stays out of
 * `npm test`. Here the same generator writes the last month of that year (a twelfth of its rows), the same
 * month-by-month import stores it over HTTP into the monthly partitions made ahead for the year, and every summary,
 * library page and board call the year's figures come from is made once over it. The figures are printed by the
 * bench, not asserted (docs/quality.md); this keeps its code from breaking unseen.
 */
import { describe, expect, it } from 'vitest';
import { boardCalls } from '../../scripts/bench/boards';
import { benchScale, SCALE_EVENTS } from '../../scripts/bench/scale';
import { testDatabaseUrl } from './helpers';

const TIMEOUT = 5 * 60_000;
/** The KPI summary over the year and over 30 days, whole plant and one console; the library page per filter. */
const SUMMARY_READS = 4;
const LIBRARY_READS = 6;

describe("the year-scale bench's code, on a month of scale-1m", () => {
  it(
    'loads the month into PostgreSQL and answers every summary, library page and board over it',
    async () => {
      const lines: string[] = [];
      const result = await benchScale((line) => lines.push(line), {
        events: Math.round(SCALE_EVENTS / 10 / 12),
        months: 1,
        runs: 1,
        serverUrl: testDatabaseUrl,
      });
      const output = lines.join('\n');

      expect(result.months, output).toEqual([12]);
      const months = [...output.matchAll(/month +(\d+): ([\d,]+) rows imported/g)];
      expect(months.map((match) => Number(match[1]))).toEqual([12]);
      // Every generated row of the month's file was imported.
      expect(result.generated).toBe(Number(months[0][2].replaceAll(',', '')));
      expect(result.imported).toBe(result.generated);
      expect(Number(/load: ([\d,]+) events in/.exec(output)?.[1].replaceAll(',', ''))).toBe(result.generated);
      expect(result.generated).toBeGreaterThan(80_000);

      // Every read answered (a failed one throws): summaries, library pages, each board's calls.
      expect(result.reads).toBe(
        SUMMARY_READS + LIBRARY_READS + boardCalls('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z').length,
      );
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
    TIMEOUT,
  );
});
