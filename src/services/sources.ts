/**
 * 数据采集 `/alarm/base/source`: the collection sources (list, create, update, delete, 测试连接), and the live
 * summary 系统运行看板 polls. Types: contract/sources.ts.
 */
import type { SourceBody } from '@contract/sources';
import { call } from './http';

export const SOURCE_PATH = '/alarm/base/source';

export const fetchSources = () => call('GET /alarm/base/source');
export const createSource = (body: SourceBody) => call('POST /alarm/base/source', { body });
export const updateSource = (id: number, body: SourceBody) =>
  call('PUT /alarm/base/source/:id', { params: { id }, body });
export const deleteSource = (id: number) => call('DELETE /alarm/base/source/:id', { params: { id } });
export const testSource = (id: number) => call('POST /alarm/base/source/:id/test', { params: { id } });
export const fetchLiveSummary = () => call('GET /alarm/op/system/run/live');
