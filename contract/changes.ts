/**
 * 变更管理 `/alarm/op/update` and its hidden 发起变更 page: change requests listed, exported, shown, created (or
 * drafted from a template evaluation or from the matrix's suggested priorities), edited and submitted while
 * drafts, drafts deleted or taken over by an administrator, ended requests archived, and one request's audit
 * workbook; and the change requests of the priority matrix that 报警类型 proposes.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Id, IdParams, pageOf } from './http';
import { LibraryFilters } from './library';
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
import { MatrixChangeBody } from './rationalization';
import { MAX_REASON_LENGTH, MAX_TITLE_LENGTH, RISK_LEVELS } from './vocabulary';

const PATH = '/alarm/op/update';

/** The most points one request may name (the items' bound of a request). */
export const MAX_SUGGESTION_POINTS = 2000;

/**
 * 报警列表's 「按建议优先级起草变更」: the points chosen (`pointIds`) or those of a list filter (`filters`, as
 * the list sends it), each to get the priority the matrix suggests — one draft request, never direct edits.
 */
export const SuggestionDraftBody = Type.Object(
  {
    pointIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: MAX_SUGGESTION_POINTS })),
    filters: Type.Optional(Type.Object(LibraryFilters.properties, { additionalProperties: false })),
    title: Type.Optional(Type.String({ maxLength: MAX_TITLE_LENGTH })),
    reason: Type.Optional(Type.String({ maxLength: MAX_REASON_LENGTH })),
    riskLevel: Type.Optional(Type.Enum(RISK_LEVELS)),
  },
  { additionalProperties: false },
);
export type SuggestionDraftBody = Static<typeof SuggestionDraftBody>;

/** The draft, and the points left out: no suggestion yet, «no alarm» suggested, or already at the suggestion. */
export const SuggestionDraftResult = Type.Object({
  change: ChangeRequestDetail,
  skipped: Type.Object({ noSuggestion: Type.Integer(), noAlarm: Type.Integer(), matching: Type.Integer() }),
});
export type SuggestionDraftResult = Static<typeof SuggestionDraftResult>;

export const changeEndpoints = {
  list: endpoint('GET', PATH, { query: ChangeQuery, response: pageOf(ChangeRequestSummary) }),
  export: endpoint('GET', `${PATH}/export`, { query: ChangeFilters }),
  points: endpoint('GET', `${PATH}/points`, { query: PointQuery, response: pageOf(ChangeablePoint) }),
  detail: endpoint('GET', `${PATH}/:id`, { params: IdParams, response: ChangeRequestDetail }),
  create: endpoint('POST', PATH, { body: ChangeRequestBody, response: ChangeRequestDetail }),
  fromTemplate: endpoint('POST', `${PATH}/from-template`, { body: TemplateDraftBody, response: TemplateDraftResult }),
  fromSuggestions: endpoint('POST', `${PATH}/from-suggestions`, {
    body: SuggestionDraftBody,
    response: SuggestionDraftResult,
  }),
  /** A change of the priority matrix, proposed from 报警类型 (its edit right): drafted, or submitted at once. */
  proposeMatrix: endpoint('POST', '/alarm/base/type/matrix', { body: MatrixChangeBody, response: ChangeRequestDetail }),
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
