/**
 * 变更管理 `/alarm/op/update` and its hidden 发起变更 page: change requests listed, exported, shown,
 * created (or drafted from a template evaluation), edited and submitted while drafts, drafts deleted or
 * taken over by an administrator, ended requests archived, and one request's audit workbook.
 */
import { endpoint } from './endpoint';
import { IdParams, pageOf } from './http';
import {
  Archived,
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
  /** Drafts only: a submitted request is never deleted (ended ones are archived). */
  remove: endpoint('DELETE', `${PATH}/:id`, { params: IdParams, response: Removed }),
  /** Ended requests only: hidden from the default lists, kept whole (the same as 审批管理's archive). */
  archive: endpoint('POST', `${PATH}/:id/archive`, { params: IdParams, response: Archived }),
  /** Someone else's draft becomes the caller's (takeover action), logged as 转交. */
  takeover: endpoint('POST', `${PATH}/:id/takeover`, { params: IdParams, response: ChangeRequestDetail }),
  /** The request's audit workbook: summary, every transition, items before/after and the applied result. */
  audit: endpoint('GET', `${PATH}/:id/audit`, { params: IdParams }),
};
