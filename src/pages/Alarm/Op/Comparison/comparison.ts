/** The comparison of 对比优化看板 as the address holds it, and as the board's query sends it. */
import type { ComparisonQuery } from '@contract/boards';
import dayjs from 'dayjs';

/** One side of the comparison: a window and a scope. */
export interface Side {
  from: string;
  to: string;
  unit?: string;
  console?: string;
}

export interface CompareQuery {
  a: Side;
  b: Side;
  condition?: string;
}

const SIDE_KEYS = ['From', 'To', 'Unit', 'Console'] as const;
const field = (key: (typeof SIDE_KEYS)[number]) => key.toLowerCase() as keyof Side;

/** The comparison in the address: `aFrom`, `aTo`, `aUnit`, `aConsole`, the same with `b`, and `condition`. */
export function readComparison(params: URLSearchParams, now: Date = new Date()): CompareQuery {
  const to = dayjs(now).startOf('minute').add(1, 'minute');
  const defaults = {
    a: { from: to.subtract(14, 'day').toISOString(), to: to.subtract(7, 'day').toISOString() },
    b: { from: to.subtract(7, 'day').toISOString(), to: to.toISOString() },
  };
  const side = (prefix: 'a' | 'b'): Side => {
    const value: Side = { ...defaults[prefix] };
    for (const key of SIDE_KEYS) {
      const text = params.get(`${prefix}${key}`);
      if (text) value[field(key)] = text;
    }
    return value;
  };
  return { a: side('a'), b: side('b'), condition: params.get('condition') || undefined };
}

export function comparisonParams(query: CompareQuery): ComparisonQuery {
  const params: ComparisonQuery = { aFrom: query.a.from, aTo: query.a.to, bFrom: query.b.from, bTo: query.b.to };
  for (const prefix of ['a', 'b'] as const) {
    const { unit, console } = query[prefix];
    if (unit) params[`${prefix}Unit`] = unit;
    if (console) params[`${prefix}Console`] = console;
  }
  if (query.condition) params.condition = query.condition;
  return params;
}
