/**
 * Exact duplicates within one import (docs/domain.md: same time, tag, condition and event type) are dropped and
 * counted. The filter is exact (no hash-only keys that could drop a real event) and compact enough for the
 * 5,000,000-row limit: (tag, condition) pairs are numbered once, and each event is one slot of an
 * open-addressing table in typed arrays — 12 bytes a slot, at most 70 % full.
 *
 * Memory: 1,000,000 rows → 2^21 slots ≈ 25 MB; 5,000,000 rows → 2^23 slots ≈ 100 MB (about 150 MB for a
 * moment while the table doubles), plus about 150 bytes per distinct (tag, condition). A Set of string keys
 * would take ≈ 100 bytes a row (≈ 500 MB at the limit).
 */
import { EVENT_TYPES } from '../kpi/types';
import type { JournalRow } from './types';

export type JournalEventKey = Pick<JournalRow, 'time' | 'tag' | 'condition' | 'event'>;

const MAX_LOAD = 0.7;
const EVENT_CODE: ReadonlyMap<string, number> = new Map(EVENT_TYPES.map((event, index) => [event, index]));
/** Slot keys pack point number and event code (16 codes) into an int32, 0 meaning an empty slot. */
const MAX_POINTS = 2 ** 27 - 1;

function slotOf(time: number, key: number, mask: number): number {
  const low = time >>> 0;
  const high = Math.floor(time / 4_294_967_296) | 0;
  let hash = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(key, 0xc2b2ae35);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d);
  hash ^= hash >>> 15;
  return hash & mask;
}

export class DuplicateFilter {
  /** Rows dropped as duplicates so far. */
  duplicates = 0;
  private readonly points = new Map<string, Map<string, number>>();
  private pointCount = 0;
  private times: Float64Array;
  private keys: Int32Array;
  private used = 0;

  /** `expectedRows` only sizes the first table; it grows as needed. */
  constructor(expectedRows = 1024) {
    let capacity = 16;
    while (capacity * MAX_LOAD < expectedRows) capacity *= 2;
    this.times = new Float64Array(capacity);
    this.keys = new Int32Array(capacity);
  }

  /** Distinct events seen. */
  get size(): number {
    return this.used;
  }

  /** True the first time an event is seen; false, and counted, for an exact duplicate. */
  add(event: JournalEventKey): boolean {
    const key = this.pointOf(event.tag, event.condition) * 16 + (EVENT_CODE.get(event.event) ?? 15) + 1;
    const { times, keys } = this;
    const mask = keys.length - 1;
    let slot = slotOf(event.time, key, mask);
    for (;;) {
      const found = keys[slot];
      if (found === 0) break;
      if (found === key && times[slot] === event.time) {
        this.duplicates++;
        return false;
      }
      slot = (slot + 1) & mask;
    }
    keys[slot] = key;
    times[slot] = event.time;
    this.used++;
    if (this.used > keys.length * MAX_LOAD) this.grow();
    return true;
  }

  /** The rows of a batch not seen before, in their order. */
  filter<T extends JournalEventKey>(rows: readonly T[]): T[] {
    return rows.filter((row) => this.add(row));
  }

  private pointOf(tag: string, condition: string): number {
    let conditions = this.points.get(tag);
    if (!conditions) {
      conditions = new Map();
      this.points.set(tag, conditions);
    }
    let point = conditions.get(condition);
    if (point === undefined) {
      if (this.pointCount >= MAX_POINTS) throw new RangeError('DuplicateFilter: too many distinct alarm points');
      point = this.pointCount++;
      conditions.set(condition, point);
    }
    return point;
  }

  private grow(): void {
    const { times, keys } = this;
    const capacity = keys.length * 2;
    const mask = capacity - 1;
    this.times = new Float64Array(capacity);
    this.keys = new Int32Array(capacity);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      if (key === 0) continue;
      let slot = slotOf(times[index], key, mask);
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.times[slot] = times[index];
    }
  }
}
