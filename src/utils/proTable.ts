/**
 * The one ProTable `request` adapter for paged lists: ProTable's params (page + search form) become the
 * API's `current`, `pageSize` and filters, blank filters left out, and a column's sort becomes
 * `sortField`/`sortOrder`; the `{list, total}` page becomes ProTable's `{data, total, success}`. `onFilters` hears the filters of every query (for the export).
 * A failed call answers `success: false` (an empty table): the request client has already shown why,
 * and ProTable would otherwise rethrow it as an unhandled rejection.
 */
import type { Page, PageRequest } from '@contract/http';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { useState } from 'react';
import { type QueryOf, type QueryRoute, useGet } from '@/services/get';

export type ListFilters = Record<string, string | number | boolean>;

export interface ProTableResult<T> {
  data: T[];
  total: number;
  success: boolean;
}

/** The search-form values worth sending: no paging keys, nothing empty. */
export function listFilters(params: Record<string, unknown>): ListFilters {
  const filters: ListFilters = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'current' || key === 'pageSize' || value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      filters[key] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return filters;
}

/** ProTable's sort (`{column: 'ascend' | 'descend'}`) as the API's `sortField` and `sortOrder`. */
export function sortParams(sort: Record<string, string | null> | undefined): ListFilters {
  const [field, order] = Object.entries(sort ?? {}).find(([, value]) => value) ?? [];
  return field && order ? { sortField: field, sortOrder: order } : {};
}

/** Rows a paged list shows at first. */
export const FIRST_PAGE_SIZE = 20;

/** The query of one page of a list: its filters, its sort, which page. */
export const pageQuery = (filters: ListFilters, sort: ListFilters = {}, current = 1, pageSize = FIRST_PAGE_SIZE) => ({
  ...filters,
  ...sort,
  current,
  pageSize,
});

export function tableRequest<T>(
  fetchPage: (query: PageRequest & ListFilters) => Promise<Page<T>>,
  onFilters?: (filters: ListFilters) => void,
) {
  return async (
    params: Record<string, unknown> & { current?: number; pageSize?: number },
    sort?: Record<string, string | null>,
  ): Promise<ProTableResult<T>> => {
    const filters = listFilters(params);
    onFilters?.(filters);
    try {
      const page = await fetchPage(pageQuery(filters, sortParams(sort), params.current, params.pageSize));
      return { data: page.list, total: page.total, success: true };
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
}

/** The same for a short list the API answers whole (no paging). */
export function rowsRequest<T>(fetchAll: () => Promise<T[]>) {
  return async (): Promise<ProTableResult<T>> => {
    try {
      const rows = await fetchAll();
      return { data: rows, total: rows.length, success: true };
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
}

interface ListState {
  filters: ListFilters;
  sort: ListFilters;
  current: number;
  pageSize: number;
}

/**
 * A paged list read through SWR (services/get) and shown by a ProTable given its rows (`table`): the search
 * form, the page and a column's sort change the query, and a query preloaded at start-up under the same
 * key (`pageQuery(filters)`) is shown in the table's first render instead of being asked for again.
 * `initialFilters` are those the address gives (the search form's initial values).
 */
export function useListGet<R extends QueryRoute, T>(route: R, initialFilters: ListFilters) {
  const [state, setState] = useState<ListState>({
    filters: initialFilters,
    sort: {},
    current: 1,
    pageSize: FIRST_PAGE_SIZE,
  });
  const query: Record<string, unknown> = pageQuery(state.filters, state.sort, state.current, state.pageSize);
  // The search form's values are text, as a query string is: the server reads them by the route's schema.
  const { data, error, isValidating, mutate } = useGet(route, query as QueryOf<R>);
  const page = data as Page<T> | undefined;
  const from = (filters: ListFilters) => setState((old) => ({ ...old, filters, current: 1 }));
  return {
    /** The filters of the rows shown (an export takes them). */
    filters: state.filters,
    error,
    /** Asks for the page shown again (after a change to its rows). */
    reload: () => mutate(),
    table: {
      dataSource: page?.list,
      loading: isValidating,
      pagination: {
        current: state.current,
        pageSize: state.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: true,
        onChange: (current: number, pageSize: number) =>
          setState((old) => ({ ...old, current: pageSize === old.pageSize ? current : 1, pageSize })),
      },
      onSubmit: (values: Record<string, unknown>) => from(listFilters(values)),
      // The search form resets to its initial values: those of the address.
      onReset: () => from(initialFilters),
      onChange: (
        _pagination: unknown,
        _filters: unknown,
        sorter: SorterResult<T> | SorterResult<T>[],
        { action }: TableCurrentDataSource<T>,
      ) => {
        // The table reports a page turned here too: the pagination's own onChange takes that.
        if (action !== 'sort') return;
        const { field, order } = Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
        const sort = sortParams(typeof field === 'string' ? { [field]: order ?? null } : {});
        setState((old) => ({ ...old, sort, current: 1 }));
      },
    },
  };
}
