/**
 * The alarm library's calls: 报警列表 `/alarm/bases/list` (list, options, a point's detail, edit, remove,
 * 处置, 确认, rationalization record, import, export, 报警响应手册) and 异常报警列表 `/alarm/bases/abnormal` (list, close, export). Types are the
 * contract's (contract/library.ts).
 */
import { MANUAL_ROUTE } from '@common/alarmLibrary';
import type { AbnormalClose, AbnormalQuery, LibraryOptions, ListedPoint, PointUpdate } from '@contract/library';
import type { ManualQuery } from '@contract/manual';
import type { RationalizationUpdate } from '@contract/rationalization';
import useSWR from 'swr';
import { type ListFilters, pageQuery, useListGet } from '@/utils/proTable';
import { preloadGet, preloadOnce } from './get';
import { call, upload } from './http';

export const fetchOptions = () => call('GET /alarm/bases/list/options');

/** The SWR key of the library's filter options (units, equipment, consoles, conditions, priorities). */
const OPTIONS_KEY = 'GET /alarm/bases/list/options';

/** The filter options, read once per visit of the page (SWR; preloaded at start-up on the library). */
export const useLibraryOptions = () => useSWR(OPTIONS_KEY, fetchOptions, { revalidateOnFocus: false });

/** The filters an address may give 报警列表: `?tag=` (the abnormal list's links), `?priorityMismatch=1` (报警总览's). */
export type LibraryAddressFilters = {
  tag?: string;
  priorityMismatch?: '1';
};

/** The filters 报警列表's address gives: its search form's first values. */
export function libraryAddressFilters(search = new URLSearchParams(window.location.search)): LibraryAddressFilters {
  const tag = search.get('tag')?.trim();
  return {
    ...(tag ? { tag } : {}),
    ...(search.get('priorityMismatch') === '1' ? { priorityMismatch: '1' as const } : {}),
  };
}

/**
 * 报警列表's rows, a page at a time (SWR): the search form, a column's sort and the page chosen decide the
 * query; `addressFilters` are the search form's first values.
 */
export const useLibraryList = (addressFilters: LibraryAddressFilters) =>
  useListGet<'GET /alarm/bases/list', ListedPoint>('GET /alarm/bases/list', addressFilters);

/** 报警列表 opened from the address: its options and first page leave with the signed-in user's request. */
export function preloadFirstView(search: URLSearchParams): Promise<unknown> {
  return Promise.all([
    preloadOnce(OPTIONS_KEY, () => call('GET /alarm/bases/list/options', undefined, { skipErrorHandler: true })),
    preloadGet('GET /alarm/bases/list', pageQuery(libraryAddressFilters(search))),
  ]);
}
export const fetchPoint = (id: number) => call('GET /alarm/bases/list/:id', { params: { id } });
export const updatePoint = (id: number, body: PointUpdate) =>
  call('PUT /alarm/bases/list/:id', { params: { id }, body });
export const removePoint = (id: number) => call('DELETE /alarm/bases/list/:id', { params: { id } });
export const handlePoint = (id: number, note: string) =>
  call('POST /alarm/bases/list/:id/handle', { params: { id }, body: { note } });
export const confirmPoint = (id: number) => call('POST /alarm/bases/list/:id/confirm', { params: { id } });
/** A point's rationalization record with the matrix's suggestion (contract/rationalization.ts). */
export const fetchRationalization = (id: number) =>
  call('GET /alarm/bases/list/:id/rationalization', { params: { id } });
export const saveRationalization = (id: number, body: RationalizationUpdate) =>
  call('PUT /alarm/bases/list/:id/rationalization', { params: { id }, body });

/**
 * The address of 报警响应手册's page for the list's filters: the console, else the unit, they choose (by name, as
 * the manual asks for it); neither, the page asks.
 */
export function manualAddress(filters: ListFilters, options: LibraryOptions | undefined): string {
  const named = (rows: LibraryOptions['units'] | undefined, id: unknown) =>
    rows?.find((row) => String(row.id) === String(id))?.name;
  const consoleName = named(options?.consoles, filters.consoleId);
  const unitName = named(options?.units, filters.unitId);
  const query: string[][] = consoleName ? [['console', consoleName]] : unitName ? [['unit', unitName]] : [];
  return query.length ? `${MANUAL_ROUTE}?${new URLSearchParams(query)}` : MANUAL_ROUTE;
}

/** 报警响应手册 of a console or a unit: the printable page's entries (contract/manual.ts). */
export const fetchManual = (query: ManualQuery) => call('GET /alarm/bases/list/manual/entries', { query });

/** Uploads a library file; a file with bad rows rejects with the error report as `data` (code 1). */
export const importLibrary = (file: File) => upload('POST /alarm/bases/list/import', file);

export const fetchAbnormal = (query: AbnormalQuery) => call('GET /alarm/bases/abnormal', { query });
/** Ends an open record as handled or ignored, with the reason. */
export const closeAbnormal = (id: number, status: AbnormalClose['status'], note: string) =>
  call('PUT /alarm/bases/abnormal/:id', { params: { id }, body: { status, note } });
