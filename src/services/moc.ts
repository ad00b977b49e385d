/**
 * Calls of 多工况管理, 变更管理, 审批管理 and 审批配置 (common/moc.ts is the contract), shared by their
 * pages, the hidden create pages and the few places elsewhere that show conditions or start a change.
 */

import type {
  ApprovalFlow,
  ApprovalQuery,
  ChangeablePoint,
  ChangeQuery,
  ChangeRequestBody,
  ChangeRequestDetail,
  ChangeRequestSummary,
  ConditionDetail,
  ConditionQuery,
  ConditionRequestBody,
  ConditionSummary,
  ConditionSwitch,
  DecisionBody,
  FlowBody,
  FlowOptions,
  FlowQuery,
  Page,
  PointEffectiveSettings,
  PointQuery,
  SwitchBody,
  SwitchQuery,
  TemplateDraftBody,
  TemplateDraftResult,
  WorkingUnit,
} from '@common/moc';
import { request } from '@umijs/max';
import type { Envelope } from './api';
import { call, pathOf } from './http';

export const WORKING_PATH = '/alarm/op/working';
export const WORKING_CREATE_PAGE = '/alarm/op2/working/create';
export const CHANGE_PATH = '/alarm/op/update';
export const CHANGE_CREATE_PAGE = '/alarm/op3/update';
export const APPROVAL_PATH = '/alarm/approve/list';
export const FLOW_PATH = '/alarm/base/examine/config';
export const FLOW_EDITOR_PAGE = '/alarm/base/examine/config2/child';

/** Editing a condition opens its form with the condition loaded. */
export const editConditionPage = (id: number) => `${WORKING_CREATE_PAGE}?id=${id}`;
/** A draft opens in the form it was made with: a condition proposal in 新建工况, point changes in 发起变更. */
export const editDraftPage = (change: Pick<ChangeRequestSummary, 'id' | 'businessType'>) =>
  change.businessType === 'operatingCondition'
    ? `${WORKING_CREATE_PAGE}?change=${change.id}`
    : `${CHANGE_CREATE_PAGE}?id=${change.id}`;
/** 变更管理 with one request opened. */
export const changePage = (id: number) => `${CHANGE_PATH}?open=${id}`;
export const flowEditorPage = (id?: number) => (id === undefined ? FLOW_EDITOR_PAGE : `${FLOW_EDITOR_PAGE}?id=${id}`);

type Query = object;

const get = async <T>(path: string, params?: Query) =>
  (await request<Envelope<T>>(path, { method: 'GET', params })).data;
const send = async <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) =>
  (await request<Envelope<T>>(path, { method, data })).data;

// 多工况管理
export const fetchWorkingUnits = () => get<WorkingUnit[]>(`${WORKING_PATH}/units`);
export const fetchConditions = (query: ConditionQuery) => get<Page<ConditionSummary>>(WORKING_PATH, query);
export const fetchSwitches = (query: SwitchQuery) => get<Page<ConditionSwitch>>(`${WORKING_PATH}/switches`, query);
export const fetchConditionPoints = (query: PointQuery) => get<Page<ChangeablePoint>>(`${WORKING_PATH}/points`, query);
export const fetchCondition = (id: number) => get<ConditionDetail>(`${WORKING_PATH}/${id}`);
/** Proposes a new condition (or, with an id, new settings of one) as a change request. */
export const proposeCondition = (body: ConditionRequestBody, conditionId?: number) =>
  conditionId === undefined
    ? send<ChangeRequestDetail>('POST', WORKING_PATH, body)
    : send<ChangeRequestDetail>('PUT', `${WORKING_PATH}/${conditionId}`, body);
export const switchCondition = (body: SwitchBody) => send<ConditionSwitch>('POST', `${WORKING_PATH}/switch`, body);
export const deleteCondition = (id: number) => send<{ id: number }>('DELETE', `${WORKING_PATH}/${id}`);

/** A library point's setting under each operating condition of its unit. */
export const fetchEffectiveSettings = (pointId: number) =>
  get<PointEffectiveSettings>(`/alarm/bases/list/${pointId}/effective`);

// 变更管理
export const CHANGE_EXPORT_PATH = `${CHANGE_PATH}/export`;
export const fetchChanges = (query: ChangeQuery) => get<Page<ChangeRequestSummary>>(CHANGE_PATH, query);
export const fetchChangeablePoints = (query: PointQuery) => get<Page<ChangeablePoint>>(`${CHANGE_PATH}/points`, query);
export const fetchChange = (id: number) => get<ChangeRequestDetail>(`${CHANGE_PATH}/${id}`);
export const saveChange = (body: ChangeRequestBody, id?: number) =>
  id === undefined
    ? send<ChangeRequestDetail>('POST', CHANGE_PATH, body)
    : send<ChangeRequestDetail>('PUT', `${CHANGE_PATH}/${id}`, body);
export const submitChange = (id: number) => send<ChangeRequestDetail>('POST', `${CHANGE_PATH}/${id}/submit`);
export const deleteChange = (id: number) => send<{ id: number }>('DELETE', `${CHANGE_PATH}/${id}`);
export const draftFromTemplate = (body: TemplateDraftBody) =>
  send<TemplateDraftResult>('POST', `${CHANGE_PATH}/from-template`, body);

// 审批管理
export const APPROVAL_EXPORT_PATH = pathOf('GET /alarm/approve/list/export');
export const fetchApprovals = (query: ApprovalQuery) => call('GET /alarm/approve/list', { query });
export const fetchApproval = (id: number) => call('GET /alarm/approve/list/:id', { params: { id } });
export const decideApproval = (id: number, decision: 'approve' | 'reject', body: DecisionBody) =>
  call(`POST /alarm/approve/list/:id/${decision}`, { params: { id }, body });
export const revokeApproval = (id: number) => call('POST /alarm/approve/list/:id/revoke', { params: { id }, body: {} });
export const deleteApproval = (id: number) => call('DELETE /alarm/approve/list/:id', { params: { id } });

// 审批配置
export const FLOW_EXPORT_PATH = `${FLOW_PATH}/export`;
export const fetchFlows = (query: FlowQuery) => get<Page<ApprovalFlow>>(FLOW_PATH, query);
export const fetchFlowOptions = () => get<FlowOptions>(`${FLOW_PATH}/options`);
export const fetchFlow = (id: number) => get<ApprovalFlow>(`${FLOW_PATH}/${id}`);
export const saveFlow = (body: FlowBody, id?: number) =>
  id === undefined
    ? send<ApprovalFlow>('POST', FLOW_PATH, body)
    : send<ApprovalFlow>('PUT', `${FLOW_PATH}/${id}`, body);
export const deleteFlow = (id: number) => send<{ id: number }>('DELETE', `${FLOW_PATH}/${id}`);
