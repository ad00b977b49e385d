/**
 * The boards' shared choice — time range, scope, operating condition — kept in the address query so a
 * board can be bookmarked and shared and the back button steps through earlier choices.
 */

import type { BoardQuery } from '@contract/kpi';
import { useSearchParams } from '@umijs/max';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { plantDayStart, plantTimeZone } from '@/utils/plantTime';

export const RANGE_PRESETS = [
  { value: 'today', label: '今天' },
  { value: '24h', label: '近24小时' },
  { value: '7d', label: '近7天' },
  { value: '30d', label: '近30天' },
  { value: 'custom', label: '自定义' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** What the address query holds; absent keys take their defaults. */
export interface BoardState {
  range: RangePreset;
  /** ISO times, for the custom range only. */
  from?: string;
  to?: string;
  unit?: string;
  console?: string;
  condition?: string;
}

const KEYS = ['range', 'from', 'to', 'unit', 'console', 'condition'] as const;
const VALUE_KEYS = ['from', 'to', 'unit', 'console', 'condition'] as const;

function isPreset(value: string | null): value is RangePreset {
  return RANGE_PRESETS.some((preset) => preset.value === value);
}

export function readBoardState(params: URLSearchParams, defaultRange: RangePreset): BoardState {
  const range = params.get('range');
  const state: BoardState = { range: isPreset(range) ? range : defaultRange };
  for (const key of VALUE_KEYS) {
    const value = params.get(key);
    if (value) state[key] = value;
  }
  if (state.range === 'custom' && !(state.from && state.to)) state.range = defaultRange;
  return state;
}

/** The query string of a state, keeping keys the boards do not own (e.g. a board's own `period`). */
export function writeBoardState(state: BoardState, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) next.delete(key);
  next.set('range', state.range);
  for (const key of VALUE_KEYS) {
    const value = state[key];
    if (value && (state.range === 'custom' || (key !== 'from' && key !== 'to'))) next.set(key, value);
  }
  return next;
}

/**
 * [from, to) of a state at `now`: presets end at the next whole minute, so a query is stable for a minute.
 * 今天 starts at the plant's midnight (`timeZone`), not the browser's; the other presets are rolling.
 */
export function rangeWindow(
  state: BoardState,
  now: Date = new Date(),
  timeZone: string = plantTimeZone(),
): { from: string; to: string } {
  if (state.range === 'custom' && state.from && state.to) return { from: state.from, to: state.to };
  const to = dayjs(now).startOf('minute').add(1, 'minute');
  const from =
    state.range === 'today'
      ? dayjs(plantDayStart(now, timeZone))
      : state.range === '7d'
        ? to.subtract(7, 'day')
        : state.range === '30d'
          ? to.subtract(30, 'day')
          : to.subtract(24, 'hour');
  return { from: from.toISOString(), to: to.toISOString() };
}

export function queryOf(state: BoardState, now?: Date): BoardQuery {
  return {
    ...rangeWindow(state, now),
    ...(state.unit ? { unit: state.unit } : {}),
    ...(state.console ? { console: state.console } : {}),
    ...(state.condition ? { condition: state.condition } : {}),
  };
}

/** The board state of the address, its API query, and `update` (a new history entry). */
export function useBoardQuery(defaultRange: RangePreset = '24h') {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => readBoardState(new URLSearchParams(search), defaultRange), [search, defaultRange]);
  const query = useMemo(() => queryOf(state), [state]);
  const update = (patch: Partial<BoardState>) =>
    setParams(writeBoardState({ ...state, ...patch }, new URLSearchParams(search)));
  return { state, query, params, update, setParams };
}
