/**
 * 数据采集 with several API nodes on PostgreSQL (docs/api.md, "Data collection"): a source whose advisory lock
 * another node holds is left to that node, and collected here once the lock is free; imports wait for each other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTOR_LOCK_CLASS } from '../../server/use-cases/collection/collector';
import { build, SLOW, type TestApp, testDatabaseUrl } from './helpers';

const JOURNAL = 'Time,TAG,Condition,Event,Console\n2025-03-01 08:00:00,FI-909,PVHI,ALM,一号操作台\n';

describe('the collector on several nodes', { timeout: SLOW }, () => {
  let t: TestApp;
  let dropDir: string;

  beforeAll(async () => {
    dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alarm-drop-'));
    t = await build({ dropDir, collectorPollMs: 60_000 });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dropDir, { recursive: true, force: true });
  });

  it('leaves a source another node holds to that node', async () => {
    const admin = await t.createUser({ permissions: ['alarm-base-source-create', 'alarm-base-source-view'] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/base/source',
      headers: admin.authorization,
      payload: { name: '另一节点', kind: 'folder', folder: { folder: 'shared' } },
    });
    const { id } = created.json().data;
    const folder = path.join(dropDir, 'shared');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'other.csv'), JOURNAL);
    const other = new pg.Client({ connectionString: testDatabaseUrl });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1::int, $2::int)', [COLLECTOR_LOCK_CLASS, id]);
      await t.app.collector.pollOnce();
      await t.app.collector.pollOnce();
      await t.app.collector.pollOnce();
      expect(fs.readdirSync(folder)).toEqual(['other.csv']);
      const listed = await t.app.inject({ url: '/api/alarm/base/source', headers: admin.authorization });
      expect(listed.json().data[0].status.state).toBe('connecting');

      await other.query('select pg_advisory_unlock($1::int, $2::int)', [COLLECTOR_LOCK_CLASS, id]);
      await t.app.collector.pollOnce();
      await t.app.collector.pollOnce();
      expect(fs.readdirSync(folder)).toEqual(['done']);
      const again = await t.app.inject({ url: '/api/alarm/base/source', headers: admin.authorization });
      expect(again.json().data[0].status).toMatchObject({ state: 'connected', eventsToday: 1 });
    } finally {
      await other.end();
    }
  });

  it('never imports for two sources at once across nodes: a look waits while another node imports', async () => {
    const admin = await t.createUser({ permissions: ['alarm-base-source-create'] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/base/source',
      headers: admin.authorization,
      payload: { name: '排队', kind: 'folder', folder: { folder: 'queued' } },
    });
    expect(created.statusCode).toBe(200);
    const folder = path.join(dropDir, 'queued');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'q.csv'), JOURNAL.replaceAll('FI-909', 'FI-910'));
    await t.app.collector.pollOnce();
    const other = new pg.Client({ connectionString: testDatabaseUrl });
    await other.connect();
    try {
      // Another node's import under way.
      await other.query('select pg_advisory_lock($1::int, 0)', [COLLECTOR_LOCK_CLASS]);
      const look = t.app.collector.pollOnce();
      await expect
        .poll(async () => {
          const { rows } = await other.query(
            `select count(*)::int as n from pg_locks
             where locktype = 'advisory' and not granted and classid = $1 and objid = 0`,
            [COLLECTOR_LOCK_CLASS],
          );
          return rows[0].n;
        })
        .toBe(1);
      expect(fs.readdirSync(folder)).toEqual(['q.csv']);
      await other.query('select pg_advisory_unlock($1::int, 0)', [COLLECTOR_LOCK_CLASS]);
      await look;
      expect(fs.readdirSync(folder)).toEqual(['done']);
    } finally {
      await other.end();
    }
  });
});
