/**
 * 数据采集 `/alarm/base/source`: the sources the console collects alarm events from by itself (docs/api.md,
 * "Data collection"). A source has a kind with its own settings: `folder`, a sub-folder of the server's drop
 * root (`DROP_DIR`) where an export job writes CSV/xlsx journals; `opcua`, an OPC UA Alarms & Conditions server
 * whose condition events are subscribed to. The live summary of 系统运行看板 lives here too.
 */
import { type Static, Type } from 'typebox';
import { endpoint } from './endpoint';
import { IdParams, Nullable, Timestamp } from './http';
import { Removed } from './moc';
import {
  OPCUA_CONDITION_FIELDS,
  OPCUA_SECURITY_MODES,
  OPCUA_SECURITY_POLICIES,
  OPCUA_TAG_FIELDS,
  SOURCE_KINDS,
  SOURCE_STATES,
} from './vocabulary';

/** A sub-folder name below the drop root: the server refuses `..`, absolute paths and the like in Chinese. */
export const FOLDER_MAX_LENGTH = 200;

export const FolderSettings = Type.Object({ folder: Type.String({ maxLength: FOLDER_MAX_LENGTH }) });
export type FolderSettings = Static<typeof FolderSettings>;

/**
 * Upper Severity (1–1000) of each priority band: Severity ≤ low → 低, ≤ medium → 中, ≤ high → 高, above → 紧急.
 * Ascending; the server refuses others in Chinese.
 */
export const SeverityBands = Type.Object({
  low: Type.Integer({ minimum: 1, maximum: 999 }),
  medium: Type.Integer({ minimum: 1, maximum: 999 }),
  high: Type.Integer({ minimum: 1, maximum: 999 }),
});
export type SeverityBands = Static<typeof SeverityBands>;

export const OpcuaMapping = Type.Object({
  tagField: Type.Enum(OPCUA_TAG_FIELDS),
  conditionField: Type.Enum(OPCUA_CONDITION_FIELDS),
  /** A further event field holding the process value, as a browse name (`1:Value`); '' for none. */
  valueField: Type.String({ maxLength: 100 }),
  severityBands: SeverityBands,
});
export type OpcuaMapping = Static<typeof OpcuaMapping>;

export const ENDPOINT_MAX_LENGTH = 500;

/** An OPC UA source as answered: the password never, only whether one is stored. */
export const OpcuaSettings = Type.Object({
  endpointUrl: Type.String({ maxLength: ENDPOINT_MAX_LENGTH }),
  securityMode: Type.Enum(OPCUA_SECURITY_MODES),
  securityPolicy: Type.Enum(OPCUA_SECURITY_POLICIES),
  /** '' for an anonymous session. */
  userName: Type.String({ maxLength: 100 }),
  hasPassword: Type.Boolean(),
  mapping: OpcuaMapping,
});
export type OpcuaSettings = Static<typeof OpcuaSettings>;

/**
 * An OPC UA source as written. `password`: absent keeps the stored one, '' removes it; it is stored encrypted and
 * never answered.
 */
export const OpcuaSettingsBody = Type.Object({
  endpointUrl: Type.String({ maxLength: ENDPOINT_MAX_LENGTH }),
  securityMode: Type.Enum(OPCUA_SECURITY_MODES),
  securityPolicy: Type.Enum(OPCUA_SECURITY_POLICIES),
  userName: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  mapping: Type.Optional(Type.Partial(OpcuaMapping)),
});
export type OpcuaSettingsBody = Static<typeof OpcuaSettingsBody>;

export const SourceStatus = Type.Object({
  state: Type.Enum(SOURCE_STATES),
  /** The newest event stored from this source. */
  lastEventAt: Nullable(Timestamp),
  /** Events stored from this source since midnight on the plant clock. */
  eventsToday: Type.Integer(),
  lastError: Nullable(Type.String()),
});
export type SourceStatus = Static<typeof SourceStatus>;

export const Source = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Enum(SOURCE_KINDS),
  enabled: Type.Boolean(),
  /** 装置 and 操作台 of events whose journal line names none ('' when not set). */
  unit: Type.String(),
  console: Type.String(),
  folder: Nullable(FolderSettings),
  opcua: Nullable(OpcuaSettings),
  status: SourceStatus,
  updatedAt: Timestamp,
});
export type Source = Static<typeof Source>;

export const SourceBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  kind: Type.Enum(SOURCE_KINDS),
  enabled: Type.Optional(Type.Boolean()),
  unit: Type.Optional(Type.String({ maxLength: 100 })),
  console: Type.Optional(Type.String({ maxLength: 100 })),
  folder: Type.Optional(FolderSettings),
  opcua: Type.Optional(OpcuaSettingsBody),
});
export type SourceBody = Static<typeof SourceBody>;

export const WaitingFile = Type.Object({ name: Type.String(), size: Type.Integer(), modifiedAt: Timestamp });
export type WaitingFile = Static<typeof WaitingFile>;

/** A condition found by browsing an OPC UA server from its Server object down (测试连接). */
export const BrowsedCondition = Type.Object({ source: Type.String(), condition: Type.String(), nodeId: Type.String() });
export type BrowsedCondition = Static<typeof BrowsedCondition>;

/**
 * 测试连接: whether the source can be read, why not, and what was found: a folder's journal files waiting in it, an
 * OPC UA server's first conditions.
 */
export const SourceTest = Type.Object({
  ok: Type.Boolean(),
  message: Type.String(),
  files: Type.Array(WaitingFile),
  conditions: Type.Array(BrowsedCondition),
});
export type SourceTest = Static<typeof SourceTest>;

/** 系统运行看板's cheap poll: `revision` changes whenever events were stored; each source's state. */
export const LiveSummary = Type.Object({
  revision: Type.String(),
  sources: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.Enum(SOURCE_KINDS), status: SourceStatus }),
  ),
});
export type LiveSummary = Static<typeof LiveSummary>;

export const sourceEndpoints = {
  list: endpoint('GET', '/alarm/base/source', { response: Type.Array(Source) }),
  create: endpoint('POST', '/alarm/base/source', { body: SourceBody, response: Source }),
  update: endpoint('PUT', '/alarm/base/source/:id', { params: IdParams, body: SourceBody, response: Source }),
  remove: endpoint('DELETE', '/alarm/base/source/:id', { params: IdParams, response: Removed }),
  test: endpoint('POST', '/alarm/base/source/:id/test', { params: IdParams, response: SourceTest }),
  live: endpoint('GET', '/alarm/op/system/run/live', { response: LiveSummary }),
};
