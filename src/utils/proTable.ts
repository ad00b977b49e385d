/**
 * The one ProTable `request` adapter for paged lists: ProTable's params (page + search form) become the
 * API's `current`, `pageSize` and filters, blank filters left out, and a column's sort becomes
 * `sortField`/`sortOrder`; the `{list, total}` page becomes ProTable's `{data, total, success}`. `onFilters` hears the filters of every query (for the export).
 * A failed call answers `success: false` (an empty table): the request client has already shown why,
 * and ProTable would otherwise rethrow it as an unhandled rejection.
 */
import type { Page, PageRequest } from '@contract/http';

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
      const page = await fetchPage({
        ...filters,
        ...sortParams(sort),
        current: params.current ?? 1,
        pageSize: params.pageSize ?? 20,
      });
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
