// The phases of a test run, timed: each step appends a line to the file TEST_TIMINGS names, and the run prints
// them as one table at its end, so a slow phase is seen where it happens.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Notes a phase's wall time (and a word on it); nothing when no run collects the timings. */
export function recordTiming(phase, seconds, detail = '') {
  const file = process.env.TEST_TIMINGS;
  if (file) appendFileSync(file, `${JSON.stringify({ phase, seconds, detail })}\n`);
}

export function timingTable(file) {
  const rows = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const width = Math.max(5, ...rows.map((row) => row.phase.length));
  const clock = (seconds) => {
    const whole = Math.round(seconds);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  };
  return [
    `${'phase'.padEnd(width)}  ${'time'.padStart(6)}  `,
    ...rows.map((row) => `${row.phase.padEnd(width)}  ${clock(row.seconds).padStart(6)}  ${row.detail}`),
  ]
    .map((line) => line.trimEnd())
    .join('\n');
}

// `node scripts/timings.mjs record <phase> <seconds> [detail]` and `node scripts/timings.mjs print <file>`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'record') recordTiming(args[0], Number(args[1]), args[2]);
  else if (command === 'print') process.stdout.write(`\n${timingTable(args[0])}\n`);
  else throw new Error('usage: timings.mjs record <phase> <seconds> [detail] | print <file>');
}
