/** 报警模板 calls, shared by the list and its hidden create / edit page. */

import type { TemplateItemRule, TemplateVocabulary } from '@common/templates';
import { request } from '@umijs/max';
import type { Envelope } from '@/services/api';
import { crudService } from '@/services/crud';

export const TEMPLATE_LIST_PATH = '/alarm/template/list';
export const CREATE_PAGE = '/alarm/template2/list/create';
export const editPage = (id: number) => `/alarm/template2/list/edit?id=${id}`;

interface TemplateFields {
  id: number;
  name: string;
  equipmentType: string;
  description: string;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateSummary extends TemplateFields {
  itemCount: number;
  requiredCount: number;
}

export type TemplateItem = TemplateItemRule;

export interface Template extends TemplateFields {
  items: (TemplateItem & { id: number; sortOrder: number })[];
}

export interface TemplateBody {
  name: string;
  equipmentType: string;
  description?: string;
  items: TemplateItem[];
  /** The version the editor loaded: the server refuses to overwrite a newer one. */
  updatedAt?: string;
}

export interface TemplateOptions extends TemplateVocabulary {
  equipmentTypes: string[];
}

export const templateService = crudService<TemplateSummary, TemplateBody>(TEMPLATE_LIST_PATH);

export async function fetchTemplate(id: number): Promise<Template> {
  return (await request<Envelope<Template>>(`${TEMPLATE_LIST_PATH}/${id}`, { method: 'GET' })).data;
}

export async function fetchTemplateOptions(): Promise<TemplateOptions> {
  return (await request<Envelope<TemplateOptions>>(`${TEMPLATE_LIST_PATH}/options`, { method: 'GET' })).data;
}
