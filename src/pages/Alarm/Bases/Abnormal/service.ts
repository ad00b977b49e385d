/** Calls of 异常报警列表. */

import type { AbnormalRecord } from '@common/alarmLibrary';
import { request } from '@umijs/max';
import type { Envelope, Page, PageQuery } from '@/services/api';

export type { AbnormalRecord };

export const ABNORMAL_PATH = '/alarm/bases/abnormal';

export const fetchAbnormal = async (params: PageQuery & Record<string, unknown>) =>
  (await request<Envelope<Page<AbnormalRecord>>>(ABNORMAL_PATH, { method: 'GET', params })).data;

/** Ends an open record as handled or ignored, with the reason. */
export const closeAbnormal = async (id: number, status: '已处置' | '已忽略', note: string) =>
  (await request<Envelope<AbnormalRecord>>(`${ABNORMAL_PATH}/${id}`, { method: 'PUT', data: { status, note } })).data;
