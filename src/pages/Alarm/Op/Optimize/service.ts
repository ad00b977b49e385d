import type { Direction, KpiTargets, TargetKpi } from '@common/kpiTargets';
import dayjs from 'dayjs';
import { getData, type KpiFigures } from '@/services/boards';

export const OPTIMIZE_PATH = '/alarm/op/optimize';

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

export interface PointDelta {
  tag: string;
  condition: string;
  description: string;
  before: number;
  after: number;
  delta: number;
}

export interface Comparison {
  a: { figures: KpiFigures; targets: KpiTargets };
  b: { figures: KpiFigures; targets: KpiTargets };
  warnFactor: number;
  kpis: { kpi: TargetKpi | 'annunciations'; before: number; after: number; delta: number; direction: Direction }[];
  points: PointDelta[];
  gains: PointDelta[];
  regressions: PointDelta[];
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

export function comparisonParams(query: CompareQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const prefix of ['a', 'b'] as const) {
    for (const key of SIDE_KEYS) {
      const value = query[prefix][field(key)];
      if (value) params[`${prefix}${key}`] = value;
    }
  }
  if (query.condition) params.condition = query.condition;
  return params;
}

export const fetchComparison = (query: CompareQuery) => getData<Comparison>(OPTIMIZE_PATH, comparisonParams(query));
