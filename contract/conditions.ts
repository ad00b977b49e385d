/**
 * 多工况管理 `/alarm/op/working` and its hidden 新建工况 page: units with their active condition, conditions
 * with their overrides, the switch timeline and manual switches, deletion of an inactive condition, and
 * the change requests that create or change a condition (it exists or changes only once approved). The
 * library's drawer reads a point's effective settings under each condition of its unit.
 */
import { Type } from 'typebox';
import { endpoint } from './endpoint';
import { IdParams, pageOf } from './http';
import {
  ChangeablePoint,
  ChangeRequestDetail,
  ConditionDetail,
  ConditionFilters,
  ConditionQuery,
  ConditionRequestBody,
  ConditionSummary,
  ConditionSwitch,
  ConditionUnit,
  PointEffectiveSettings,
  PointQuery,
  Removed,
  SwitchBody,
  SwitchQuery,
} from './moc';

const PATH = '/alarm/op/working';

export const conditionEndpoints = {
  units: endpoint('GET', `${PATH}/units`, { response: Type.Array(ConditionUnit) }),
  list: endpoint('GET', PATH, { query: ConditionQuery, response: pageOf(ConditionSummary) }),
  export: endpoint('GET', `${PATH}/export`, { query: ConditionFilters }),
  switches: endpoint('GET', `${PATH}/switches`, { query: SwitchQuery, response: pageOf(ConditionSwitch) }),
  points: endpoint('GET', `${PATH}/points`, { query: PointQuery, response: pageOf(ChangeablePoint) }),
  detail: endpoint('GET', `${PATH}/:id`, { params: IdParams, response: ConditionDetail }),
  /** A change request proposing a new condition: a draft, or pending with `submit: true`. */
  propose: endpoint('POST', PATH, { body: ConditionRequestBody, response: ChangeRequestDetail }),
  /** A change request proposing new settings of an existing condition. */
  proposeChange: endpoint('PUT', `${PATH}/:id`, {
    params: IdParams,
    body: ConditionRequestBody,
    response: ChangeRequestDetail,
  }),
  /** Switching is manual and needs no change request (docs/domain.md). */
  switch: endpoint('POST', `${PATH}/switch`, { body: SwitchBody, response: ConditionSwitch }),
  remove: endpoint('DELETE', `${PATH}/:id`, { params: IdParams, response: Removed }),
  effective: endpoint('GET', '/alarm/bases/list/:id/effective', { params: IdParams, response: PointEffectiveSettings }),
};
