/**
 * 审批配置 `/alarm/base/examine/config` and its full-screen editor: approval flows per business type,
 * listed, exported, shown, created, replaced (409 when stale), activated, deactivated and deleted (409 while
 * pending approvals use the flow, or, for the active flow, while requests of its type are pending); and the
 * business types with their active flow and separation-of-duties setting.
 */
import { Type } from 'typebox';
import { endpoint } from './endpoint';
import { IdParams, pageOf } from './http';
import {
  ApprovalFlow,
  BusinessTypeParams,
  BusinessTypeSetting,
  BusinessTypeSettingBody,
  FlowBody,
  FlowFilters,
  FlowOptions,
  FlowQuery,
  Removed,
} from './moc';

const PATH = '/alarm/base/examine/config';

export const flowEndpoints = {
  list: endpoint('GET', PATH, { query: FlowQuery, response: pageOf(ApprovalFlow) }),
  /** The flows the list's filters show. */
  export: endpoint('GET', `${PATH}/export`, { query: FlowFilters }),
  /** The users and roles to pick as approvers. */
  options: endpoint('GET', `${PATH}/options`, { response: FlowOptions }),
  /** Every business type with its active flow and setting. */
  businessTypes: endpoint('GET', `${PATH}/business-types`, { response: Type.Array(BusinessTypeSetting) }),
  /** Relaxes or restores "one person decides one step" for a business type. */
  updateBusinessType: endpoint('PUT', `${PATH}/business-types/:businessType`, {
    params: BusinessTypeParams,
    body: BusinessTypeSettingBody,
    response: BusinessTypeSetting,
  }),
  detail: endpoint('GET', `${PATH}/:id`, { params: IdParams, response: ApprovalFlow }),
  create: endpoint('POST', PATH, { body: FlowBody, response: ApprovalFlow }),
  update: endpoint('PUT', `${PATH}/:id`, { params: IdParams, body: FlowBody, response: ApprovalFlow }),
  /** 启用: this flow becomes its type's active flow, the one it replaces inactive. */
  activate: endpoint('POST', `${PATH}/:id/activate`, { params: IdParams, response: ApprovalFlow }),
  /** 停用: the type is left without an active flow. */
  deactivate: endpoint('POST', `${PATH}/:id/deactivate`, { params: IdParams, response: ApprovalFlow }),
  remove: endpoint('DELETE', `${PATH}/:id`, { params: IdParams, response: Removed }),
};
