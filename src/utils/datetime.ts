import type { ConfigType } from 'dayjs';
import { plantClock } from './plantTime';

const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

/** An instant on the plant's clock, in a pattern of the tokens YYYY MM DD HH mm ss (zero padded). */
export function formatPlantTime(value: ConfigType, pattern: string): string {
  const { year, month, day, hour, minute, second } = plantClock(value);
  const fields: Record<string, string> = { YYYY: year, MM: month, DD: day, HH: hour, mm: minute, ss: second };
  return pattern.replace(TOKENS, (token) => fields[token]);
}

/** docs/original-console.md §9: year-month-day hours:minutes:seconds on the plant's clock; the current time when none is given. */
export function formatDateTime(value?: ConfigType): string {
  return formatPlantTime(value ?? undefined, 'YYYY-MM-DD HH:mm:ss');
}

/** A time that may be missing (not yet submitted, never handled…): a dash when absent. */
export function formatOptionalDateTime(value: string | null | undefined): string {
  return value ? formatDateTime(value) : '—';
}
