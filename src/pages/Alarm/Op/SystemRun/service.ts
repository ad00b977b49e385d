import { getData } from '@/services/boards';

export const RUN_PATH = '/alarm/op/system/run';
/** How often the board asks again while visible. */
export const POLLING_MS = 30_000;

export interface ConsoleRun {
  console: string;
  active: number;
  unacked: number;
  shelved: number;
  suppressed: number;
  outOfService: number;
  standing: number;
  lastEventAt: string | null;
  /** No event for longer than `silenceMinutes`. */
  silent: boolean;
  lastHour: { annunciations: number; avgPer10Min: number; target: number };
}

export interface SystemRun {
  now: string;
  silenceMinutes: number;
  warnFactor: number;
  consoles: ConsoleRun[];
  openAbnormal: number;
}

export const fetchSystemRun = (scope: { unit?: string; console?: string }) => getData<SystemRun>(RUN_PATH, scope);
