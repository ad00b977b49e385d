import { request } from '@umijs/max';
import type { Envelope } from '@/services/api';
import { crudService } from '@/services/crud';

export interface AlarmType {
  id: number;
  code: string;
  name: string;
  description: string;
  color: string;
  sortOrder: number;
  enabled: boolean;
  updatedAt: string;
}

export type AlarmTypeBody = Pick<AlarmType, 'code' | 'name' | 'description' | 'color' | 'sortOrder' | 'enabled'>;

export const alarmTypeService = crudService<AlarmType, AlarmTypeBody>('/alarm/base/type');

export interface Priority {
  id: number;
  code: 'urgent' | 'high' | 'medium' | 'low';
  name: string;
  color: string;
  /** Target share of annunciations, percent. */
  targetShare: number;
  sortOrder: number;
}

export type PriorityBody = Pick<Priority, 'name' | 'color' | 'sortOrder'>;

export const PRIORITIES_EXPORT_PATH = '/alarm/base/priorities/export';

export async function fetchPriorities(): Promise<Priority[]> {
  return (await request<Envelope<Priority[]>>('/alarm/base/priorities', { method: 'GET' })).data;
}

export async function updatePriority(id: number, data: PriorityBody): Promise<Priority> {
  return (await request<Envelope<Priority>>(`/alarm/base/priorities/${id}`, { method: 'PUT', data })).data;
}
