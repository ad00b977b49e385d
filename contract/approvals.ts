/**
 * 审批管理 `/alarm/approve/list`: approvals listed (待我审批 / 我发起的 / 全部), exported and shown with
 * their steps; approve or reject by an approver of the current step, revoke by the initiator while
 * pending, archive of ended records (never a delete: the request and its history stay).
 */
import { endpoint } from './endpoint';
import { IdParams, pageOf } from './http';
import { ApprovalDetail, ApprovalFilters, ApprovalQuery, ApprovalSummary, Archived, DecisionBody } from './moc';

const PATH = '/alarm/approve/list';

export const approvalEndpoints = {
  list: endpoint('GET', PATH, { query: ApprovalQuery, response: pageOf(ApprovalSummary) }),
  export: endpoint('GET', `${PATH}/export`, { query: ApprovalFilters }),
  detail: endpoint('GET', `${PATH}/:id`, { params: IdParams, response: ApprovalDetail }),
  approve: endpoint('POST', `${PATH}/:id/approve`, { params: IdParams, body: DecisionBody, response: ApprovalDetail }),
  reject: endpoint('POST', `${PATH}/:id/reject`, { params: IdParams, body: DecisionBody, response: ApprovalDetail }),
  revoke: endpoint('POST', `${PATH}/:id/revoke`, { params: IdParams, body: DecisionBody, response: ApprovalDetail }),
  archive: endpoint('POST', `${PATH}/:id/archive`, { params: IdParams, response: Archived }),
};
