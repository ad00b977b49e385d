/**
 * The plant's clock in the browser: PLANT_TZ of the server, sent with the signed-in user at start-up.
 * Board days start at the plant's midnight and times read on the plant's clock, whatever zone the browser
 * runs in.
 */

import { plantDayResolver, wallClockInstant } from '@common/plantDays';
import { type WallClockParts, wallClock } from '@common/wallClock';
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import { readPlantTimeZone } from './session';

/** The plant's zone as the server last sent it; the browser's own before the first start-up. */
export function plantTimeZone(): string {
  return readPlantTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The plant's midnight that starts the plant's day of `now`. */
export function plantDayStart(now: Date, timeZone: string = plantTimeZone()): Date {
  return new Date(plantDayResolver(timeZone)(now.getTime()).start);
}

let reader: { timeZone: string; read: (instant: Date | number) => WallClockParts } | undefined;

/** The plant's wall-clock fields of an instant (the reader is built once per zone: Intl formatters are slow to make). */
export function plantClock(instant: ConfigType, timeZone: string = plantTimeZone()): WallClockParts {
  if (reader?.timeZone !== timeZone) reader = { timeZone, read: wallClock(timeZone) };
  return reader.read(dayjs(instant).valueOf());
}

/** An instant as a dayjs whose fields are the plant's wall clock, for a date picker to show. */
export function toPlantPicker(instant: ConfigType, timeZone: string = plantTimeZone()): Dayjs {
  const { year, month, day, hour, minute, second } = plantClock(instant, timeZone);
  return dayjs(`${year}-${month}-${day}T${hour}:${minute}:${second}`);
}

/** The instant at which the plant's clock shows the fields picked in a date picker. */
export function fromPlantPicker(picked: Dayjs, timeZone: string = plantTimeZone()): Date {
  const wallMs = Date.UTC(
    picked.year(),
    picked.month(),
    picked.date(),
    picked.hour(),
    picked.minute(),
    picked.second(),
  );
  return new Date(wallClockInstant(timeZone)(wallMs));
}
