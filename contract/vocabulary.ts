/**
 * The words of the domain every side speaks (docs/domain.md): codes only, in their order of rank. No
 * TypeBox here, so that the SPA takes these lists without the schema builder; the schemas of
 * contract/ make enums of them, the database schema makes its checks of them, the SPA labels them.
 */

/** Alarm priorities, most urgent first. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Where a change request (MOC) stands; approved is an end only when a conflict left it unapplied. */
export const CHANGE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'revoked', 'applied'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** Statuses after which nothing more happens to a request (those may be archived, never deleted). */
export const ENDED_CHANGE_STATUSES: readonly ChangeStatus[] = ['approved', 'rejected', 'revoked', 'applied'];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** What a change request changes; each has its own approval flow (审批配置). */
export const BUSINESS_TYPES = ['alarmChange', 'operatingCondition', 'templateApplication', 'priorityMatrix'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The settings of an alarm point a change request item may change and an operating condition may override. */
export const CHANGE_FIELDS = [
  'limitValue',
  'priority',
  'deadband',
  'onDelaySeconds',
  'offDelaySeconds',
  'enabled',
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** How a step of an approval flow ends: with the first approval, or with every approver's. */
export const STEP_MODES = ['any', 'all'] as const;
export type StepMode = (typeof STEP_MODES)[number];

export const APPROVER_KINDS = ['user', 'role'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Where a step of an approval stands. */
export const STEP_STATES = ['waiting', 'current', 'approved', 'rejected', 'skipped'] as const;
export type StepState = (typeof STEP_STATES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Entries of a request's transition log (who, when, from → to, comment). */
export const CHANGE_ACTIONS = [
  'create',
  'edit',
  'submit',
  'approveStep',
  'approve',
  'reject',
  'revoke',
  'apply',
  'conflict',
  'delete',
  'archive',
  'takeover',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** Which requests a list shows: those not archived (the default), the archived ones (已归档), or both. */
export const ARCHIVE_FILTERS = ['active', 'archived', 'all'] as const;
export type ArchiveFilter = (typeof ARCHIVE_FILTERS)[number];

/** Approvals list tabs: 待我审批 / 我发起的 / 全部. */
export const APPROVAL_SCOPES = ['todo', 'mine', 'all'] as const;
export type ApprovalScope = (typeof APPROVAL_SCOPES)[number];

/** Longest title and reason of a change request. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_REASON_LENGTH = 2000;

/** The KPIs of the engine's summary that carry an optimisation target; every one is better when lower. */
export const TARGET_KPIS = [
  'avgPer10Min',
  'peak10Min',
  'pctPeriodsOver',
  'pctTimeInFlood',
  'top10Share',
  'chatteringCount',
  'fleetingCount',
  'staleCount',
] as const;
export type TargetKpi = (typeof TARGET_KPIS)[number];

/** Bucket sizes of a KPI trend. */
export const TREND_BUCKETS = ['10m', '1h', '1d'] as const;
export type TrendBucket = (typeof TREND_BUCKETS)[number];

/** What a KPI ranking groups annunciations by. */
export const RANKING_GROUPS = ['console', 'unit', 'equipment'] as const;
export type RankingGroup = (typeof RANKING_GROUPS)[number];

/** The periods of 系统改进看板. */
export const IMPROVEMENT_PERIODS = ['week', 'month'] as const;
export type ImprovementPeriod = (typeof IMPROVEMENT_PERIODS)[number];

/** Abnormal alarm kinds the detection finds, in its order of rank. */
export const ABNORMAL_KINDS = ['chattering', 'fleeting', 'standing', 'frequent', 'floodContributor'] as const;
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number];

/**
 * Where a batch of journal events came from; `collector`: a drop-folder journal of 数据采集; `opcua`: OPC UA
 * condition events as they arrived; `opcua-refresh`: transitions reconstructed from a ConditionRefresh after the
 * connection was lost (they happened while disconnected).
 */
export const EVENT_SOURCES = ['import', 'ingest', 'simulation', 'demo', 'collector', 'opcua', 'opcua-refresh'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** Scenarios of the journal simulator. */
export const SCENARIOS = ['steady', 'upset', 'chattering', 'standing', 'mixed'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Stages of a running import or simulation, as its progress reports them. */
export const JOB_STAGES = ['reading', 'storing', 'done', 'failed'] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/** EEMUA 191 alarm-system operating levels, best first. */
export const OPERATING_LEVELS = ['predictive', 'robust', 'stable', 'reactive', 'overloaded'] as const;
export type OperatingLevel = (typeof OPERATING_LEVELS)[number];

/** How a lower-is-better KPI moved between two windows. */
export const KPI_DIRECTIONS = ['better', 'worse', 'same'] as const;
export type KpiDirection = (typeof KPI_DIRECTIONS)[number];

/** Where an alarm point stands in its rationalization (docs/domain.md). */
export const RATIONALIZATION_STATUSES = ['待确认', '已确认'] as const;
export type RationalizationStatus = (typeof RATIONALIZATION_STATUSES)[number];

/** The ISA-18.2 alarm states A–G of a point. */
export const ISA_STATE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type IsaState = (typeof ISA_STATE_LETTERS)[number];

/** An abnormal-alarm record is open (未处置) until handled or ignored. */
export const ABNORMAL_STATUSES = ['未处置', '已处置', '已忽略'] as const;
export type AbnormalStatus = (typeof ABNORMAL_STATUSES)[number];

/** Where a change of a point came from: a library edit or an import (both outside MOC), or a change request. */
export const AUDIT_SOURCES = ['library', 'moc', 'import'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** A template item's limit: an absolute value, or a percentage of the point's instrument range. */
export const LIMIT_MODES = ['absolute', 'percent'] as const;
export type LimitMode = (typeof LIMIT_MODES)[number];

/** The settings a template item prescribes and the evaluation compares, in display order. */
export const COMPARED_FIELDS = ['limitValue', 'priority', 'deadband', 'onDelaySeconds', 'offDelaySeconds'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/**
 * How an equipment's alarms deviate from its template: `missing` a required item has no alarm point;
 * `extra` a point whose condition the template has no item for; `different` a setting differs from the
 * item's; `noRange` a percent limit on a point without a usable range, which cannot be compared.
 */
export const DEVIATION_KINDS = ['missing', 'extra', 'different', 'noRange'] as const;
export type DeviationKind = (typeof DEVIATION_KINDS)[number];

/** How bad the consequence of an alarm left unanswered is, per consequence category (docs/domain.md), mildest first. */
export const SEVERITY_LEVELS = ['none', 'minor', 'major', 'severe'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

/** What the priority matrix suggests for a point: a priority, or no alarm at all (another means). */
export const SUGGESTIONS = [...PRIORITIES, 'noAlarm'] as const;
export type Suggestion = (typeof SUGGESTIONS)[number];

/** Kinds of data collection source (数据采集): a journal drop folder, an OPC UA Alarms & Conditions server. */
export const SOURCE_KINDS = ['folder', 'opcua'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Where a collection source stands: 已连接, 连接中, 错误, 停用. */
export const SOURCE_STATES = ['connected', 'connecting', 'error', 'disabled'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

/** OPC UA message security modes a source may ask for. */
export const OPCUA_SECURITY_MODES = ['None', 'Sign', 'SignAndEncrypt'] as const;
export type OpcuaSecurityMode = (typeof OPCUA_SECURITY_MODES)[number];

/** OPC UA security policies a source may ask for (those without known weaknesses, and None). */
export const OPCUA_SECURITY_POLICIES = [
  'None',
  'Basic256Sha256',
  'Aes128_Sha256_RsaOaep',
  'Aes256_Sha256_RsaPss',
] as const;
export type OpcuaSecurityPolicy = (typeof OPCUA_SECURITY_POLICIES)[number];

/** Which event field names the journal's tag: the condition's source (SourceName) or the condition itself. */
export const OPCUA_TAG_FIELDS = ['SourceName', 'ConditionName'] as const;
export type OpcuaTagField = (typeof OPCUA_TAG_FIELDS)[number];

/** Which event field names the journal's condition: ConditionName, or the event type's browse name. */
export const OPCUA_CONDITION_FIELDS = ['ConditionName', 'EventType'] as const;
export type OpcuaConditionField = (typeof OPCUA_CONDITION_FIELDS)[number];
