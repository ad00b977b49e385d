/**
 * Calendar days in the plant time zone, with Intl only (the wall clock of common/wallClock.ts): the
 * server's daily KPIs and the boards' 今天 cut days alike. Intl formatting is slow per call, so the resolver
 * remembers the day it last returned: fed with increasing times it formats about twice per day.
 */
import { wallClock } from './wallClock';

export interface PlantDay {
  /** `YYYY-MM-DD` in the plant time zone. */
  key: string;
  /** Local midnight as epoch ms; the day is [start, end). */
  start: number;
  end: number;
}

export type PlantDayResolver = (time: number) => PlantDay;

interface WallClock {
  year: number;
  month: number;
  day: number;
  /** Wall-clock time of `time` read as if it were UTC, in ms (seconds resolution). */
  wallMs: number;
}

function wallClockReader(timeZone: string): (time: number) => WallClock {
  const read = wallClock(timeZone);
  return (time) => {
    const parts = read(time);
    const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
    return {
      year,
      month,
      day,
      wallMs: Date.UTC(year, month - 1, day, Number(parts.hour), Number(parts.minute), Number(parts.second)),
    };
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetReader(readWallClock: (time: number) => WallClock): (time: number) => number {
  return (time) => readWallClock(time).wallMs - Math.floor(time / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock reads `wallMs` (its fields read as if UTC): a board's custom
 * range is picked on the plant's clock. A wall time that a DST change skips comes out an hour to one side.
 */
export function wallClockInstant(timeZone: string): (wallMs: number) => number {
  const offsetAt = offsetReader(wallClockReader(timeZone));
  return (wallMs) => wallMs - offsetAt(wallMs - offsetAt(wallMs));
}

/** Builds a resolver of plant days; throws RangeError for an unknown time zone (from Intl). */
export function plantDayResolver(timeZone: string): PlantDayResolver {
  const readWallClock = wallClockReader(timeZone);
  const offsetAt = offsetReader(readWallClock);

  const dayStartOf = (time: number): { start: number; clock: WallClock } => {
    const clock = readWallClock(time);
    const wallMidnight = Date.UTC(clock.year, clock.month - 1, clock.day);
    // The offset at `time` may differ from the one at midnight (DST), so correct once with the latter.
    let start = wallMidnight - offsetAt(time);
    start = wallMidnight - offsetAt(start);
    return { start, clock };
  };

  let current: PlantDay | undefined;
  return (time) => {
    if (current && time >= current.start && time < current.end) return current;
    const { start, clock } = dayStartOf(time);
    // 30 h after midnight is always inside the next day, whether days are 23, 24 or 25 h long.
    const end = dayStartOf(start + 30 * 3_600_000).start;
    const key = `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
    current = { key, start, end };
    return current;
  };
}
