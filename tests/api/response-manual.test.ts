/**
 * 报警响应手册: the workbook and the printable page's entries of a console or a unit (enabled points only, in
 * manual order, formula-like text kept as text), their refusals; and the library's 缺少处置措施 filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { MANUAL_WORKBOOK_COLUMNS } from '../fixtures/response-manual';
import { build, multipartFile, readWorkbook, SLOW, sheetRows, type TestApp, type TestUser } from './helpers';

const HEADER =
  '位号,报警类型,描述,装置,设备,操作台,报警限值,工程单位,优先级,原因,后果,处置措施,最长响应时间（分钟）,启用';
const LIBRARY = [
  HEADER,
  'PI-201,PVHI,出口压力高,U1,P-102,CON-A,1.6,MPa,高,出口阀误关,泵憋压,打开出口阀,5,是',
  'FI-101,PVLO,进料流量低,U1,P-101,CON-A,20,t/h,中,进料泵故障,塔底液位下降,切换备用泵,10,是',
  'FI-100,PVHI,进料流量高,U1,P-101,CON-A,80,t/h,低,调节阀失灵,塔负荷过高,手动关小调节阀,15,是',
  'FI-102,PVHH,进料流量高高,U1,P-101,CON-A,90,t/h,高,调节阀失灵,塔超负荷,,5,否',
  'FI-103,PVHI,已删除的报警,U1,P-101,CON-A,85,t/h,低,,,,,是',
  'XI-001,PVHI,无设备的报警,U1,,CON-A,1,,低,,,,,是',
  'TI-301,PVHH,换热器出口温度高高,U2,E-201,CON-A,350,℃,紧急,"=HYPERLINK(""http://example.com"")",@SUM(A1),"+1 启动急冷, -2 降量",3,是',
  'LI-900,PVLL,塔釜液位低低,U1,P-101,CON-B,10,%,紧急,,,,,是',
].join('\n');

interface Entry {
  tag: string;
  condition: string;
  unit: string | null;
  equipment: string | null;
  [key: string]: unknown;
}

describe('alarm response manual API', { timeout: SLOW }, () => {
  let t: TestApp;
  let viewer: TestUser;
  let engineer: TestUser;

  beforeAll(async () => {
    t = await build();
    viewer = await t.createUser({ permissions: ['alarm-bases-list-view'] });
    engineer = await t.createUser({ permissions: ['alarm-bases-list-view', 'alarm-bases-list-edit'] });
    const { payload, headers } = multipartFile(LIBRARY, 'library.csv');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/bases/list/import',
      payload,
      headers: { ...headers, ...engineer.authorization },
    });
    expect(imported.json()).toMatchObject({ code: 0, data: { created: 8 } });
    await t.database.db.execute(`update alarm_points set deleted = true where tag = 'FI-103'` as never);
  }, SLOW);
  afterAll(() => t?.close());

  const get = (url: string, as: TestUser = viewer) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: as.authorization });
  const keys = (entries: Entry[]) => entries.map((entry) => `${entry.unit}/${entry.equipment}/${entry.tag}`);

  it("gives a console's enabled points by unit and equipment, points without equipment last", async () => {
    const response = await get('/alarm/bases/list/manual/entries?console=CON-A');
    expect(response.statusCode).toBe(200);
    const manual = response.json().data;
    expect(manual.scope).toEqual({ kind: 'console', name: 'CON-A' });
    expect(manual.units).toEqual(['U1', 'U2']);
    expect(manual.consoles).toEqual(['CON-A']);
    expect(Date.parse(manual.generatedAt)).not.toBeNaN();
    expect(keys(manual.entries)).toEqual([
      'U1/P-101/FI-100',
      'U1/P-101/FI-101',
      'U1/P-102/PI-201',
      'U1/null/XI-001',
      'U2/E-201/TI-301',
    ]);
    expect(manual.entries[1]).toMatchObject({
      condition: 'PVLO',
      conditionName: '低报',
      description: '进料流量低',
      limitValue: 20,
      engineeringUnit: 't/h',
      priority: 'medium',
      priorityName: '中',
      cause: '进料泵故障',
      consequence: '塔底液位下降',
      operatorResponse: '切换备用泵',
      maxResponseMinutes: 10,
      console: 'CON-A',
    });
  });

  it("gives a unit's points of every console", async () => {
    const manual = (await get(`/alarm/bases/list/manual/entries?unit=${encodeURIComponent('U1')}`)).json().data;
    expect(manual.consoles).toEqual(['CON-A', 'CON-B']);
    expect(keys(manual.entries)).toEqual([
      'U1/P-101/FI-100',
      'U1/P-101/FI-101',
      'U1/P-101/LI-900',
      'U1/P-102/PI-201',
      'U1/null/XI-001',
    ]);
  });

  it('exports the same entries as a workbook, formula-like text kept as text', async () => {
    const response = await get('/alarm/bases/list/manual?console=CON-A');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="alarm-response-manual-\d{14}\.xlsx"$/,
    );
    expect(response.headers['x-row-count']).toBe('5');
    const rows = await sheetRows(response.rawPayload, '报警响应手册');
    expect(rows[0]).toEqual(MANUAL_WORKBOOK_COLUMNS);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['FI-100', 'FI-101', 'PI-201', 'XI-001', 'TI-301']);
    expect(rows[2]).toEqual([
      'U1',
      'P-101',
      'FI-101',
      'PVLO 低报',
      '进料流量低',
      20,
      't/h',
      '中',
      '进料泵故障',
      '塔底液位下降',
      '切换备用泵',
      10,
      'CON-A',
    ]);
    // An empty cell is left out of the row's values.
    expect(rows[4].slice(0, 3)).toEqual(['U1', undefined, 'XI-001']);

    // Read back as text, never as formulas, and marked with quotePrefix (style 2 of the writer).
    expect(rows[5].slice(8, 11)).toEqual(['=HYPERLINK("http://example.com")', '@SUM(A1)', '+1 启动急冷, -2 降量']);
    const workbook = await readWorkbook(response.rawPayload);
    const row = workbook.getWorksheet('报警响应手册')?.getRow(6);
    expect([9, 10, 11].map((column) => row?.getCell(column).formula)).toEqual([undefined, undefined, undefined]);
    const archive = XLSX.CFB.read(response.rawPayload, { type: 'buffer' });
    const sheet = Buffer.from(XLSX.CFB.find(archive, '/xl/worksheets/sheet1.xml')?.content ?? []).toString('utf8');
    const styleOf = (reference: string) => new RegExp(`<c r="${reference}"( s="(\\d+)")?`).exec(sheet)?.[2];
    expect(['I6', 'J6', 'K6', 'C6'].map(styleOf)).toEqual(['2', '2', '2', undefined]);
  });

  it('refuses a query naming neither or both, an unknown scope, and callers without the view right', async () => {
    for (const query of ['', '?console=CON-A&unit=U1', '?console=%20']) {
      const response = await get(`/alarm/bases/list/manual/entries${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 1, msg: expect.stringMatching(/操作台|参数/) });
    }
    const unknown = await get('/alarm/bases/list/manual?unit=U9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 1, msg: '装置「U9」不存在' });
    const long = await get(`/alarm/bases/list/manual?console=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    const outsider = await t.createUser({ permissions: ['alarm-board-over-view'] });
    expect((await get('/alarm/bases/list/manual/entries?console=CON-A', outsider)).statusCode).toBe(403);
  });

  it('filters the library on points without an operator response (缺少处置措施)', async () => {
    const response = await get('/alarm/bases/list?missingResponse=1&pageSize=50');
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().data as { list: Entry[]; total: number };
    expect(list.map((point) => point.tag)).toEqual(['FI-102', 'LI-900', 'XI-001']);
    expect(total).toBe(3);
    expect((await get('/alarm/bases/list?missingResponse=0')).statusCode).toBe(400);
    const exported = await get('/alarm/bases/list/export?missingResponse=1');
    expect(exported.headers['x-row-count']).toBe('3');
  });
});
