/**
 * 报警模板 `/alarm/template/list` (list, export, one template, create, update, delete, form choices) and
 * 模板评估 `/alarm/op/evaluate` (one evaluation, its export, the page's choices). Types: contract/templates.ts.
 */
import type { EvaluationQuery, RationalizeBody, TemplateBody } from '@contract/templates';
import { call } from './http';

export const TEMPLATE_LIST_PATH = '/alarm/template/list';
export const CREATE_PAGE = '/alarm/template2/list/create';
export const editPage = (id: number) => `/alarm/template2/list/edit?id=${id}`;

export const fetchTemplates = (query: {
  current: number;
  pageSize: number;
  keyword?: string;
  equipmentType?: string;
}) => call('GET /alarm/template/list', { query });
export const fetchTemplate = (id: number) => call('GET /alarm/template/list/:id', { params: { id } });
export const fetchTemplateOptions = () => call('GET /alarm/template/list/options');
export const createTemplate = (body: TemplateBody) => call('POST /alarm/template/list', { body });
export const updateTemplate = (id: number, body: TemplateBody) =>
  call('PUT /alarm/template/list/:id', { params: { id }, body });
export const deleteTemplate = (id: number) => call('DELETE /alarm/template/list/:id', { params: { id } });
/** 批量合理化: the items' rationalization to every point of the type, in one unit or the plant. */
export const rationalizeFromTemplate = (id: number, body: RationalizeBody) =>
  call('POST /alarm/template/list/:id/rationalize', { params: { id }, body });

export const fetchEvaluationOptions = () => call('GET /alarm/op/evaluate/options');
export const fetchEvaluation = (query: EvaluationQuery) => call('GET /alarm/op/evaluate', { query });
