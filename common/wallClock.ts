/** The wall-clock fields of an instant in a time zone (default: the runtime's), zero padded. */
export interface WallClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formats = new Map<string | undefined, Intl.DateTimeFormat>();

/** One formatter per zone for the life of the process: making one costs far more than using it. */
function formatIn(timeZone?: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** A reader of wall-clock fields in `timeZone`; throws RangeError for an unknown zone (from Intl). */
export function wallClock(timeZone?: string): (instant: Date | number) => WallClockParts {
  const format = formatIn(timeZone);
  return (instant) =>
    Object.fromEntries(
      format.formatToParts(instant).map(({ type, value }) => [type, value]),
    ) as unknown as WallClockParts;
}

/** `YYYY-MM-DD HH:mm:ss` in `timeZone`: how the pages and the exports write a date-time. */
export function dateTimeText(timeZone?: string): (instant: Date | number) => string {
  const read = wallClock(timeZone);
  return (instant) => {
    const { year, month, day, hour, minute, second } = read(instant);
    return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  };
}
