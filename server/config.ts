/**
 * Environment of the API server, parsed once at start-up. A bad value stops the start with a message
 * naming the variable, rather than failing later in some request.
 */
import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** Directory of the embedded database, or `memory://` for a throw-away in-memory one (tests). */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl?: string;
  tokenTtlHours: number;
  /** Seed the demo plant and its journal on the first start. */
  seedDemo: boolean;
  /** The instant the demo's journal and change requests end at; now when absent (fixed pictures, tests). */
  seedDemoUntil?: Date;
  /** Print the admin sign-in link on every start, not only the first one. */
  adminLink: boolean;
  plantTimeZone: string;
  /** Where avatars are served from when not from this server; allowed by the CSP `img-src`. */
  avatarBaseUrl?: string;
  /** The built SPA; served when the directory exists. */
  staticDir: string;
  logLevel: LogLevel;
  /** Most an xlsx upload may unpack to, in MiB (docs/api.md, "Import limits"). */
  importMaxUnpackedMb: number;
  /** Most an entry of an xlsx upload may be compressed (uncompressed ÷ compressed size). */
  importMaxRatio: number;
  /**
   * The one folder under which 数据采集 folder sources may name their sub-folders (docs/api.md, "Data
   * collection"); `<DATA_DIR>/drop` unless DROP_DIR is set, none with an in-memory database and no DROP_DIR.
   */
  dropDir?: string;
  /** How often the collector looks at each enabled source, in milliseconds. */
  collectorPollMs: number;
  /**
   * On PostgreSQL, the months of raw events and episodes kept besides the current one (older monthly partitions are
   * dropped; the rollups stay); unlimited when absent. docs/scale.md.
   */
  journalRetentionMonths?: number;
  /** The key OPC UA source passwords are encrypted with (AES-256-GCM); none: passwords are refused. */
  sourceSecretKey?: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`环境变量配置有误 / invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const MEMORY_DATA_DIR = 'memory://';

type Env = Record<string, string | undefined>;

function dropDir(configured: string | undefined, dataDir: string): string | undefined {
  if (configured) return path.resolve(configured);
  return dataDir === MEMORY_DATA_DIR ? undefined : path.resolve(dataDir, 'drop');
}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} 必须是 ${min}–${max} 之间的整数（当前为 "${raw}"）`);
      return fallback;
    }
    return value;
  };

  const flag = (name: string, fallback: boolean): boolean => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} 必须是 1 或 0（当前为 "${raw}"）`);
    return fallback;
  };

  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return raw;
    } catch {
      // reported below
    }
    problems.push(`${name} 必须是 ${protocols.map((protocol) => `${protocol}//…`).join(' 或 ')} 形式的地址`);
    return undefined;
  };

  const timeZone = (name: string, fallback: string): string => {
    const value = read(name) ?? fallback;
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return value;
    } catch {
      problems.push(`${name} 不是有效的 IANA 时区（当前为 "${value}"，例如 ${fallback}）`);
      return fallback;
    }
  };

  const instant = (name: string): Date | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    // With its offset: a bare local time would mean another instant on a machine in another zone.
    const value = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(raw) ? new Date(raw) : undefined;
    if (value && !Number.isNaN(value.getTime()) && value.getTime() <= Date.now()) return value;
    problems.push(
      `${name} 必须是不晚于当前时间、带时区的 ISO 8601 时刻（例如 2026-12-02T09:30:00+08:00，当前为 "${raw}"）`,
    );
    return undefined;
  };

  const logLevel = (name: string, fallback: LogLevel): LogLevel => {
    const value = read(name) ?? fallback;
    if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
    problems.push(`${name} 必须是 ${LOG_LEVELS.join(' | ')} 之一（当前为 "${value}"）`);
    return fallback;
  };

  const secret = (name: string): string | undefined => {
    const raw = read(name);
    if (raw !== undefined && raw.length < 16) problems.push(`${name} 至少需要 16 个字符`);
    return raw;
  };

  const dataDir = read('DATA_DIR') ?? './data';
  const config: AppConfig = {
    port: integer('PORT', 8000, 0, 65535),
    host: read('HOST') ?? '127.0.0.1',
    dataDir: dataDir === MEMORY_DATA_DIR ? dataDir : path.resolve(dataDir),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    tokenTtlHours: integer('TOKEN_TTL_HOURS', 168, 1, 24 * 365),
    seedDemo: flag('SEED_DEMO', true),
    seedDemoUntil: instant('SEED_DEMO_UNTIL'),
    adminLink: flag('ADMIN_LINK', false),
    plantTimeZone: timeZone('PLANT_TZ', 'Asia/Shanghai'),
    avatarBaseUrl: url('AVATAR_BASE_URL', ['http:', 'https:']),
    staticDir: path.resolve(read('STATIC_DIR') ?? './dist'),
    logLevel: logLevel('LOG_LEVEL', 'info'),
    // An entry's size must fit the 32 bits of a ZIP header: below 4096 MiB.
    importMaxUnpackedMb: integer('IMPORT_MAX_UNPACKED_MB', 500, 1, 4000),
    importMaxRatio: integer('IMPORT_MAX_RATIO', 100, 10, 10_000),
    dropDir: dropDir(read('DROP_DIR'), dataDir),
    collectorPollMs: integer('COLLECTOR_POLL_MS', 3000, 50, 60_000),
    journalRetentionMonths:
      read('JOURNAL_RETENTION_MONTHS') === undefined ? undefined : integer('JOURNAL_RETENTION_MONTHS', 0, 1, 1200),
    sourceSecretKey: secret('SOURCE_SECRET_KEY'),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
