// `npm test`: every check, one after another — typecheck, lint, the vitest projects, the browser tests — each timed;
// the table of phases (with the vitest projects' and Playwright files' own lines) is printed at the end, pass or fail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordTiming, timingTable } from './timings.mjs';

// A caller collecting the timings (.ci/run) prints them itself, with its own phases.
const ownTable = !process.env.TEST_TIMINGS;
if (ownTable) process.env.TEST_TIMINGS = path.join(mkdtempSync(path.join(tmpdir(), 'alarm-test-')), 'timings.jsonl');

const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['vitest', ['npm', 'run', 'test:unit', '--', '--reporter=default', '--reporter=./tests/timings-reporter.ts']],
  ['e2e', ['npm', 'run', 'test:e2e']],
];

let status = 0;
for (const [phase, [command, ...args]] of steps) {
  const started = performance.now();
  status = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;
  recordTiming(phase, (performance.now() - started) / 1000, status === 0 ? '' : 'FAILED');
  if (status !== 0) break;
}
if (ownTable) process.stdout.write(`\n${timingTable(process.env.TEST_TIMINGS)}\n`);
process.exit(status);
