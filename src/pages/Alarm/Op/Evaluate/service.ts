/** 模板评估 calls: the page's choices, one evaluation, and its export. */

import type { Deviation, TemplateVocabulary } from '@common/templates';
import { request } from '@umijs/max';
import type { Envelope } from '@/services/api';

export const EVALUATION_EXPORT_PATH = '/alarm/op/evaluate/export';

export interface EvaluationOptions extends TemplateVocabulary {
  templates: { id: number; name: string; equipmentType: string }[];
  units: { id: number; name: string }[];
}

export interface EquipmentResult {
  id: number;
  name: string;
  unitId: number;
  unit: string;
  /** 0–100, unrounded. */
  score: number;
  matchingItems: number;
  itemCount: number;
  missing: number;
  extra: number;
  /** Points with a differing (or uncomparable) setting. */
  differing: number;
  deviations: Deviation[];
}

export interface UnitResult {
  unitId: number;
  unit: string;
  equipmentCount: number;
  score: number;
}

export interface Evaluation {
  template: { id: number; name: string; equipmentType: string; itemCount: number };
  equipment: EquipmentResult[];
  units: UnitResult[];
}

export interface EvaluationQuery {
  templateId: number;
  unitId?: number;
}

export async function fetchEvaluationOptions(): Promise<EvaluationOptions> {
  return (await request<Envelope<EvaluationOptions>>('/alarm/op/evaluate/options', { method: 'GET' })).data;
}

export async function fetchEvaluation(params: EvaluationQuery): Promise<Evaluation> {
  return (await request<Envelope<Evaluation>>('/alarm/op/evaluate', { method: 'GET', params })).data;
}
