/**
 * The plant's clock in the browser: PLANT_TZ of the server, sent with the signed-in user at start-up.
 * Board days start at the plant's midnight, whatever zone the browser runs in.
 */
import { plantDayResolver } from '@/shared/plantDays';
import { readPlantTimeZone } from './session';

/** The plant's zone as the server last sent it; the browser's own before the first start-up. */
export function plantTimeZone(): string {
  return readPlantTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The plant's midnight that starts the plant's day of `now`. */
export function plantDayStart(now: Date, timeZone: string = plantTimeZone()): Date {
  return new Date(plantDayResolver(timeZone)(now.getTime()).start);
}
