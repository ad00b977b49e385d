/** 模拟 endpoints: journal import and collector ingest (docs/api.md), simulator, batches and their export. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeText } from '../../common/wallClock';
import { journalBatches } from '../../server/db/schema';
import { XLSX_CONTENT_TYPE } from '../../server/export/xlsx';
import { queryRows } from '../../server/repositories/raw-sql';
import journalRoutes from '../../server/routes/journal';
import { build, multipartFile, SLOW, sheetRows, type TestApp, type TestUser } from './helpers';

const GOOD = [
  '\uFEFFTime,TAG,Condition,Event,Priority,Console,Unit,Description,Value',
  '2025-03-01 08:00:00,FI-101,PVHI,alm,高,一号操作台,常减压,进料流量高,12.5',
  '2025-03-01T00:00:30Z,FI-101,PVHI,RTN,,一号操作台,常减压,,',
  '2025-03-01 08:01:00,TI-202,PVLO,ALM,low,一号操作台,常减压,,OPEN',
  '2025-03-01 08:01:00,TI-202,PVLO,ALM,low,一号操作台,常减压,,OPEN',
].join('\r\n');

describe('journal import and ingest', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;

  beforeAll(async () => {
    t = await build();
    await t.app.register(journalRoutes, {
      prefix: '/api/limited',
      plantTimeZone: 'Asia/Shanghai',
      limits: { maxBytes: 2048, maxRows: 3 },
    });
    engineer = await t.createUser({ permissions: ['alarm-mock-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const count = async (table: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

  const upload = (content: string | Buffer, fileName?: string, url = '/api/alarm/mock/import?job=test-job-1') => {
    const { payload, headers } = multipartFile(content, fileName ?? 'journal.csv');
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...engineer.authorization } });
  };

  it('imports a CSV with BOM, mixed times, any-case columns, Chinese priorities; drops duplicates', async () => {
    const response = await upload(GOOD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: 'ok', data: { imported: 3, duplicates: 1, errors: [] } });
    const again = await upload(GOOD);
    expect(again.json().data).toEqual({ imported: 0, duplicates: 4, errors: [] });

    const points = await queryRows(
      t.database.db,
      sql`select tag, condition, priority, rationalization_status as status from alarm_points order by tag`,
    );
    expect(points).toEqual([
      { tag: 'FI-101', condition: 'PVHI', priority: 'high', status: '待确认' },
      { tag: 'TI-202', condition: 'PVLO', priority: 'low', status: '待确认' },
    ]);
    const progress = await t.app.inject({ url: '/api/alarm/mock/import/test-job-1', headers: engineer.authorization });
    expect(progress.json().data).toEqual({ stage: 'done', rowsRead: 4, bytesRead: expect.any(Number) });
  });

  it('carries the journal description onto the alarm points it creates, leaving known points as they are', async () => {
    const journal = [
      'time,tag,condition,event,description',
      '2025-03-05 08:00:00,DI-31,PVHI,ALM,',
      '2025-03-05 08:00:10,DI-31,PVHI,RTN,出口温度高',
      '2025-03-05 08:00:20,DI-31,PVHI,ALM,出口温度高高',
      '2025-03-05 08:00:30,FI-101,PVHI,ALM,另一段描述',
    ].join('\n');
    expect((await upload(journal)).json().data).toMatchObject({ imported: 4, errors: [] });
    const points = await queryRows(
      t.database.db,
      sql`select tag, description from alarm_points where tag in ('DI-31', 'FI-101') order by tag`,
    );
    expect(points).toEqual([
      { tag: 'DI-31', description: '出口温度高' },
      { tag: 'FI-101', description: '进料流量高' },
    ]);
  });

  it('stores nothing when one row is bad and reports row and column', async () => {
    const before = await count('alarm_events');
    const bad = [
      'time,tag,condition,event,priority',
      '2025-03-02 08:00:00,PI-1,PVHI,ALM,low',
      '2025-03-02 08:00:10,PI-1,PVHI,BOOM,low',
      'yesterday,PI-2,PVHI,ALM,urgent',
    ].join('\n');
    const response = await upload(bad);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe(1);
    expect(body.msg).toContain('2 处错误');
    expect(body.data.imported).toBe(0);
    expect(body.data.errors.map((error: { row: number; column: string }) => [error.row, error.column])).toEqual([
      [3, 'event'],
      [4, 'time'],
    ]);
    expect(await count('alarm_events')).toBe(before);
    expect(await count(`alarm_points where tag like 'PI-%'`)).toBe(0);
  });

  it('answers 413 over the size or row limit, storing nothing', async () => {
    const before = await count('alarm_events');
    const rows = [
      'time,tag,condition,event',
      ...Array.from({ length: 5 }, (_, i) => `2025-03-03 08:00:0${i},X-${i},PVHI,ALM`),
    ];
    const tooMany = await upload(rows.join('\n'), 'rows.csv', '/api/limited/alarm/mock/import');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 1, msg: expect.stringContaining('行数过多') });
    const big = `time,tag,condition,event\n${'2025-03-03 08:00:00,BIG,PVHI,ALM,\n'.repeat(100)}`;
    const tooBig = await upload(big, 'big.csv', '/api/limited/alarm/mock/import');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 1, msg: expect.stringContaining('文件过大') });
    expect(await count('alarm_events')).toBe(before);
  });

  it('refuses a non-multipart request and a legacy .xls file with code 1', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/import',
      payload: {},
      headers: engineer.authorization,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toContain('multipart/form-data');
    const xls = await upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]), 'old.xls');
    expect(xls.statusCode).toBe(400);
    expect(xls.json().msg).toContain('.xls');
  });

  it('ingests collector rows as JSON with the same validation', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: [
        {
          time: '2025-03-04T08:00:00+08:00',
          tag: 'LI-7',
          condition: 'PVHH',
          event: 'ALM',
          priority: 'urgent',
          console: '二号操作台',
        },
        { time: '2025-03-04 08:00:05', tag: 'LI-7', condition: 'PVHH', event: 'RTN' },
      ],
      headers: engineer.authorization,
    });
    expect(ok.json()).toEqual({ code: 0, msg: 'ok', data: { imported: 2, duplicates: 0, errors: [] } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: [{ time: '2025-03-04 09:00:00', tag: '', condition: 'PVHH', event: 'ALM' }],
      headers: engineer.authorization,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toEqual([{ row: 1, column: 'tag', message: '位号不能为空' }]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/events',
      payload: [],
      headers: engineer.authorization,
    });
    expect(empty.statusCode).toBe(400);
  });

  it('simulates a scenario deterministically, lists the batch and deletes it', async () => {
    const body = {
      scenario: 'mixed',
      unit: '模拟装置',
      console: '模拟操作台',
      from: '2025-04-01T00:00:00Z',
      to: '2025-04-02T00:00:00Z',
      ratePerHour: 30,
      seed: 42,
    };
    const before = await count('alarm_events');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/simulate',
      payload: body,
      headers: engineer.authorization,
    });
    expect(first.statusCode).toBe(200);
    const { imported, batchId } = first.json().data;
    expect(imported).toBeGreaterThan(500);
    const list = await t.app.inject({
      url: '/api/alarm/mock/batches?source=simulation',
      headers: engineer.authorization,
    });
    expect(list.json().data.list[0]).toMatchObject({ id: batchId, source: 'simulation', eventCount: imported });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/alarm/mock/batches/${batchId}`,
      headers: engineer.authorization,
    });
    expect(removed.json().data).toEqual({ deleted: imported });
    expect(await count('alarm_events')).toBe(before);
    expect(await count("alarm_load_10m where bucket_start >= '2025-04-01'")).toBe(0);

    // The same seed gives the same journal.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/simulate',
      payload: body,
      headers: engineer.authorization,
    });
    expect(second.json().data.imported).toBe(imported);

    const reversed = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/simulate',
      payload: { ...body, to: body.from },
      headers: engineer.authorization,
    });
    expect(reversed.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/mock/simulate',
      payload: { ...body, to: '2025-07-01T00:00:00Z', ratePerHour: 5000 },
      headers: engineer.authorization,
    });
    expect(huge.statusCode).toBe(413);
    const imports = await t.app.inject({
      url: '/api/alarm/mock/batches?source=import',
      headers: engineer.authorization,
    });
    const importId = imports.json().data.list[0].id;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/alarm/mock/batches/${importId}`,
      headers: engineer.authorization,
    });
    expect(refused.statusCode).toBe(400);
  });

  // Last: it adds many batches to the one database of this file.
  it('exports the batches the list shows, newest first, a batch of rows at a time', async () => {
    const get = (url: string, as: TestUser = engineer) => t.app.inject({ url, headers: as.authorization });
    const [simulated] = (await get('/api/alarm/mock/batches?source=simulation')).json().data.list;
    const response = await get('/api/alarm/mock/batches/export?source=simulation');
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="journal-batches-\d{14}\.xlsx"$/);
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual([
      '批次',
      '来源',
      '名称',
      '场景',
      '事件数',
      '重复数',
      '数据开始',
      '数据结束',
      '创建人',
      '创建时间',
    ]);
    const plantTime = dateTimeText(t.config.plantTimeZone);
    expect(rows[1]).toEqual([
      simulated.id,
      '模拟',
      '综合 · 模拟装置 · 模拟操作台',
      '综合',
      simulated.eventCount,
      simulated.duplicates,
      plantTime(new Date(simulated.firstTime)),
      plantTime(new Date(simulated.lastTime)),
      engineer.username,
      plantTime(new Date(simulated.createdAt)),
    ]);
    expect(rows.slice(1).every((row) => row[1] === '模拟')).toBe(true);

    const all = await sheetRows((await get('/api/alarm/mock/batches/export')).rawPayload);
    const imported = all.find((row) => row[1] === '文件导入');
    expect(imported?.slice(2, 4)).toEqual(['journal.csv', undefined]);

    await t.database.db
      .insert(journalBatches)
      .values(Array.from({ length: 1005 }, (_, i) => ({ source: 'demo' as const, label: `演示 ${i}` })));
    const demo = (await sheetRows((await get('/api/alarm/mock/batches/export?source=demo')).rawPayload)).slice(1);
    const ids = demo.map((row) => row[0] as number);
    expect(ids).toHaveLength(1005);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);

    expect((await get('/api/alarm/mock/batches/export?source=nope')).statusCode).toBe(400);
    const outsider = await t.createUser({ permissions: ['permission-view'] });
    expect((await get('/api/alarm/mock/batches/export', outsider)).json()).toEqual({
      code: 403,
      msg: '没有权限执行此操作（需要 alarm-mock-view）',
      data: null,
    });
  });
});
