/**
 * A reporter beside 'list': at the end of a run, each spec file's wall time (its first test's start to its last
 * test's end, workers side by side), the sum of its tests' own times and its test count, slowest first, so that
 * slow files are seen.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface FileTime {
  tests: number;
  start: number;
  end: number;
  busy: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class FileTimes implements Reporter {
  private readonly files = new Map<string, FileTime>();
  /** Playwright makes its reporters before the global setup: the run's time includes the setup. */
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const seen = this.files.get(file);
    if (!seen) this.files.set(file, { tests: 1, start, end, busy: result.duration });
    else {
      seen.tests += 1;
      seen.start = Math.min(seen.start, start);
      seen.end = Math.max(seen.end, end);
      seen.busy += result.duration;
    }
  }

  onEnd(result: FullResult) {
    const rows = [...this.files].sort(([, a], [, b]) => b.end - b.start - (a.end - a.start));
    const width = Math.max(4, ...rows.map(([file]) => file.length));
    const line = (cells: string[]) =>
      `  ${cells[0].padEnd(width)}  ${cells
        .slice(1)
        .map((cell) => cell.padStart(9))
        .join('  ')}\n`;
    let table = `\nWall time per spec file (run ${seconds(Date.now() - this.started)}, ${result.status}):\n`;
    table += line(['file', 'wall', 'tests sum', 'tests']);
    for (const [file, time] of rows) {
      table += line([file, seconds(time.end - time.start), seconds(time.busy), String(time.tests)]);
      // A line of npm test's phase table, as scripts/timings.mjs writes them (Playwright's loader takes no .mjs).
      const timings = process.env.TEST_TIMINGS;
      const phase = { phase: `  e2e ${file}`, seconds: (time.end - time.start) / 1000, detail: `${time.tests} tests` };
      if (timings) appendFileSync(timings, `${JSON.stringify(phase)}\n`);
    }
    process.stdout.write(table);
  }

  printsToStdio() {
    return true;
  }
}
