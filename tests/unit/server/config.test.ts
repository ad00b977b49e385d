import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      tokenTtlHours: 168,
      seedDemo: true,
      seedDemoUntil: undefined,
      adminLink: false,
      plantTimeZone: 'Asia/Shanghai',
      avatarBaseUrl: undefined,
      staticDir: path.resolve('dist'),
      logLevel: 'info',
      importMaxUnpackedMb: 500,
      importMaxRatio: 100,
      dropDir: path.resolve('data', 'drop'),
      collectorPollMs: 3000,
      journalRetentionMonths: undefined,
    });
  });

  it('has no drop root with an in-memory database unless DROP_DIR names one', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dropDir).toBeUndefined();
    expect(loadConfig({ DATA_DIR: 'memory://', DROP_DIR: 'incoming' }).dropDir).toBe(path.resolve('incoming'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: 'memory://',
      DATABASE_URL: 'postgresql://postgres@db:5432/alarms',
      TOKEN_TTL_HOURS: '24',
      SEED_DEMO: '0',
      SEED_DEMO_UNTIL: '2026-12-02T09:30:00+08:00',
      ADMIN_LINK: 'true',
      PLANT_TZ: 'Europe/Berlin',
      AVATAR_BASE_URL: 'https://cdn.example.com/avatars/',
      STATIC_DIR: '/srv/console',
      LOG_LEVEL: 'warn',
      IMPORT_MAX_UNPACKED_MB: '1000',
      IMPORT_MAX_RATIO: '200',
      DROP_DIR: '/srv/drop',
      COLLECTOR_POLL_MS: '500',
      JOURNAL_RETENTION_MONTHS: '24',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: 'memory://',
      databaseUrl: 'postgresql://postgres@db:5432/alarms',
      tokenTtlHours: 24,
      seedDemo: false,
      seedDemoUntil: new Date('2026-12-02T01:30:00Z'),
      adminLink: true,
      plantTimeZone: 'Europe/Berlin',
      avatarBaseUrl: 'https://cdn.example.com/avatars/',
      staticDir: '/srv/console',
      logLevel: 'warn',
      importMaxUnpackedMb: 1000,
      importMaxRatio: 200,
      dropDir: '/srv/drop',
      collectorPollMs: 500,
      journalRetentionMonths: 24,
    });
  });

  it('takes a demo end only as a past instant with its offset', () => {
    const problem = (raw: string) => {
      try {
        loadConfig({ SEED_DEMO_UNTIL: raw });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problem('2026-12-01T09:30:00Z')).toEqual([]);
    for (const raw of ['2026-12-02T09:30:00', '2026-13-40T09:30:00+08:00', '9999-01-01T00:00:00Z', 'yesterday'])
      expect(problem(raw), raw).toHaveLength(1);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 8000, databaseUrl: undefined });
  });

  it('fails fast naming every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        TOKEN_TTL_HOURS: '0',
        SEED_DEMO: 'maybe',
        SEED_DEMO_UNTIL: '2026-12-02 09:30',
        DATABASE_URL: 'mysql://db/alarms',
        PLANT_TZ: 'Mars/Olympus',
        AVATAR_BASE_URL: 'not a url',
        LOG_LEVEL: 'loud',
        IMPORT_MAX_UNPACKED_MB: '5000',
        IMPORT_MAX_RATIO: '5',
        JOURNAL_RETENTION_MONTHS: '0',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems).toEqual([
        'PORT 必须是 0–65535 之间的整数（当前为 "eighty"）',
        'DATABASE_URL 必须是 postgres://… 或 postgresql://… 形式的地址',
        'TOKEN_TTL_HOURS 必须是 1–8760 之间的整数（当前为 "0"）',
        'SEED_DEMO 必须是 1 或 0（当前为 "maybe"）',
        'SEED_DEMO_UNTIL 必须是不晚于当前时间、带时区的 ISO 8601 时刻（例如 2026-12-02T09:30:00+08:00，当前为 "2026-12-02 09:30"）',
        'PLANT_TZ 不是有效的 IANA 时区（当前为 "Mars/Olympus"，例如 Asia/Shanghai）',
        'AVATAR_BASE_URL 必须是 http://… 或 https://… 形式的地址',
        'LOG_LEVEL 必须是 fatal | error | warn | info | debug | trace | silent 之一（当前为 "loud"）',
        'IMPORT_MAX_UNPACKED_MB 必须是 1–4000 之间的整数（当前为 "5000"）',
        'IMPORT_MAX_RATIO 必须是 10–10000 之间的整数（当前为 "5"）',
        'JOURNAL_RETENTION_MONTHS 必须是 1–1200 之间的整数（当前为 "0"）',
      ]);
    }
  });
});
