/**
 * 审批配置 `/alarm/base/examine/config` and its full-screen editor: approval flows per business type,
 * listed, exported, shown, created, replaced (409 when stale) and deleted (409 while pending approvals
 * use the flow).
 */
import { endpoint } from './endpoint';
import { IdParams, pageOf } from './http';
import { ApprovalFlow, FlowBody, FlowFilters, FlowOptions, FlowQuery, Removed } from './moc';

const PATH = '/alarm/base/examine/config';

export const flowEndpoints = {
  list: endpoint('GET', PATH, { query: FlowQuery, response: pageOf(ApprovalFlow) }),
  /** The flows the list's filters show. */
  export: endpoint('GET', `${PATH}/export`, { query: FlowFilters }),
  /** The users and roles to pick as approvers. */
  options: endpoint('GET', `${PATH}/options`, { response: FlowOptions }),
  detail: endpoint('GET', `${PATH}/:id`, { params: IdParams, response: ApprovalFlow }),
  create: endpoint('POST', PATH, { body: FlowBody, response: ApprovalFlow }),
  update: endpoint('PUT', `${PATH}/:id`, { params: IdParams, body: FlowBody, response: ApprovalFlow }),
  remove: endpoint('DELETE', `${PATH}/:id`, { params: IdParams, response: Removed }),
};
