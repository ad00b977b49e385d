/**
 * Two API nodes on one PostgreSQL server, each listening on its own port, behave as one console (README,
 * "Deploying on PostgreSQL"): a revoked token, a disabled user, a changed role or setting made on one node takes
 * effect on the other within 2 s, well inside the sign-in cache's 10 s time-to-live (change notices, LISTEN/NOTIFY);
 * imports and detection asked of both at once run one after the other (the journal's advisory lock).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app';
import { JOURNAL_LOCK_CLASS, type OpenDatabase, openDatabase } from '../../server/db';
import { build, multipartFile, SLOW, type TestApp, type TestUser, testDatabaseUrl } from './helpers';

/** How soon a change made on one node must hold on the other. */
const PROPAGATION_MS = 2_000;
const CONFIG = '/api/alarm/base/config';

describe('two API nodes on one PostgreSQL server', { timeout: SLOW }, () => {
  let t: TestApp;
  let otherDatabase: OpenDatabase;
  let other: App;
  let origins: { a: string; b: string };
  let admin: TestUser;

  beforeAll(async () => {
    t = await build();
    otherDatabase = await openDatabase(t.config);
    other = await buildApp({ config: t.config, database: otherDatabase });
    origins = {
      a: await t.app.listen({ port: 0, host: '127.0.0.1' }),
      b: await other.listen({ port: 0, host: '127.0.0.1' }),
    };
    admin = await t.createUser({
      permissions: ['permission-view', 'permission-edit', 'alarm-base-config-view', 'alarm-base-config-edit'],
    });
  }, SLOW);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
  });

  const call = async (node: 'a' | 'b', user: TestUser, path: string, method = 'GET', body?: unknown) => {
    const response = await fetch(`${origins[node]}${path}`, {
      method,
      headers: {
        ...user.authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  /** Milliseconds until `node` answers `path` for `user` with `status`; fails past the propagation bound. */
  const untilAnswers = async (node: 'a' | 'b', user: TestUser, path: string, status: number) => {
    const started = Date.now();
    for (;;) {
      if ((await call(node, user, path)).status === status) return Date.now() - started;
      if (Date.now() - started > PROPAGATION_MS) throw new Error(`${path} on node ${node} never answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('refuses on node B a token revoked on node A within 2 s', async () => {
    const user = await t.createUser({ permissions: ['alarm-base-config-view'] });
    expect((await call('b', user, CONFIG)).status).toBe(200);
    expect((await call('a', admin, `/api/permission/users/${user.id}/token`, 'DELETE')).body.data.revoked).toBe(1);
    expect(await untilAnswers('b', user, CONFIG, 401)).toBeLessThan(PROPAGATION_MS);
  });

  it('refuses on node B a user disabled on node A within 2 s', async () => {
    const user = await t.createUser({ permissions: ['alarm-base-config-view'] });
    expect((await call('b', user, CONFIG)).status).toBe(200);
    expect((await call('a', admin, `/api/permission/users/${user.id}`, 'DELETE')).status).toBe(200);
    expect(await untilAnswers('b', user, CONFIG, 401)).toBeLessThan(PROPAGATION_MS);
  });

  it('applies on node A a role changed on node B within 2 s', async () => {
    const created = await call('b', admin, '/api/permission/roles', 'POST', {
      name: '两节点角色',
      permissions: ['alarm-base-config-view'],
    });
    expect(created.status).toBe(200);
    const user = await t.createUser({ roles: ['两节点角色'] });
    expect((await call('a', user, CONFIG)).status).toBe(200);
    const changed = await call('b', admin, `/api/permission/roles/${created.body.data.id}`, 'PUT', {
      name: '两节点角色',
      permissions: [],
    });
    expect(changed.status).toBe(200);
    expect(await untilAnswers('a', user, CONFIG, 403)).toBeLessThan(PROPAGATION_MS);
  });

  it('reads on node B a setting saved on node A at once', async () => {
    const { settings } = (await call('b', admin, CONFIG)).body.data;
    const saved = { ...settings, kpi: { ...settings.kpi, chatterCount: settings.kpi.chatterCount + 1 } };
    expect((await call('a', admin, CONFIG, 'PUT', saved)).status).toBe(200);
    expect((await call('b', admin, CONFIG)).body.data.settings.kpi.chatterCount).toBe(settings.kpi.chatterCount + 1);
  });

  it('runs imports and detection asked of both nodes one after the other', async () => {
    const engineer = await t.createUser({ permissions: ['alarm-mock-view', 'alarm-base-config-edit'] });
    const journal = ['Time,TAG,Condition,Event,Console']
      .concat(
        Array.from(
          { length: 50 },
          (_, i) => `2025-03-01 08:${String(i).padStart(2, '0')}:00,FI-7${i},PVHI,ALM,一号操作台`,
        ),
      )
      .join('\n');
    const upload = async (node: 'a' | 'b') => {
      const { payload, headers } = multipartFile(journal, `${node}.csv`);
      const response = await fetch(`${origins[node]}/api/alarm/mock/import`, {
        method: 'POST',
        headers: { ...headers, ...engineer.authorization },
        body: payload,
      });
      return (await response.json()).data as { imported: number; duplicates: number };
    };
    const holder = new pg.Client({ connectionString: testDatabaseUrl });
    await holder.connect();
    try {
      // Another node's import under way: both nodes' imports and a detection wait for it.
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1::int, 0)', [JOURNAL_LOCK_CLASS]);
      const imports = [upload('a'), upload('b')];
      const detection = call('b', engineer, `${CONFIG}/detect`, 'POST');
      const waiting = async () => {
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_locks
           where locktype = 'advisory' and not granted and classid = $1 and objid = 0`,
          [JOURNAL_LOCK_CLASS],
        );
        return rows[0].n;
      };
      await expect.poll(waiting, { timeout: 10_000 }).toBe(3);
      await holder.query('commit');
      const results = await Promise.all(imports);
      expect((await detection).status).toBe(200);
      // One stored the journal, the other found every row already there.
      expect(results.map((result) => result.imported).sort()).toEqual([0, 50]);
      expect(results.map((result) => result.duplicates).sort()).toEqual([0, 50]);
    } finally {
      await holder.end();
    }
  });
});
