/**
 * Journal times (docs/api.md, "Journal file format v1"): ISO 8601 with an offset is an instant; a time without an
 * offset is a wall-clock reading of the plant, converted with the plant time zone through Intl (tzdata of
 * the runtime), so zones with daylight saving time are handled at both transitions:
 * - spring gap (e.g. 02:30 on the day Europe/Berlin jumps from 02:00 to 03:00): the reading cannot come from
 *   a clock of that zone, so it is rejected rather than silently shifted;
 * - autumn overlap (02:30 happens twice): the earlier instant is taken (still on summer time), like
 *   Temporal's "compatible" disambiguation. Files that span the overlap should carry offsets.
 *
 * Accepted text: `YYYY-MM-DD` or `YYYY/MM/DD` (month and day may have one digit, as Excel writes them), then
 * `T` or a space, `H:mm` or `HH:mm`, optional `:ss`, optional fraction (1-9 digits, truncated to ms), and an
 * optional offset `Z`, `±hh:mm`, `±hhmm` or `±hh`.
 */
import { DEFAULT_PLANT_TIME_ZONE } from '../kpi/types';

const DAY_MS = 86_400_000;
const MAX_OFFSET_MINUTES = 14 * 60;
/** Cached UTC days per zone before the cache is reset (a hostile file may spread times over millennia). */
const MAX_CACHED_DAYS = 20_000;

