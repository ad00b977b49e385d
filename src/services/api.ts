/** Shapes of the API contract (docs/api.md, "Conventions") that every page's `service.ts` speaks. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One page of a paged list. */
export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

export interface PageQuery {
  current: number;
  pageSize: number;
}
