/**
 * The deterministic benchmark journal: 1,000,000 events over 5,000 alarm points, 8 consoles and 60 days
 * ending at a fixed instant, written as a CSV journal file (docs/api.md format v1) from the simulator.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import { randomPriority, type SimulatedPoint, simulateJournal } from '../../server/domain/simulator';
import { createRng } from '../../server/domain/simulator/random';

export const BENCH_EVENTS = 1_000_000;
export const BENCH_POINTS = 5_000;
export const BENCH_CONSOLES = 8;
export const BENCH_DAYS = 60;
/** Fixed end, so the file is byte-identical on every run. */
export const BENCH_END = Date.UTC(2025, 5, 1);

export function benchPoints(): SimulatedPoint[] {
  const rng = createRng(5000);
  const conditions = ['PVHI', 'PVLO', 'PVHH', 'PVLL'];
  return Array.from({ length: BENCH_POINTS }, (_, i) => {
    const consoleIndex = i % BENCH_CONSOLES;
    return {
      tag: `U${consoleIndex + 1}-${String(10000 + Math.floor(i / 2))}`,
      condition: conditions[i % conditions.length],
      priority: randomPriority(rng),
      console: `操作台${consoleIndex + 1}`,
      unit: `装置${Math.floor(consoleIndex / 2) + 1}`,
    };
  });
}

const csvField = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Writes the journal to `file`; returns the number of rows. */
export async function writeBenchJournal(file: string, events = BENCH_EVENTS): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write('time,tag,condition,event,priority,console,unit\n');
  const from = BENCH_END - BENCH_DAYS * 86_400_000;
  // About 2.85 events per annunciation (ALM, RTN, most ACKed) plus the flood.
  const ratePerHour = events / 2.85 / (BENCH_DAYS * 24);
  let written = 0;
  for (const row of simulateJournal({
    scenario: 'mixed',
    points: benchPoints(),
    from,
    to: BENCH_END,
    ratePerHour,
    seed: 60,
  })) {
    const line = `${new Date(row.time).toISOString()},${csvField(row.tag)},${row.condition},${row.event},${row.priority},${csvField(row.console)},${csvField(row.unit)}\n`;
    if (!out.write(line)) await once(out, 'drain');
    if (++written === events) break;
  }
  out.end();
  await once(out, 'finish');
  return written;
}
