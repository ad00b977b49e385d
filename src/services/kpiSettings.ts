/** Calls of 异常报警配置 (contract/kpiSettings.ts): the KPI and detection settings, and detection on demand. */
import type { AbnormalSettings } from '@contract/kpiSettings';
import { call } from './http';

export const fetchSettings = () => call('GET /alarm/base/config');

export const saveSettings = (body: AbnormalSettings) => call('PUT /alarm/base/config', { body });

/** Detection over the whole journal may take longer than the usual time limit. */
export const runDetection = () => call('POST /alarm/base/config/detect', {}, { timeout: 0 });
