import dayjs, { type ConfigType } from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Seed §9: year-month-day hours:minutes:seconds, zero padded; the current time when none is given. */
export function formatDateTime(value?: ConfigType): string {
  return dayjs(value ?? undefined).format(DATE_TIME_FORMAT);
}
