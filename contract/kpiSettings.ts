/**
 * 异常报警配置 `/alarm/base/config`: the KPI thresholds and detection rules of docs/domain.md with their
 * allowed ranges, and detection run on demand.
 */
import { type Static, type TBoolean, Type } from 'typebox';
import { endpoint } from './endpoint';
import { ABNORMAL_KINDS, type AbnormalKind } from './vocabulary';

/**
 * The caps of the facts kept at ingest time (server/domain/ingest/replay.ts): the largest chatter span and
 * fleeting gap, the shortest standing span. They bound the settings, so a query can apply any allowed value.
 */
export const CHATTER_MAX_SECONDS = 3600;
export const FLEETING_MAX_SECONDS = 60;
export const STALE_MIN_HOURS = 1;

export const SETTING_RANGES = {
  overloadThreshold: [1, 10_000],
  floodStart: [1, 10_000],
  floodEnd: [1, 10_000],
  chatterCount: [2, 20],
  chatterSeconds: [1, CHATTER_MAX_SECONDS],
  fleetingSeconds: [1, FLEETING_MAX_SECONDS],
  staleHours: [STALE_MIN_HOURS, 24 * 30],
  frequentPerDay: [1, 100_000],
  floodContributorTop: [1, 50],
} as const satisfies Record<string, readonly [number, number]>;

const bounded = (name: keyof typeof SETTING_RANGES) =>
  Type.Integer({ minimum: SETTING_RANGES[name][0], maximum: SETTING_RANGES[name][1] });

/** Named thresholds of docs/domain.md; stored in the abnormal-alarm configuration, never literals in code. */
export const KpiSettings = Type.Object(
  {
    /** A 10-minute bucket with more annunciations than this is an overloaded period. */
    overloadThreshold: bounded('overloadThreshold'),
    /** A flood starts at a bucket with more annunciations than this. */
    floodStart: bounded('floodStart'),
    /** A flood continues while a bucket holds at least this many annunciations. */
    floodEnd: bounded('floodEnd'),
    /** Annunciations of one point within `chatterSeconds` that make it chattering. */
    chatterCount: bounded('chatterCount'),
    chatterSeconds: bounded('chatterSeconds'),
    /** An annunciation followed by its RTN in less than this is fleeting. */
    fleetingSeconds: bounded('fleetingSeconds'),
    /** Continuously active for at least this long is stale (standing). */
    staleHours: bounded('staleHours'),
    /** More annunciations than this in one plant day make a point frequent (bad actor). */
    frequentPerDay: bounded('frequentPerDay'),
  },
  { additionalProperties: false },
);
export type KpiSettings = Static<typeof KpiSettings>;

export const AbnormalSettings = Type.Object(
  {
    kpi: KpiSettings,
    /** Detection rules switched on. */
    rules: Type.Object(
      Object.fromEntries(ABNORMAL_KINDS.map((kind) => [kind, Type.Boolean()])) as Record<AbnormalKind, TBoolean>,
      { additionalProperties: false },
    ),
    /** A point is a flood contributor when among this many top points of a flood. */
    floodContributorTop: bounded('floodContributorTop'),
  },
  { additionalProperties: false },
);
export type AbnormalSettings = Static<typeof AbnormalSettings>;

export const SettingsAnswer = Type.Object({ settings: AbnormalSettings, defaults: AbnormalSettings });
export type SettingsAnswer = Static<typeof SettingsAnswer>;

export const Detection = Type.Object({ findings: Type.Integer(), open: Type.Integer() });
export type Detection = Static<typeof Detection>;

const PATH = '/alarm/base/config';

export const kpiSettingsEndpoints = {
  settings: endpoint('GET', PATH, { response: SettingsAnswer }),
  save: endpoint('PUT', PATH, { body: AbnormalSettings, response: SettingsAnswer }),
  detect: endpoint('POST', `${PATH}/detect`, { response: Detection }),
};
