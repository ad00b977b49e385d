/**
 * The deterministic heavy-tailed benchmark journal: alarm load shaped like a real plant's, where a handful of bad
 * actors carry most annunciations. `points` points over `consoles` consoles, `days` days ending at BENCH_END; the
 * point of rank r (ranks dealt over the consoles by a seeded shuffle) draws a share of the annunciations
 * proportional to 1 / r^zipf, at uniformly random times (a Poisson process given its count); every ALM is
 * followed by its RTN after `rtnMinSeconds` plus an exponential delay of mean `rtnMeanSeconds` (RTNs that would
 * fall after the end are left out: the point is still active). With the defaults, 2,000 points over 10 consoles
 * and 30 days, the top point annunciates about 85,000 times (about every 30 s) and the file has about 1,000,000
 * rows. Written as a CSV journal file (docs/api.md format v1), rows in time order.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { randomPriority } from '../../server/domain/simulator';
import { createRng, exponential } from '../../server/domain/simulator/random';
import { BENCH_END } from './journal-file';

export interface HeavyJournalOptions {
  /** Rows in the file, about (RTNs past the end are left out). */
  events: number;
  points: number;
  /** Exponent of the rank law: the point of rank r draws a share ∝ 1 / r^zipf. */
  zipf: number;
  days: number;
  consoles: number;
  rtnMinSeconds: number;
  rtnMeanSeconds: number;
  seed: number;
  /** End of the journal; BENCH_END unless given. */
  end?: number;
  /** Seed of the times, so that journals of one plant (same `seed`, same bad actors) differ month by month. */
  timeSeed?: number;
}

export const HEAVY_JOURNAL: HeavyJournalOptions = {
  events: 1_000_000,
  points: 2_000,
  zipf: 1.1,
  days: 30,
  consoles: 10,
  rtnMinSeconds: 1,
  rtnMeanSeconds: 120,
  seed: 1_100,
};

const CONDITIONS = ['PVHI', 'PVLO', 'PVHH', 'PVLL'];

/** Annunciations of each point, by point index (not rank), summing to about `alarms`. */
export function heavyTailedCounts(options: HeavyJournalOptions, alarms: number): number[] {
  const weights = Array.from({ length: options.points }, (_, r) => 1 / (r + 1) ** options.zipf);
  const total = weights.reduce((sum, w) => sum + w, 0);
  // Ranks dealt to points by a seeded Fisher–Yates shuffle, so the bad actors sit on different consoles.
  const rng = createRng(options.seed);
  const rankOf = Array.from({ length: options.points }, (_, i) => i);
  for (let i = rankOf.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [rankOf[i], rankOf[j]] = [rankOf[j], rankOf[i]];
  }
  return rankOf.map((rank) => Math.max(1, Math.round((alarms * weights[rank]) / total)));
}

/** Strictly increasing whole milliseconds (a point never has two events of one type at one instant). */
function distinctSorted(times: Float64Array): Float64Array {
  times.sort();
  for (let i = 0; i < times.length; i++) {
    times[i] = Math.round(times[i]);
    if (i > 0 && times[i] <= times[i - 1]) times[i] = times[i - 1] + 1;
  }
  return times;
}

const csvField = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Writes the journal to `file`; returns the number of rows and the largest count of one point's ALMs. */
export async function writeHeavyJournal(
  file: string,
  options: HeavyJournalOptions = HEAVY_JOURNAL,
): Promise<{ rows: number; topAlarms: number }> {
  const to = options.end ?? BENCH_END;
  const from = to - options.days * 86_400_000;
  const counts = heavyTailedCounts(options, Math.round(options.events / 2));
  const rng = createRng(options.timeSeed ?? options.seed + 1);
  const pointsPerConsole = Math.ceil(options.points / options.consoles);
  const points = counts.map((_, i) => {
    const consoleIndex = Math.floor(i / pointsPerConsole);
    return {
      tag: `K${consoleIndex + 1}-${String(1000 + (i % pointsPerConsole))}`,
      condition: CONDITIONS[i % CONDITIONS.length],
      priority: randomPriority(rng),
      console: `操作台${consoleIndex + 1}`,
      unit: `装置${Math.floor(consoleIndex / 2) + 1}`,
    };
  });

  // Every event as columns: time, point, ALM (0) or RTN (1).
  const total = counts.reduce((sum, n) => sum + 2 * n, 0);
  const times = new Float64Array(total);
  const pointOf = new Int32Array(total);
  const kindOf = new Uint8Array(total);
  let n = 0;
  counts.forEach((count, point) => {
    const alarms = new Float64Array(count);
    for (let i = 0; i < count; i++) alarms[i] = from + rng() * (to - from);
    distinctSorted(alarms);
    const returns = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      returns[i] = alarms[i] + options.rtnMinSeconds * 1000 + exponential(rng, options.rtnMeanSeconds * 1000);
    }
    distinctSorted(returns);
    for (let i = 0; i < count; i++) {
      if (alarms[i] < to) {
        times[n] = alarms[i];
        pointOf[n] = point;
        kindOf[n++] = 0;
      }
      if (returns[i] < to) {
        times[n] = returns[i];
        pointOf[n] = point;
        kindOf[n++] = 1;
      }
    }
  });
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => times[a] - times[b] || pointOf[a] - pointOf[b] || kindOf[a] - kindOf[b]);

  const out = fs.createWriteStream(file);
  out.write('time,tag,condition,event,priority,console,unit\n');
  for (const i of order) {
    const point = points[pointOf[i]];
    const line = `${new Date(times[i]).toISOString()},${csvField(point.tag)},${point.condition},${kindOf[i] ? 'RTN' : 'ALM'},${point.priority},${csvField(point.console)},${csvField(point.unit)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { rows: n, topAlarms: Math.max(...counts) };
}
