/**
 * Simulated alarm journals (模拟), deterministic for a seed. Alarms arrive as a Poisson process over the
 * points (a few bad actors draw most of them, as in real plants); each annunciation returns to normal after
 * a while and is usually acknowledged. Scenarios add what the boards should show:
 * - steady: background load only;
 * - upset: a flood (one burst of many points) in the middle of the range;
 * - chattering: one point that alarms and returns every few seconds in bursts;
 * - standing: one point that activates early and never returns;
 * - mixed: all of the above plus shelving and out-of-service periods.
 * Rows come out in time order, streaming, so 1,000,000 of them never sit in memory.
 */

import type { Priority, Scenario } from '../../../contract/vocabulary';
import type { JournalBatch, JournalRow } from '../journal/types';
import type { EventType } from '../kpi/types';
import { createRng, exponential, type Rng } from './random';

export const SCENARIO_LABELS: Readonly<Record<Scenario, string>> = {
  steady: '平稳运行',
  upset: '工况波动（含报警泛滥）',
  chattering: '颤振报警',
  standing: '长时报警',
  mixed: '综合',
};

export interface SimulatedPoint {
  tag: string;
  condition: string;
  priority: Priority;
  console: string;
  unit: string;
  description?: string;
}

export interface SimulatedRow {
  time: number;
  tag: string;
  condition: string;
  event: EventType;
  priority: Priority;
  console: string;
  unit: string;
  description?: string;
}

export interface SimulationOptions {
  scenario: Scenario;
  points: readonly SimulatedPoint[];
  from: number;
  to: number;
  /** Background annunciations per hour over all points. */
  ratePerHour: number;
  seed: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Priority split near the EEMUA target (low ≈ 80 %, medium ≈ 15 %, high ≈ 4 %, urgent ≈ 1 %). */
export function randomPriority(rng: Rng): Priority {
  const r = rng();
  return r < 0.01 ? 'urgent' : r < 0.05 ? 'high' : r < 0.2 ? 'medium' : 'low';
}

/** A min-heap of pending rows by time (then insertion order), so output stays sorted. */
class RowQueue {
  private heap: { row: SimulatedRow; order: number }[] = [];
  private counter = 0;

  get size(): number {
    return this.heap.length;
  }

  peekTime(): number {
    return this.heap[0].row.time;
  }

  push(row: SimulatedRow): void {
    const heap = this.heap;
    heap.push({ row, order: this.counter++ });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  pop(): SimulatedRow {
    const heap = this.heap;
    const top = heap[0].row;
    const last = heap.pop() as (typeof heap)[number];
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && this.less(l, m)) m = l;
        if (r < heap.length && this.less(r, m)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const x = this.heap[a];
    const y = this.heap[b];
    return x.row.time < y.row.time || (x.row.time === y.row.time && x.order < y.order);
  }
}

/** Weights for picking points: a Zipf-like tail, so the top 10 points carry a visible share. */
function pointPicker(rng: Rng, count: number): () => number {
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let i = 0; i < count; i++) {
    sum += 1 / (i + 1) ** 0.9;
    cumulative[i] = sum;
  }
  return () => {
    const r = rng() * sum;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The simulated journal of a scenario, in time order. */
export function* simulateJournal(options: SimulationOptions): Generator<SimulatedRow> {
  const { scenario, points, from, to, seed } = options;
  if (!points.length || to <= from) return;
  const rng = createRng(seed);
  const queue = new RowQueue();
  const pick = pointPicker(rng, points.length);
  const span = to - from;
  const row = (time: number, point: SimulatedPoint, event: EventType): SimulatedRow => ({
    time: Math.floor(time),
    tag: point.tag,
    condition: point.condition,
    event,
    priority: point.priority,
    console: point.console,
    unit: point.unit,
    ...(point.description ? { description: point.description } : {}),
  });
  /** One annunciation with its return to normal and (usually) acknowledgement. */
  const alarm = (time: number, point: SimulatedPoint, activeMs: number) => {
    queue.push(row(time, point, 'ALM'));
    if (rng() < 0.85) queue.push(row(time + Math.min(activeMs, 30_000 + rng() * 5 * MINUTE), point, 'ACK'));
    queue.push(row(time + activeMs, point, 'RTN'));
  };
  const special = (index: number) => points[(points.length - 1 - index + points.length) % points.length];

  const withFlood = scenario === 'upset' || scenario === 'mixed';
  const withChatter = scenario === 'chattering' || scenario === 'mixed';
  const withStanding = scenario === 'standing' || scenario === 'mixed';
  const withShelving = scenario === 'mixed';

  if (withStanding) {
    const point = special(0);
    queue.push(row(from + span * 0.05, point, 'ALM'));
  }
  if (withChatter) {
    const point = special(1);
    // A burst of 20–40 annunciations a few seconds apart, a few times over the range.
    for (let burst = 0; burst < 4; burst++) {
      let time = from + span * (0.15 + burst * 0.2) + rng() * HOUR;
      const count = 20 + Math.floor(rng() * 20);
      for (let i = 0; i < count && time < to; i++) {
        alarm(time, point, 2_000 + rng() * 3_000);
        time += 8_000 + rng() * 10_000;
      }
    }
  }
  if (withFlood) {
    // 40 minutes with ≈ 30 annunciations per 10 minutes over many points.
    const start = from + span * 0.5;
    for (let time = start; time < Math.min(start + 40 * MINUTE, to); time += exponential(rng, 20_000)) {
      alarm(time, points[pick()], 60_000 + rng() * 20 * MINUTE);
    }
  }
  if (withShelving && points.length > 3) {
    const point = special(2);
    const shelf = from + span * 0.3;
    queue.push(row(shelf, point, 'SHLV'));
    queue.push(row(Math.min(shelf + 8 * HOUR, to - 1), point, 'UNSHLV'));
    const oos = special(3);
    queue.push(row(from + span * 0.6, oos, 'OOS'));
    queue.push(row(Math.min(from + span * 0.6 + 4 * HOUR, to - 1), oos, 'INS'));
  }

  const mean = HOUR / Math.max(options.ratePerHour, 1e-6);
  let next = from + exponential(rng, mean);
  for (;;) {
    while (queue.size && (queue.peekTime() <= next || next >= to)) {
      const out = queue.pop();
      if (out.time >= to) continue;
      yield out;
    }
    if (next >= to) break;
    // Most alarms clear within minutes; a few stay active for hours.
    const activeMs = rng() < 0.03 ? 2 * HOUR + rng() * 20 * HOUR : 5_000 + exponential(rng, 6 * MINUTE);
    alarm(next, points[pick()], activeMs);
    next += exponential(rng, mean);
  }
}

/** Simulated rows as the validated batches the ingest takes (row = position, header being row 1). */
export function* asJournalBatches(rows: Iterable<SimulatedRow>, size = 5000): Generator<JournalBatch> {
  let batch: JournalRow[] = [];
  let read = 0;
  for (const row of rows) {
    batch.push({ ...row, row: ++read + 1 });
    if (batch.length === size) {
      yield { rows: batch, errors: [], errorCount: 0, rowsRead: read };
      batch = [];
    }
  }
  if (batch.length) yield { rows: batch, errors: [], errorCount: 0, rowsRead: read };
}
