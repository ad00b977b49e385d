/**
 * 数据采集 (docs/api.md, "Data collection"): folder sources kept under the drop root, 测试连接, and the collector
 * importing complete journal files through the upload's ingest — once, moved to done/ or failed/ with a report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/repositories/raw-sql';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const HEADER = 'Time,TAG,Condition,Event,Priority,Console,Unit,Description,Value';
const LINES = [
  '2025-03-01 08:00:00,FI-101,PVHI,ALM,高,一号操作台,常减压,进料流量高,12.5',
  '2025-03-01 08:00:30,FI-101,PVHI,RTN,,一号操作台,常减压,,',
  '2025-03-01 08:01:00,TI-202,PVLO,ALM,low,一号操作台,常减压,,3',
];
const JOURNAL = `${[HEADER, ...LINES].join('\n')}\n`;

describe('数据采集 sources and the folder collector', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;
  let viewer: TestUser;
  let dropDir: string;

  beforeAll(async () => {
    dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alarm-drop-'));
    // The collector's own polls are far apart: the test takes each look itself (pollOnce).
    t = await build({ dropDir, collectorPollMs: 60_000 });
    engineer = await t.createUser({
      permissions: [
        'alarm-base-source-view',
        'alarm-base-source-create',
        'alarm-base-source-edit',
        'alarm-base-source-delete',
        'alarm-op-system-run-view',
      ],
    });
    viewer = await t.createUser({ permissions: ['alarm-base-source-view'] });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dropDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = engineer) =>
    t.app.inject({ method, url: `/api${url}`, payload, headers: user.authorization });
  const create = (folder: string, extra: object = {}) =>
    call('POST', '/alarm/base/source', { name: `投放 ${folder}`, kind: 'folder', folder: { folder }, ...extra });
  const count = async (query: string) => (await queryRows<{ n: number }>(t.database.db, sql.raw(query)))[0].n;
  const events = () => count('select count(*)::int as n from alarm_events');
  const dir = (...parts: string[]) => path.join(dropDir, ...parts);
  const list = (...parts: string[]) => (fs.existsSync(dir(...parts)) ? fs.readdirSync(dir(...parts)).sort() : []);
  const look = () => t.app.collector.pollOnce();

  it('refuses folders outside the drop root, and other kinds, in Chinese', async () => {
    for (const folder of ['../etc', '/etc', 'a/../../b', 'C:\\data', 'a\\b', ' ', 'x/./y', 'done', 'a//b']) {
      const response = await create(folder);
      expect(response.statusCode, folder).toBe(400);
      expect(response.json().msg, folder).toMatch(/[\u4e00-\u9fa5]/);
    }
    const opcua = await call('POST', '/alarm/base/source', { name: 'OPC', kind: 'opcua' });
    expect(opcua.statusCode).toBe(400);
    expect(opcua.json().msg).toContain('OPC UA 端点地址');
    const tooLong = await create('x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect((await call('GET', '/alarm/base/source')).json().data).toEqual([]);
  });

  it('keeps each action under its permission', async () => {
    expect((await call('GET', '/alarm/base/source', undefined, viewer)).statusCode).toBe(200);
    const refused = await call(
      'POST',
      '/alarm/base/source',
      { name: 'x', kind: 'folder', folder: { folder: 'x' } },
      viewer,
    );
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/alarm/op/system/run/live', undefined, viewer)).statusCode).toBe(403);
  });

  it('tests a folder: missing, then readable with the journals waiting', async () => {
    const created = await create('plant-a', { unit: '常减压', console: '一号操作台' });
    expect(created.statusCode).toBe(200);
    const source = created.json().data;
    expect(source).toMatchObject({ kind: 'folder', enabled: true, folder: { folder: 'plant-a' } });
    expect((await create('plant-a')).statusCode).toBe(409);

    const missing = (await call('POST', `/alarm/base/source/${source.id}/test`)).json().data;
    expect(missing).toEqual({
      ok: false,
      message: expect.stringContaining('文件夹不存在'),
      files: [],
      conditions: [],
    });
    await look();
    const [broken] = (await call('GET', '/alarm/base/source')).json().data;
    expect(broken.status).toMatchObject({ state: 'error', lastError: expect.stringContaining('文件夹不存在') });

    fs.mkdirSync(dir('plant-a'));
    fs.writeFileSync(dir('plant-a', 'waiting.csv'), JOURNAL);
    fs.writeFileSync(dir('plant-a', 'notes.txt'), 'not a journal');
    const tested = (await call('POST', `/alarm/base/source/${source.id}/test`, undefined, viewer)).json().data;
    expect(tested).toEqual({
      ok: true,
      message: '文件夹可读，等待导入的日志文件 1 个',
      files: [{ name: 'waiting.csv', size: Buffer.byteLength(JOURNAL), modifiedAt: expect.any(String) }],
      conditions: [],
    });
    fs.rmSync(dir('plant-a', 'waiting.csv'));
    expect((await call('POST', '/alarm/base/source/999999/test')).statusCode).toBe(404);
  });

  it('imports a half-written file only once it is complete, then moves it to done/', async () => {
    const before = (await call('GET', '/alarm/op/system/run/live')).json().data.revision;
    const file = dir('plant-a', 'journal.csv');
    fs.writeFileSync(file, `${HEADER}\n${LINES[0]}\n2025-03-01 08:00:30,FI-1`);
    await look();
    // The writer goes on between two looks: the file is not complete yet.
    fs.appendFileSync(file, `01,PVHI,RTN,,一号操作台,常减压,,\n${LINES[2]}\n`);
    await look();
    expect(await events()).toBe(0);
    expect(list('plant-a')).toContain('journal.csv');
    // Unchanged since the last look: complete.
    await look();
    expect(await events()).toBe(3);
    expect(list('plant-a')).toEqual(['done', 'notes.txt']);
    expect(list('plant-a', 'done')).toEqual(['journal.csv']);
    const points = await queryRows(
      t.database.db,
      sql`select tag, rationalization_status as status from alarm_points order by tag`,
    );
    expect(points).toEqual([
      { tag: 'FI-101', status: '待确认' },
      { tag: 'TI-202', status: '待确认' },
    ]);
    const [source] = (await call('GET', '/alarm/base/source')).json().data;
    expect(source.status).toEqual({
      state: 'connected',
      lastError: null,
      eventsToday: 3,
      lastEventAt: new Date('2025-03-01T00:01:00Z').toISOString(),
    });
    const live = (await call('GET', '/alarm/op/system/run/live')).json().data;
    expect(live.revision).not.toBe(before);
    expect(live.sources).toEqual([{ id: source.id, name: source.name, kind: 'folder', status: source.status }]);
  });

  it('imports nothing twice when the same journal is dropped again', async () => {
    fs.writeFileSync(dir('plant-a', 'journal.csv'), JOURNAL);
    fs.writeFileSync(dir('plant-a', 'copy.csv'), JOURNAL);
    await look();
    await look();
    expect(await events()).toBe(3);
    expect(list('plant-a', 'done')).toEqual(['copy.csv', expect.stringMatching(/^journal\.\d+\.csv$/), 'journal.csv']);
    const duplicates = await count(
      "select coalesce(sum(duplicates), 0)::int as n from journal_batches where source = 'collector'",
    );
    expect(duplicates).toBe(6);
  });

  it('files events under the source unit and console when the journal names none', async () => {
    fs.writeFileSync(dir('plant-a', 'bare.csv'), 'Time,TAG,Condition,Event\n2025-03-02 09:00:00,PI-303,PVHH,ALM\n');
    await look();
    await look();
    const [row] = await queryRows(
      t.database.db,
      sql`select c.name as console, u.name as unit from alarm_points p join consoles c on c.id = p.console_id
         left join units u on u.id = p.unit_id where p.tag = 'PI-303'`,
    );
    expect(row).toEqual({ console: '一号操作台', unit: '常减压' });
  });

  it('moves a bad journal to failed/ with its Chinese error report, storing nothing', async () => {
    const stored = await events();
    fs.writeFileSync(
      dir('plant-a', 'bad.csv'),
      `${HEADER}\n2025-13-45 08:00:00,FI-101,PVHI,ALM,高,一号操作台,常减压,,\n`,
    );
    fs.writeFileSync(dir('plant-a', 'bad.xlsx'), 'not a workbook');
    await look();
    await look();
    expect(await events()).toBe(stored);
    expect(list('plant-a', 'failed')).toEqual(['bad.csv', 'bad.csv.errors.txt', 'bad.xlsx', 'bad.xlsx.errors.txt']);
    const report = fs.readFileSync(dir('plant-a', 'failed', 'bad.csv.errors.txt'), 'utf8');
    expect(report).toContain('文件：bad.csv');
    expect(report).toMatch(/第 2 行「time」列：/);
    expect(fs.readFileSync(dir('plant-a', 'failed', 'bad.xlsx.errors.txt'), 'utf8')).toContain('导入失败：');
    const [source] = (await call('GET', '/alarm/base/source')).json().data;
    expect(source.status).toMatchObject({ state: 'connected', lastError: expect.stringContaining('导入失败') });
  });

  it('edits, disables and deletes a source', async () => {
    const [source] = (await call('GET', '/alarm/base/source')).json().data;
    const body = { name: source.name, kind: 'folder', enabled: false, folder: { folder: 'plant-a' } };
    const edited = await call('PUT', `/alarm/base/source/${source.id}`, body);
    expect(edited.json().data.status).toMatchObject({ state: 'disabled', eventsToday: 4 });
    fs.writeFileSync(dir('plant-a', 'later.csv'), JOURNAL);
    await look();
    await look();
    expect(list('plant-a')).toContain('later.csv');
    const outside = await call('PUT', `/alarm/base/source/${source.id}`, { ...body, folder: { folder: '../..' } });
    expect(outside.statusCode).toBe(400);
    expect((await call('PUT', '/alarm/base/source/999999', body)).statusCode).toBe(404);
    expect((await call('DELETE', `/alarm/base/source/${source.id}`)).json().data).toEqual({ id: source.id });
    expect((await call('DELETE', `/alarm/base/source/${source.id}`)).statusCode).toBe(404);
  });
});

describe('the collector on its own', { timeout: SLOW }, () => {
  let t: TestApp;
  let dropDir: string;

  beforeAll(async () => {
    dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alarm-drop-'));
    t = await build({ dropDir, collectorPollMs: 50 });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dropDir, { recursive: true, force: true });
  });

  it('polls the enabled folders while the app runs', async () => {
    const admin = await t.createUser({ permissions: ['alarm-base-source-create'] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/base/source',
      headers: admin.authorization,
      payload: { name: '自动', kind: 'folder', folder: { folder: 'auto/line-1' } },
    });
    expect(created.statusCode).toBe(200);
    fs.mkdirSync(path.join(dropDir, 'auto', 'line-1'), { recursive: true });
    fs.writeFileSync(path.join(dropDir, 'auto', 'line-1', 'j.csv'), JOURNAL);
    await expect
      .poll(() => fs.existsSync(path.join(dropDir, 'auto', 'line-1', 'done', 'j.csv')), { timeout: 10_000 })
      .toBe(true);
    const [stored] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from alarm_events`);
    expect(stored.n).toBe(3);
  });
});