const TIME_PATTERN =
  /^([1-9]\d{3})([-/])(\d{1,2})\2(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Why a value is not a journal time: unreadable, or a plant-local reading that never happened. */
export type JournalTimeResult = { ok: true; time: number } | { ok: false; reason: 'format' | 'nonexistent' };

/** Offsets of one UTC day: `before` until `change`, `after` from then on (at most one transition a day). */
interface DayOffsets {
  before: number;
  after: number;
  change: number;
}

/** Offsets (wall clock minus UTC, ms) of one IANA zone, computed with Intl and cached per UTC day. */
class PlantZone {
  private readonly format: Intl.DateTimeFormat;
  private readonly days = new Map<number, DayOffsets>();

  constructor(timeZone: string) {
    // Throws RangeError for an unknown zone: a configuration error, not a row error.
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  offsetAt(instant: number): number {
    const day = Math.floor(instant / DAY_MS);
    let offsets = this.days.get(day);
    if (!offsets) {
      offsets = this.dayOffsets(day * DAY_MS);
      if (this.days.size >= MAX_CACHED_DAYS) this.days.clear();
      this.days.set(day, offsets);
    }
    return instant < offsets.change ? offsets.before : offsets.after;
  }

  /** Whether the zone keeps one offset from a day before to a day after `wall` (the usual case, one lookup). */
  private steadyAround(wall: number): number | undefined {
    const day = Math.floor(wall / DAY_MS);
    const offsets = this.days.get(day);
    if (!offsets || offsets.change !== Number.POSITIVE_INFINITY) return undefined;
    const before = this.days.get(day - 1);
    const after = this.days.get(day + 1);
    if (!before || !after || before.change !== Number.POSITIVE_INFINITY || after.change !== Number.POSITIVE_INFINITY) {
      return undefined;
    }
    return before.before === offsets.before && after.before === offsets.before ? offsets.before : undefined;
  }

  /** The instant of a plant wall-clock reading (given as if it were UTC); undefined inside a spring gap. */
  instantOf(wall: number): number | undefined {
    const steady = this.steadyAround(wall);
    if (steady !== undefined) return wall - steady;
    // The instant lies within ±14 h of the wall reading, so the offsets a day away bracket it.
    const early = this.offsetAt(wall - DAY_MS);
    const late = this.offsetAt(wall + DAY_MS);
    const first = wall - early;
    if (early === late) return first;
    const second = wall - late;
    const firstFits = first + this.offsetAt(first) === wall;
    const secondFits = second + this.offsetAt(second) === wall;
    if (firstFits && secondFits) return Math.min(first, second);
    if (firstFits) return first;
    if (secondFits) return second;
    return undefined;
  }

  private dayOffsets(start: number): DayOffsets {
    const before = this.rawOffset(start);
    const after = this.rawOffset(start + DAY_MS);
    if (before === after) return { before, after, change: Number.POSITIVE_INFINITY };
    // Intl resolves whole seconds: bisect the transition to the second.
    let low = start;
    let high = start + DAY_MS;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (this.rawOffset(middle) === before) low = middle;
      else high = middle;
    }
    return { before, after, change: high };
  }

  private rawOffset(instant: number): number {
    const whole = Math.floor(instant / 1000) * 1000;
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    for (const part of this.format.formatToParts(whole)) {
      const value = Number(part.value);
      if (part.type === 'year') year = value;
      else if (part.type === 'month') month = value;
      else if (part.type === 'day') day = value;
      else if (part.type === 'hour') hour = value;
      else if (part.type === 'minute') minute = value;
      else if (part.type === 'second') second = value;
    }
    return Date.UTC(year, month - 1, day, hour, minute, second) - whole;
  }
}

const zones = new Map<string, PlantZone>();

function plantZone(timeZone: string): PlantZone {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = new PlantZone(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}

/** Throws RangeError when the name is not an IANA zone known to the runtime. */
export function assertTimeZone(timeZone: string): void {
  plantZone(timeZone);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1];
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

function offsetMinutes(text: string): number | undefined {
  if (text === 'Z' || text === 'z') return 0;
  const sign = text[0] === '-' ? -1 : 1;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (minutes > 59) return undefined;
  const total = hours * 60 + minutes;
  return total > MAX_OFFSET_MINUTES ? undefined : sign * total;
}

function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let index = at; index < at + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Fast path for the common `YYYY-MM-DD HH:mm:ss[.SSS]` (or `T`), read from the first `length` characters:
 * the wall clock as if UTC, NaN for an impossible date, undefined when the text has another shape (the
 * general pattern decides).
 */
function fixedWall(text: string, length: number): number | undefined {
  if (length !== 19 && length !== 23) return undefined;
  const separator = text.charCodeAt(10);
  if (
    text.charCodeAt(4) !== 0x2d ||
    text.charCodeAt(7) !== 0x2d ||
    (separator !== 0x20 && separator !== 0x54) ||
    text.charCodeAt(13) !== 0x3a ||
    text.charCodeAt(16) !== 0x3a ||
    (length === 23 && text.charCodeAt(19) !== 0x2e)
  ) {
    return undefined;
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const millisecond = length === 23 ? digitsAt(text, 20, 3) : 0;
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || millisecond < 0) return undefined;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  if (hour > 23 || minute > 59 || second > 59) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

/** Whether the text ends in the UTC designator `Z` (as `toISOString` writes), which the fast path also reads. */
function endsInZulu(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last === 0x5a || last === 0x7a;
}

/** Reads a journal time; exceljs date cells arrive as Dates whose UTC fields are the wall clock. */
export function readJournalTime(input: string | Date, timeZone: string = DEFAULT_PLANT_TIME_ZONE): JournalTimeResult {
  const zone = plantZone(timeZone);
  if (input instanceof Date) {
    const wall = input.getTime();
    if (Number.isNaN(wall)) return { ok: false, reason: 'format' };
    const time = zone.instantOf(wall);
    return time === undefined ? { ok: false, reason: 'nonexistent' } : { ok: true, time };
  }

  const text = input.trim();
  const zulu = endsInZulu(text);
  const fixed = fixedWall(text, zulu ? text.length - 1 : text.length);
  if (fixed !== undefined) {
    if (Number.isNaN(fixed)) return { ok: false, reason: 'format' };
    if (zulu) return { ok: true, time: fixed };
    const time = zone.instantOf(fixed);
    return time === undefined ? { ok: false, reason: 'nonexistent' } : { ok: true, time };
  }
  const match = TIME_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const year = Number(match[1]);
  const month = Number(match[3]);
  const day = Number(match[4]);
  const hour = Number(match[5]);
  const minute = Number(match[6]);
  const second = match[7] === undefined ? 0 : Number(match[7]);
  const millisecond = match[8] === undefined ? 0 : Number(match[8].slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { ok: false, reason: 'format' };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: 'format' };

  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  if (match[9] !== undefined) {
    const offset = offsetMinutes(match[9]);
    return offset === undefined ? { ok: false, reason: 'format' } : { ok: true, time: wall - offset * 60_000 };
  }
  const time = zone.instantOf(wall);
  return time === undefined ? { ok: false, reason: 'nonexistent' } : { ok: true, time };
}

/** Epoch ms (UTC) of a journal time, or undefined when it is unreadable or never happened in the plant zone. */
export function parseJournalTime(input: string | Date, timeZone: string = DEFAULT_PLANT_TIME_ZONE): number | undefined {
  const result = readJournalTime(input, timeZone);
  return result.ok ? result.time : undefined;
}
