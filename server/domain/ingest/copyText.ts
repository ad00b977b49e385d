/**
 * Rows in PostgreSQL's COPY text format (tab-separated, `\N` for NULL, backslash escapes), the input of a
 * bulk `COPY … FROM` that loads a journal batch in one statement instead of millions of bound parameters.
 */

export type CopyValue = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One field: NULL for null/undefined, t/f for booleans, text with tab, newline, CR and backslash escaped. */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

const DAY_MS = 86_400_000;
let cachedDay = Number.NaN;
let cachedDate = '';
const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/**
 * Epoch ms as the ISO 8601 UTC text `toISOString` writes, for a timestamp field: the date part is formatted
 * once per day, as journal times arrive in time order.
 */
export function isoTimestamp(ms: number): string {
  if (!Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    const iso = new Date(day * DAY_MS).toISOString();
    cachedDate = iso.slice(0, iso.indexOf('T') + 1);
    cachedDay = day;
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  const padded = milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : `${milli}`;
  return `${cachedDate}${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}.${padded}Z`;
}

/** One line (with its newline) of the given fields. */
export function copyLine(fields: readonly CopyValue[]): string {
  let line = copyField(fields[0]);
  for (let i = 1; i < fields.length; i++) line += `\t${copyField(fields[i])}`;
  return `${line}\n`;
}

/**
 * COPY input gathered row by row in a growing byte buffer: no string of the whole batch is ever built, and
 * nothing per row outlives the call that adds it.
 */
export class CopyBuffer {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  /** Rows added since the last `clear`. */
  rows = 0;

  add(fields: readonly CopyValue[]): void {
    const line = copyLine(fields);
    // UTF-8 takes at most three bytes per UTF-16 code unit.
    const needed = this.used + line.length * 3;
    if (needed > this.bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(larger, 0, 0, this.used);
      this.bytes = larger;
    }
    this.used += this.bytes.write(line, this.used);
    this.rows++;
  }

  /** Hands over the rows added so far and starts afresh (with a buffer as large, so it need not grow again). */
  take(): Uint8Array {
    const taken = this.bytes.subarray(0, this.used);
    this.bytes = Buffer.allocUnsafe(this.bytes.length);
    this.used = 0;
    this.rows = 0;
    return taken;
  }
}
