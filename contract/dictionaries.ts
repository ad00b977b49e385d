/**
 * 基础配置 dictionaries: 报警类型 `/alarm/base/type` and 系统类型 `/alarm/base/system`, each with the same
 * five endpoints (paged list, create, update, delete, export); the priorities' names and colours, edited
 * on the 报警类型 page and read by each page that shows change settings.
 */
import { type Static, type TObject, Type } from 'typebox';
import { endpoint } from './endpoint';
import { Color, IdParams, pageOf, pageQueryProperties, Timestamp } from './http';
import { Removed } from './moc';
import { PRIORITIES } from './vocabulary';

const Code = Type.String({ minLength: 1, maxLength: 32, pattern: '^\\s*[A-Za-z0-9_.-]+\\s*$' });
const Name = Type.String({ minLength: 1, maxLength: 50 });
const Description = Type.String({ maxLength: 500 });

export const DictionaryFilters = Type.Object({
  /** Part of the code or the name, case-insensitive. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type DictionaryFilters = Static<typeof DictionaryFilters>;

const DictionaryQuery = Type.Object({ ...pageQueryProperties, ...DictionaryFilters.properties });

const common = {
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  updatedAt: Timestamp,
};

export const AlarmType = Type.Object({ ...common, color: Type.String(), sortOrder: Type.Integer() });
export type AlarmType = Static<typeof AlarmType>;
export const AlarmTypeBody = Type.Object({
  code: Code,
  name: Name,
  description: Type.Optional(Description),
  color: Type.Optional(Color),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type AlarmTypeBody = Static<typeof AlarmTypeBody>;

export const SystemType = Type.Object(common);
export type SystemType = Static<typeof SystemType>;
export const SystemTypeBody = Type.Object({
  code: Code,
  name: Name,
  description: Type.Optional(Description),
  enabled: Type.Optional(Type.Boolean()),
});
export type SystemTypeBody = Static<typeof SystemTypeBody>;

export const Priority = Type.Object({
  id: Type.Integer(),
  code: Type.Enum(PRIORITIES),
  name: Type.String(),
  color: Type.String(),
  /** Target share of annunciations, percent. */
  targetShare: Type.Integer(),
  sortOrder: Type.Integer(),
});
export type Priority = Static<typeof Priority>;
export const PriorityBody = Type.Object({
  name: Name,
  color: Color,
  sortOrder: Type.Integer({ minimum: 0, maximum: 99 }),
});
export type PriorityBody = Static<typeof PriorityBody>;

/** A priority as the change, condition and approval pages name it. */
export const PriorityName = Type.Object({ code: Priority.properties.code, name: Type.String(), color: Type.String() });
export type PriorityName = Static<typeof PriorityName>;

/** The five endpoints of a coded dictionary under its route's path. */
function codedDictionary<const P extends string, Item extends TObject, Body extends TObject>(
  path: P,
  item: Item,
  body: Body,
) {
  return {
    list: endpoint('GET', path, { query: DictionaryQuery, response: pageOf(item) }),
    export: endpoint('GET', `${path}/export`, { query: DictionaryFilters }),
    create: endpoint('POST', path, { body, response: item }),
    update: endpoint('PUT', `${path}/:id`, { params: IdParams, body, response: item }),
    remove: endpoint('DELETE', `${path}/:id`, { params: IdParams, response: Removed }),
  };
}

export type CodedDictionaryEndpoints<P extends string, Item extends TObject, Body extends TObject> = ReturnType<
  typeof codedDictionary<P, Item, Body>
>;

export const alarmTypeEndpoints = codedDictionary('/alarm/base/type', AlarmType, AlarmTypeBody);
export const systemTypeEndpoints = codedDictionary('/alarm/base/system', SystemType, SystemTypeBody);

export const priorityEndpoints = {
  list: endpoint('GET', '/alarm/base/priorities', { response: Type.Array(Priority) }),
  export: endpoint('GET', '/alarm/base/priorities/export', {}),
  update: endpoint('PUT', '/alarm/base/priorities/:id', { params: IdParams, body: PriorityBody, response: Priority }),
  namesOfChanges: endpoint('GET', '/alarm/op/update/priorities', { response: Type.Array(PriorityName) }),
  namesOfConditions: endpoint('GET', '/alarm/op/working/priorities', { response: Type.Array(PriorityName) }),
  namesOfApprovals: endpoint('GET', '/alarm/approve/list/priorities', { response: Type.Array(PriorityName) }),
};
