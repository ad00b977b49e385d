/**
 * `npm run db:move` (README, 「从内置数据库迁移到 PostgreSQL」): the embedded demo plant moved into a fresh
 * PostgreSQL database answers the same KPI summaries, library pages and change history through the API, and a
 * second move into the now filled database is refused.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { type OpenDatabase, openDatabase } from '../../server/db';
import { seedDatabase } from '../../server/seed';
import { seedDemoData } from '../../server/seed/demo';
import { ADMIN_USERNAME } from '../../server/seed/roles';
import { testConfig, testDatabaseUrl } from './helpers';

const MOVE_TIMEOUT = 300_000;
const NOW = Date.UTC(2026, 0, 31, 8);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Node {
  app: App;
  database: OpenDatabase;
  authorization: { authorization: string };
}

async function node(config: ReturnType<typeof testConfig>): Promise<Node> {
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const admin = await app.repositories.users.findByUsername(ADMIN_USERNAME);
  if (!admin) throw new Error('no admin');
  const { token } = await app.repositories.tokens.issue(admin.id, 1);
  return { app, database, authorization: { authorization: `Bearer ${token}` } };
}

const runMove = (dataDir: string, targetUrl: string) =>
  promisify(execFile)(path.join('node_modules', '.bin', 'tsx'), ['server/cli/move.ts', '--to', targetUrl], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

describe('db:move', { timeout: MOVE_TIMEOUT }, () => {
  const databaseName = `alarm_move_${process.pid}_${Date.now()}`;
  let dataDir: string;
  let targetUrl: string;
  let embedded: Node | undefined;
  let moved: Node | undefined;
  let output: string;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alarm-move-'));
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${databaseName}`;
    targetUrl = url.toString();
    await admin(`create database ${databaseName}`);

    const source = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      await seedDatabase(source.db, { demo: false });
      await seedDemoData(source.db, NOW);
    } finally {
      await source.close();
    }
    output = (await runMove(dataDir, targetUrl)).stdout;
    embedded = await node(testConfig({ dataDir, databaseUrl: undefined }));
    moved = await node(testConfig({ databaseUrl: targetUrl }));
  }, MOVE_TIMEOUT);

  afterAll(async () => {
    for (const side of [embedded, moved]) {
      await side?.app.close();
      await side?.database.close();
    }
    await admin(`drop database if exists ${databaseName}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, MOVE_TIMEOUT);

  /** The same request on both sides, answered alike. */
  const same = async (url: string) => {
    const [before, after] = await Promise.all(
      [embedded, moved].map((side) => side?.app.inject({ url, headers: side.authorization })),
    );
    expect(before?.statusCode).toBe(200);
    expect(after?.json()).toEqual(before?.json());
    return before?.json().data;
  };

  it('reports every table verified and what to set next', () => {
    expect(output).toMatch(/alarm_events: \d+ 行，校验和 \d+/);
    expect(output).toContain('行数与校验和一致');
    // The password, if any, is never printed.
    const shown = new URL(targetUrl);
    if (shown.password) shown.password = '***';
    expect(output).toContain(`DATABASE_URL=${shown}`);
  });

  it('answers the same KPI summaries and boards', async () => {
    const month = await same(`/api/kpi/summary?from=${iso(NOW - 30 * DAY)}&to=${iso(NOW)}`);
    expect(month.annunciations).toBeGreaterThan(0);
    await same(`/api/kpi/summary?from=${iso(NOW - 7 * DAY)}&to=${iso(NOW)}&unit=${encodeURIComponent('常减压装置')}`);
    await same(`/api/kpi/series?from=${iso(NOW - 7 * DAY)}&to=${iso(NOW)}&bucket=1h`);
    await same(`/api/kpi/ranking?from=${iso(NOW - 30 * DAY)}&to=${iso(NOW)}&by=equipment`);
  });

  it('answers the same library pages', async () => {
    const first = await same('/api/alarm/bases/list?current=1&pageSize=50');
    expect(first.total).toBeGreaterThan(50);
    await same('/api/alarm/bases/list?current=3&pageSize=50&sortField=tag&sortOrder=descend');
    await same(`/api/alarm/bases/list/${first.list[0].id}`);
  });

  it('answers the same change history', async () => {
    const changes = await same('/api/alarm/op/update?current=1&pageSize=50');
    expect(changes.list.length).toBeGreaterThan(0);
    for (const { id } of changes.list) {
      const detail = await same(`/api/alarm/op/update/${id}`);
      expect(detail.transitions.length).toBeGreaterThan(0);
    }
    await same('/api/alarm/approve/list?current=1&pageSize=50&scope=all');
  });

  it('continues the ids past the moved rows', async () => {
    const users = await moved?.app.repositories.users.page(undefined, { current: 1, pageSize: 100 });
    const created = await moved?.app.repositories.users.create({ username: 'after-move', name: '迁移后', roleIds: [] });
    expect(created?.id).toBeGreaterThan(Math.max(...(users?.list ?? []).map((user) => user.id)));
  });

  it('moves the episode marks as the source holds them and leaves the journal triggers on', async () => {
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      const { rows: disabled } = await client.query(
        `select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`,
      );
      expect(disabled).toEqual([]);
      // A new episode still reaches the marks through the triggers.
      const { rows: before } = await client.query('select count(*)::int as n from alarm_episode_marks');
      await client.query(
        `insert into alarm_episodes (point_id, kind, start_time, end_time, console_id, unit_id, operating_condition)
         select point_id, 'fleeting', timestamptz '2030-01-01T00:00:00Z', timestamptz '2030-01-01T00:00:01Z',
                console_id, unit_id, operating_condition
         from alarm_episodes limit 1`,
      );
      const { rows: after } = await client.query('select count(*)::int as n from alarm_episode_marks');
      expect(after[0].n).toBe(before[0].n + 1);
    } finally {
      await client.end();
    }
  });

  it('refuses a target that already holds data, in Chinese', async () => {
    await moved?.app.close();
    await moved?.database.close();
    moved = undefined;
    await embedded?.app.close();
    await embedded?.database.close();
    embedded = undefined;
    await expect(runMove(dataDir, targetUrl)).rejects.toMatchObject({
      stderr: expect.stringContaining('目标数据库不是空的'),
    });
  });
});
