/** Calls of 报警列表 (the alarm library) and the shapes they answer. */

import {
  type AbnormalRecord,
  type AlarmPointDetail,
  type AlarmPointRow,
  LIBRARY_ROUTE,
  type ListedAlarmPoint,
  type PriorityCode,
} from '@common/alarmLibrary';
import { request } from '@umijs/max';
import type { ImportError } from '@/components/ImportErrorTable';
import type { Envelope, Page, PageQuery } from '@/services/api';

export type AlarmPoint = AlarmPointRow;
export type ListedPoint = ListedAlarmPoint;
export type PointDetail = AlarmPointDetail;
export type { AbnormalRecord, ImportError };

/** The settings the edit form sends, with the version it was loaded with. */
export type PointUpdate = Pick<
  AlarmPoint,
  | 'version'
  | 'description'
  | 'unitId'
  | 'equipmentId'
  | 'consoleId'
  | 'systemType'
  | 'limitValue'
  | 'engineeringUnit'
  | 'rangeLow'
  | 'rangeHigh'
  | 'deadband'
  | 'onDelaySeconds'
  | 'offDelaySeconds'
  | 'priority'
  | 'alarmClass'
  | 'cause'
  | 'consequence'
  | 'operatorResponse'
  | 'maxResponseMinutes'
  | 'enabled'
>;

export interface LibraryOptions {
  units: { id: number; name: string }[];
  consoles: { id: number; name: string }[];
  equipment: { id: number; name: string; unitId: number }[];
  conditions: { code: string; name: string; color: string }[];
  systemTypes: { code: string; name: string }[];
  priorities: { code: PriorityCode; name: string; color: string }[];
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
}

/** The library's endpoints live under `/api` + its route. */
export const LIBRARY_PATH = LIBRARY_ROUTE;

const data = <T>(promise: Promise<Envelope<T>>) => promise.then((body) => body.data);

export const fetchPoints = (params: PageQuery & Record<string, unknown>) =>
  data(request<Envelope<Page<ListedPoint>>>(LIBRARY_PATH, { method: 'GET', params }));
export const fetchOptions = () => data(request<Envelope<LibraryOptions>>(`${LIBRARY_PATH}/options`, { method: 'GET' }));
export const fetchPoint = (id: number) =>
  data(request<Envelope<PointDetail>>(`${LIBRARY_PATH}/${id}`, { method: 'GET' }));
export const updatePoint = (id: number, body: PointUpdate) =>
  data(request<Envelope<AlarmPoint>>(`${LIBRARY_PATH}/${id}`, { method: 'PUT', data: body }));
export const removePoint = (id: number) =>
  data(request<Envelope<{ id: number }>>(`${LIBRARY_PATH}/${id}`, { method: 'DELETE' }));
export const handlePoint = (id: number, note: string) =>
  data(request<Envelope<{ closed: number }>>(`${LIBRARY_PATH}/${id}/handle`, { method: 'POST', data: { note } }));
export const confirmPoint = (id: number) =>
  data(request<Envelope<AlarmPoint>>(`${LIBRARY_PATH}/${id}/confirm`, { method: 'POST' }));

/** Uploads a library file; a file with bad rows rejects with the error report as `data` (code 1). */
export const importLibrary = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return data(
    request<Envelope<ImportResult>>(`${LIBRARY_PATH}/import`, {
      method: 'POST',
      data: form,
      // The browser sets multipart/form-data with its boundary.
      headers: { 'Content-Type': undefined as unknown as string },
      timeout: 0,
      skipErrorHandler: true,
    }),
  );
};
