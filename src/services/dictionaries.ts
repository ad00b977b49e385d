/**
 * 基础配置 dictionaries: 报警类型 `/alarm/base/type` and 系统类型 `/alarm/base/system` (list, create, update,
 * delete, export each), the priorities' names and colours, and the priority matrix with its changes. Types:
 * contract/dictionaries.ts, contract/rationalization.ts.
 */
import type { AlarmTypeBody, DictionaryFilters, PriorityBody, SystemTypeBody } from '@contract/dictionaries';
import type { PageRequest } from '@contract/http';
import type { MatrixChangeBody } from '@contract/rationalization';
import { call } from './http';

type ListQuery = PageRequest & DictionaryFilters;

export const fetchAlarmTypes = (query: ListQuery) => call('GET /alarm/base/type', { query });
export const createAlarmType = (body: AlarmTypeBody) => call('POST /alarm/base/type', { body });
export const updateAlarmType = (id: number, body: AlarmTypeBody) =>
  call('PUT /alarm/base/type/:id', { params: { id }, body });
export const deleteAlarmType = (id: number) => call('DELETE /alarm/base/type/:id', { params: { id } });

export const fetchSystemTypes = (query: ListQuery) => call('GET /alarm/base/system', { query });
export const createSystemType = (body: SystemTypeBody) => call('POST /alarm/base/system', { body });
export const updateSystemType = (id: number, body: SystemTypeBody) =>
  call('PUT /alarm/base/system/:id', { params: { id }, body });
export const deleteSystemType = (id: number) => call('DELETE /alarm/base/system/:id', { params: { id } });

export const fetchPriorities = () => call('GET /alarm/base/priorities');
export const updatePriority = (id: number, body: PriorityBody) =>
  call('PUT /alarm/base/priorities/:id', { params: { id }, body });

/** The priority matrix, with who applied it and its open change requests (contract/rationalization.ts). */
export const fetchPriorityMatrix = () => call('GET /alarm/base/type/matrix');
/** A change of the matrix: a change request of type priorityMatrix, drafted or submitted (contract/changes.ts). */
export const proposeMatrixChange = (body: MatrixChangeBody) => call('POST /alarm/base/type/matrix', { body });
