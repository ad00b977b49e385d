/**
 * Calls of 多工况管理, 变更管理, 审批管理 and 审批配置 (endpoints: contract/conditions.ts, contract/changes.ts,
 * contract/approvals.ts, contract/flows.ts), shared by their pages, the hidden create pages and the few
 * places elsewhere that show conditions or start a change.
 */
import type {
  BusinessTypeSettingBody,
  ChangeRequestBody,
  ChangeRequestSummary,
  ConditionRequestBody,
  DecisionBody,
  FlowBody,
} from '@contract/moc';
import type { BusinessType } from '@contract/vocabulary';
import { call, type Sent } from './http';

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

// 多工况管理
export const fetchConditionUnits = () => call('GET /alarm/op/working/units');
export const fetchConditions = (query: Sent<'GET /alarm/op/working', 'query'>) =>
  call('GET /alarm/op/working', { query });
export const fetchSwitches = (query: Sent<'GET /alarm/op/working/switches', 'query'>) =>
  call('GET /alarm/op/working/switches', { query });
export const fetchConditionPoints = (query: Sent<'GET /alarm/op/working/points', 'query'>) =>
  call('GET /alarm/op/working/points', { query });
export const fetchCondition = (id: number) => call('GET /alarm/op/working/:id', { params: { id } });
/** Proposes a new condition (or, with an id, new settings of one) as a change request. */
export const proposeCondition = (body: ConditionRequestBody, conditionId?: number) =>
  conditionId === undefined
    ? call('POST /alarm/op/working', { body })
    : call('PUT /alarm/op/working/:id', { params: { id: conditionId }, body });
export const switchCondition = (body: Sent<'POST /alarm/op/working/switch', 'body'>) =>
  call('POST /alarm/op/working/switch', { body });
export const deleteCondition = (id: number) => call('DELETE /alarm/op/working/:id', { params: { id } });

/** A library point's setting under each operating condition of its unit. */
export const fetchEffectiveSettings = (pointId: number) =>
  call('GET /alarm/bases/list/:id/effective', { params: { id: pointId } });

// 变更管理
export const fetchChanges = (query: Sent<'GET /alarm/op/update', 'query'>) => call('GET /alarm/op/update', { query });
export const fetchChangeablePoints = (query: Sent<'GET /alarm/op/update/points', 'query'>) =>
  call('GET /alarm/op/update/points', { query });
export const fetchChange = (id: number) => call('GET /alarm/op/update/:id', { params: { id } });
export const saveChange = (body: ChangeRequestBody, id?: number) =>
  id === undefined
    ? call('POST /alarm/op/update', { body })
    : call('PUT /alarm/op/update/:id', { params: { id }, body });
export const submitChange = (id: number) => call('POST /alarm/op/update/:id/submit', { params: { id } });
export const deleteChange = (id: number) => call('DELETE /alarm/op/update/:id', { params: { id } });
/** An ended request leaves the default list (已归档), kept whole. */
export const archiveChange = (id: number) => call('POST /alarm/op/update/:id/archive', { params: { id } });
/** Someone else's draft becomes the caller's (接管, logged as 转交). */
export const takeOverChange = (id: number) => call('POST /alarm/op/update/:id/takeover', { params: { id } });
export const draftFromTemplate = (body: Sent<'POST /alarm/op/update/from-template', 'body'>) =>
  call('POST /alarm/op/update/from-template', { body });
/** 报警列表's 「按建议优先级起草变更」: one draft, priority → suggestion for the chosen or filtered points. */
export const draftFromSuggestions = (body: Sent<'POST /alarm/op/update/from-suggestions', 'body'>) =>
  call('POST /alarm/op/update/from-suggestions', { body });

// 审批管理
export const fetchApprovals = (query: Sent<'GET /alarm/approve/list', 'query'>) =>
  call('GET /alarm/approve/list', { query });
export const fetchApproval = (id: number) => call('GET /alarm/approve/list/:id', { params: { id } });
export const decideApproval = (id: number, decision: 'approve' | 'reject', body: DecisionBody) =>
  call(`POST /alarm/approve/list/:id/${decision}`, { params: { id }, body });
export const revokeApproval = (id: number) => call('POST /alarm/approve/list/:id/revoke', { params: { id }, body: {} });
export const archiveApproval = (id: number) => call('POST /alarm/approve/list/:id/archive', { params: { id } });

// 审批配置
export const fetchFlows = (query: Sent<'GET /alarm/base/examine/config', 'query'>) =>
  call('GET /alarm/base/examine/config', { query });
export const fetchFlowOptions = () => call('GET /alarm/base/examine/config/options');
export const fetchFlow = (id: number) => call('GET /alarm/base/examine/config/:id', { params: { id } });
export const saveFlow = (body: FlowBody, id?: number) =>
  id === undefined
    ? call('POST /alarm/base/examine/config', { body })
    : call('PUT /alarm/base/examine/config/:id', { params: { id }, body });
export const deleteFlow = (id: number) => call('DELETE /alarm/base/examine/config/:id', { params: { id } });
/** 启用: the flow replaces its business type's active flow. */
export const activateFlow = (id: number) => call('POST /alarm/base/examine/config/:id/activate', { params: { id } });
/** 停用: its business type is left without an active flow. */
export const deactivateFlow = (id: number) =>
  call('POST /alarm/base/examine/config/:id/deactivate', { params: { id } });
export const fetchBusinessTypeSettings = () => call('GET /alarm/base/examine/config/business-types');
export const saveBusinessTypeSetting = (businessType: BusinessType, body: BusinessTypeSettingBody) =>
  call('PUT /alarm/base/examine/config/business-types/:businessType', { params: { businessType }, body });
