/** Paged lists (api.md, "Conventions"): `current`, `pageSize` ≤ 200 in, `{list, total, current, pageSize}` out. */
import { type TSchema, Type } from 'typebox';

export const MAX_PAGE_SIZE = 200;

/** Spread into a list's query schema beside its own filters. */
export const pageQueryProperties = {
  current: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
};

export interface PageRequest {
  current: number;
  pageSize: number;
}

export interface Page<T> extends PageRequest {
  list: T[];
  total: number;
}

export function pageOf<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    current: Type.Integer(),
    pageSize: Type.Integer(),
  });
}
