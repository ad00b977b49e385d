/**
 * 变更管理 `/alarm/op/update` and its hidden 发起变更 page: change requests listed, exported, shown,
 * created (or drafted from a template evaluation), edited and submitted while drafts, and drafts deleted.
 */
import { endpoint } from './endpoint';
import { IdParams, pageOf } from './http';
import {
  ChangeablePoint,
  ChangeFilters,
  ChangeQuery,
  ChangeRequestBody,
  ChangeRequestDetail,
  ChangeRequestSummary,
  PointQuery,
  Removed,
  TemplateDraftBody,
  TemplateDraftResult,
} from './moc';

const PATH = '/alarm/op/update';

export const changeEndpoints = {
  list: endpoint('GET', PATH, { query: ChangeQuery, response: pageOf(ChangeRequestSummary) }),
  export: endpoint('GET', `${PATH}/export`, { query: ChangeFilters }),
  points: endpoint('GET', `${PATH}/points`, { query: PointQuery, response: pageOf(ChangeablePoint) }),
  detail: endpoint('GET', `${PATH}/:id`, { params: IdParams, response: ChangeRequestDetail }),
  create: endpoint('POST', PATH, { body: ChangeRequestBody, response: ChangeRequestDetail }),
  fromTemplate: endpoint('POST', `${PATH}/from-template`, { body: TemplateDraftBody, response: TemplateDraftResult }),
  /** Drafts only. */
  update: endpoint('PUT', `${PATH}/:id`, { params: IdParams, body: ChangeRequestBody, response: ChangeRequestDetail }),
  /** draft → pending; the request carries nothing but the id. */
  submit: endpoint('POST', `${PATH}/:id/submit`, { params: IdParams, response: ChangeRequestDetail }),
  /** Drafts only; ended records are deleted from 审批管理. */
  remove: endpoint('DELETE', `${PATH}/:id`, { params: IdParams, response: Removed }),
};
