/**
 * The alarm library's calls: 报警列表 `/alarm/bases/list` (list, options, a point's detail, edit, remove,
 * 处置, 确认, import, export) and 异常报警列表 `/alarm/bases/abnormal` (list, close, export). Types are the
 * contract's (contract/library.ts).
 */
import type { AbnormalClose, AbnormalQuery, LibraryQuery, PointUpdate } from '@contract/library';
import { call, upload } from './http';

export const fetchPoints = (query: LibraryQuery) => call('GET /alarm/bases/list', { query });
export const fetchOptions = () => call('GET /alarm/bases/list/options');
export const fetchPoint = (id: number) => call('GET /alarm/bases/list/:id', { params: { id } });
export const updatePoint = (id: number, body: PointUpdate) =>
  call('PUT /alarm/bases/list/:id', { params: { id }, body });
export const removePoint = (id: number) => call('DELETE /alarm/bases/list/:id', { params: { id } });
export const handlePoint = (id: number, note: string) =>
  call('POST /alarm/bases/list/:id/handle', { params: { id }, body: { note } });
export const confirmPoint = (id: number) => call('POST /alarm/bases/list/:id/confirm', { params: { id } });

/** Uploads a library file; a file with bad rows rejects with the error report as `data` (code 1). */
export const importLibrary = (file: File) => upload('POST /alarm/bases/list/import', file);

export const fetchAbnormal = (query: AbnormalQuery) => call('GET /alarm/bases/abnormal', { query });
/** Ends an open record as handled or ignored, with the reason. */
export const closeAbnormal = (id: number, status: AbnormalClose['status'], note: string) =>
  call('PUT /alarm/bases/abnormal/:id', { params: { id }, body: { status, note } });
