/**
 * OPC UA collection with two API nodes on one PostgreSQL (docs/api.md, "Data collection"): exactly one node
 * collects a source (its session lock), both answer the same status, and when the collecting node's database
 * session dies the other takes over within LOCK_RETRY_MS, storing nothing twice.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type OpenDatabase, openDatabase } from '../../server/db';
import { OpcuaPlant } from '../../server/dev/opcua-plant';
import { queryRows } from '../../server/repositories/raw-sql';
import { OPCUA_LOCK_CLASS } from '../../server/use-cases/collection/opcua-collector';
import { build, SLOW, type TestApp, type TestUser, testDatabaseUrl } from './helpers';

describe('OPC UA collection on two nodes', { timeout: SLOW }, () => {
  let a: TestApp;
  let bDatabase: OpenDatabase;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let plant: OpcuaPlant;
  let user: TestUser;

  beforeAll(async () => {
    plant = await OpcuaPlant.start();
    a = await build({ collectorPollMs: 60_000 });
    // The second node: the same database, not reset.
    bDatabase = await openDatabase(a.config);
    b = await buildApp({ config: a.config, database: bDatabase });
    user = await a.createUser({ permissions: ['alarm-base-source-view', 'alarm-base-source-create'] });
  }, SLOW);
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
    await plant?.stop();
  });

  const list = async (app: TestApp['app'], id: number) =>
    (await app.inject({ url: '/api/alarm/base/source', headers: user.authorization }))
      .json()
      .data.find((source: { id: number }) => source.id === id).status;
  const alarms = async () =>
    queryRows<{ tag: string; event: string }>(
      a.database.db,
      sql`select p.tag, e.event from alarm_events e join alarm_points p on p.id = e.point_id order by e.id`,
    );

  it('is collected by one node, shown alike by both, and taken over when that node dies', async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/alarm/base/source',
      headers: user.authorization,
      payload: {
        name: '双节点',
        kind: 'opcua',
        opcua: { endpointUrl: plant.endpointUrl, securityMode: 'None', securityPolicy: 'None' },
      },
    });
    const { id } = created.json().data;
    await a.app.opcuaCollector.sync();
    await expect.poll(async () => (await list(a.app, id)).state, { timeout: 20_000, interval: 100 }).toBe('connected');
    await b.ready();
    await b.opcuaCollector.sync();
    // B waits for the lock: it does not collect, and shows A's state.
    await expect.poll(() => b.opcuaCollector.worker(id)?.local.state, { timeout: 10_000 }).toBe('connecting');
    expect(b.opcuaCollector.worker(id)?.local.holdsLock).toBe(false);
    expect(a.app.opcuaCollector.worker(id)?.local.holdsLock).toBe(true);
    expect((await list(b, id)).state).toBe('connected');

    plant.raise(plant.alarm('LI-101', 'PVHI'), 90);
    await expect.poll(async () => (await alarms()).length, { timeout: 10_000, interval: 100 }).toBe(1);

    // A dies: its database session ends abruptly, its lock with it, and its collector tries no more.
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const started = Date.now();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and classid = $1 and objid = $2 and granted`,
        [OPCUA_LOCK_CLASS, id],
      );
      await a.app.opcuaCollector.stop();
      await expect
        .poll(() => b.opcuaCollector.worker(id)?.local.holdsLock, { timeout: 30_000, interval: 100 })
        .toBe(true);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await admin.end();
    }
    await expect.poll(async () => (await list(a.app, id)).state, { timeout: 20_000, interval: 100 }).toBe('connected');

    plant.raise(plant.alarm('P-101A', 'TRIP'), 1);
    await expect
      .poll(async () => (await alarms()).map((row) => `${row.tag} ${row.event}`), { timeout: 10_000, interval: 100 })
      .toEqual(['LI-101 ALM', 'P-101A ALM']);
  });
});
