import { request } from '@umijs/max';
import type { Envelope } from '@/services/api';

export const ABNORMAL_KINDS = ['chattering', 'fleeting', 'standing', 'frequent', 'floodContributor'] as const;
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number];

export interface KpiSettings {
  overloadThreshold: number;
  floodStart: number;
  floodEnd: number;
  chatterCount: number;
  chatterSeconds: number;
  fleetingSeconds: number;
  staleHours: number;
  frequentPerDay: number;
}

export interface AbnormalSettings {
  kpi: KpiSettings;
  rules: Record<AbnormalKind, boolean>;
  floodContributorTop: number;
}

export interface SettingsAnswer {
  settings: AbnormalSettings;
  defaults: AbnormalSettings;
}

export async function fetchSettings(): Promise<SettingsAnswer> {
  return (await request<Envelope<SettingsAnswer>>('/alarm/base/config', { method: 'GET' })).data;
}

export async function saveSettings(data: AbnormalSettings): Promise<SettingsAnswer> {
  return (await request<Envelope<SettingsAnswer>>('/alarm/base/config', { method: 'PUT', data })).data;
}

export async function runDetection(): Promise<{ findings: number; open: number }> {
  return (
    await request<Envelope<{ findings: number; open: number }>>('/alarm/base/config/detect', {
      method: 'POST',
      timeout: 0,
    })
  ).data;
}
