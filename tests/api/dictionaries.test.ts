/** 基础配置 endpoints: alarm types, system types, priorities and their streamed exports (docs/api.md). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionString } from '../../common/routes';
import { alarmPoints, alarmTypes } from '../../server/db/schema';
import { XLSX_CONTENT_TYPE } from '../../server/export/xlsx';
import { seededAlarmTypes, seededSystemTypes } from '../../server/seed/dictionaries';
import { build, SLOW, sheetRows, type TestApp, type TestUser } from './helpers';

describe('base dictionaries API', { timeout: SLOW }, () => {
  let t: TestApp;
  let editor: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await build();
    editor = await t.createUser({
      permissions: ['alarm-base-type-create', 'alarm-base-type-edit', 'alarm-base-type-delete'].concat(
        ['create', 'edit', 'delete'].map((action) => `alarm-base-system-${action}`),
      ),
    });
    viewer = await t.createUser({ permissions: ['alarm-base-type-view', 'alarm-base-system-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: TestUser = editor, payload?: object) =>
    t.app.inject({ method, url: `/api/alarm/base${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });
  const refusal = (response: Awaited<ReturnType<typeof call>>) => ({
    status: response.statusCode,
    code: response.json().code,
    msg: response.json().msg as string,
  });

  describe('alarm types', () => {
    it('lists the seeded types in sort order, a page at a time', async () => {
      const response = await call('GET', '/type?current=1&pageSize=5', viewer);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ total: seededAlarmTypes.length, current: 1, pageSize: 5 });
      expect(data.list.map((row: { code: string }) => row.code)).toEqual(['PVHI', 'PVHH', 'PVLO', 'PVLL', 'DEV']);
      expect(data.list[0]).toEqual({
        id: expect.any(Number),
        code: 'PVHI',
        name: '高报',
        description: '',
        color: '#fa8c16',
        sortOrder: 1,
        enabled: true,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('filters by keyword (code or name) and enabled state', async () => {
      const byName = (await call('GET', `/type?keyword=${encodeURIComponent('低')}`, viewer)).json().data;
      expect(byName.list.map((row: { code: string }) => row.code)).toEqual(['PVLO', 'PVLL']);
      const byCode = (await call('GET', '/type?keyword=pvh', viewer)).json().data;
      expect(byCode.total).toBe(2);
      const wildcard = (await call('GET', '/type?keyword=%25', viewer)).json().data;
      expect(wildcard.total).toBe(0);
      expect((await call('GET', '/type?enabled=false', viewer)).json().data.total).toBe(0);
    });

    it('creates with the default colour, edits and deletes a type', async () => {
      const created = await call('POST', '/type', editor, { code: 'FLT', name: ' 故障 ', sortOrder: 20 });
      expect(created.statusCode).toBe(200);
      const row = created.json().data;
      expect(row).toMatchObject({ code: 'FLT', name: '故障', color: '#1677ff', enabled: true, description: '' });

      const updated = await call('PUT', `/type/${row.id}`, editor, {
        code: 'FLT',
        name: '故障报警',
        color: '#13c2c280',
        enabled: false,
      });
      expect(updated.json().data).toMatchObject({ name: '故障报警', color: '#13c2c280', enabled: false });

      expect((await call('DELETE', `/type/${row.id}`)).json()).toEqual({ code: 0, msg: 'ok', data: { id: row.id } });
      expect(refusal(await call('DELETE', `/type/${row.id}`))).toEqual({
        status: 404,
        code: 1,
        msg: '报警类型不存在或已被删除',
      });
    });

    it.each([
      ['a duplicate code', { code: 'PVHI', name: '重复' }, 409, '报警类型编码「PVHI」已存在，请换一个'],
      ['an empty name', { code: 'X1', name: '  ' }, 400, '名称不能为空'],
      ['a missing code', { name: '无编码' }, 400, '参数 code 不合法：必填'],
      ['a bad colour', { code: 'X2', name: '颜色', color: 'red' }, 400, '参数 color 不合法：格式不正确'],
    ])('refuses %s', async (_case, body, status, msg) => {
      expect(refusal(await call('POST', '/type', editor, body))).toEqual({ status, code: 1, msg });
    });

    it('refuses to give a type the code of another', async () => {
      const { list } = (await call('GET', '/type?keyword=PVLO', viewer)).json().data;
      const response = await call('PUT', `/type/${list[0].id}`, editor, { code: 'PVHI', name: '低报' });
      expect(refusal(response)).toEqual({ status: 409, code: 1, msg: '报警类型编码「PVHI」已存在，请换一个' });
    });

    it('streams the filtered list as a readable xlsx with a timestamped name', async () => {
      const response = await call('GET', `/type/export?keyword=${encodeURIComponent('报')}`, viewer);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="alarm-types-\d{14}\.xlsx"$/);
      const rows = await sheetRows(response.rawPayload);
      expect(rows[0]).toEqual(['编码', '名称', '描述', '显示颜色', '排序', '状态']);
      expect(rows.slice(1).map((row) => row[0])).toEqual(['PVHI', 'PVHH', 'PVLO', 'PVLL']);
      // An empty text is an empty cell.
      expect(rows[1]).toEqual(['PVHI', '高报', undefined, '#fa8c16', 1, '启用']);
    });
  });

  describe('system types', () => {
    it('lists the seeded systems', async () => {
      const { data } = (await call('GET', '/system', viewer)).json();
      expect(data.list.map((row: { code: string }) => row.code)).toEqual(seededSystemTypes.map((s) => s.code));
      expect(data.list[0]).not.toHaveProperty('color');
    });

    it('creates, edits, deletes and refuses a duplicate code', async () => {
      const created = (await call('POST', '/system', editor, { code: 'ESD', name: '紧急停车系统' })).json().data;
      expect(created).toMatchObject({ code: 'ESD', enabled: true });
      expect(
        (await call('PUT', `/system/${created.id}`, editor, { code: 'ESD2', name: '紧急停车' })).json().data,
      ).toMatchObject({ code: 'ESD2' });
      expect(refusal(await call('POST', '/system', editor, { code: 'DCS', name: '重复' }))).toEqual({
        status: 409,
        code: 1,
        msg: '系统类型编码「DCS」已存在，请换一个',
      });
      expect((await call('DELETE', `/system/${created.id}`)).statusCode).toBe(200);
    });

    it('exports the list', async () => {
      const response = await call('GET', '/system/export', viewer);
      expect(response.headers['content-disposition']).toMatch(/filename="system-types-\d{14}\.xlsx"/);
      const rows = await sheetRows(response.rawPayload);
      expect(rows[0]).toEqual(['编码', '名称', '描述', '状态']);
      expect(rows).toHaveLength(seededSystemTypes.length + 1);
    });
  });

  it('refuses to delete or recode a type that alarm points use, and allows it once unused', async () => {
    const type = (await call('POST', '/type', editor, { code: 'FLOW', name: '流量偏差' })).json().data;
    const system = (await call('POST', '/system', editor, { code: 'FGS', name: '火气系统' })).json().data;
    const [point] = await t.database.db
      .insert(alarmPoints)
      .values({ tag: 'FI-1001', condition: 'FLOW', systemType: 'FGS' })
      .returning();
    expect(refusal(await call('DELETE', `/type/${type.id}`))).toEqual({
      status: 409,
      code: 1,
      msg: '报警类型「FLOW」已被报警点使用，不能删除；可将其停用',
    });
    expect((await call('PUT', `/type/${type.id}`, editor, { code: 'FLOW2', name: '流量偏差' })).statusCode).toBe(409);
    expect(refusal(await call('DELETE', `/system/${system.id}`))).toMatchObject({ status: 409, code: 1 });

    await t.database.db.delete(alarmPoints).where(eq(alarmPoints.id, point.id));
    expect((await call('DELETE', `/type/${type.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/system/${system.id}`)).statusCode).toBe(200);
  });

  describe('priorities', () => {
    it('lists the four priorities and edits name, colour and order', async () => {
      const list = (await call('GET', '/priorities', viewer)).json().data;
      expect(list.map((row: { code: string; name: string }) => `${row.code}:${row.name}`)).toEqual([
        'urgent:紧急',
        'high:高',
        'medium:中',
        'low:低',
      ]);
      const response = await call('PUT', `/priorities/${list[0].id}`, editor, {
        name: '紧急报警',
        color: '#a8071a',
        sortOrder: 1,
      });
      expect(response.json().data).toMatchObject({
        code: 'urgent',
        name: '紧急报警',
        color: '#a8071a',
        targetShare: 1,
      });
      expect(
        refusal(await call('PUT', '/priorities/999999', editor, { name: '无', color: '#000000', sortOrder: 1 })).status,
      ).toBe(404);
    });

    it('exports the priorities as listed, with a timestamped name', async () => {
      const response = await call('GET', '/priorities/export', viewer);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="priorities-\d{14}\.xlsx"$/);
      const rows = await sheetRows(response.rawPayload);
      expect(rows[0]).toEqual(['代码', '名称', '显示颜色', '目标占比（%）', '排序']);
      // As edited by the test above.
      expect(rows[1]).toEqual(['urgent', '紧急报警', '#a8071a', 1, 1]);
      const list = (await call('GET', '/priorities', viewer)).json().data as Record<string, unknown>[];
      expect(rows.slice(1)).toEqual(list.map((row) => [row.code, row.name, row.color, row.targetShare, row.sortOrder]));
    });

    it('names the priorities, as edited, to the change, condition and approval pages under their own view', async () => {
      for (const path of ['/alarm/op/update', '/alarm/op/working', '/alarm/approve/list']) {
        const user = await t.createUser({ permissions: [permissionString(path, 'view')] });
        const response = await t.app.inject({ url: `/api${path}/priorities`, headers: user.authorization });
        expect(response.statusCode, path).toBe(200);
        // 紧急 renamed by the test above.
        expect(response.json().data, path).toEqual([
          { code: 'urgent', name: '紧急报警', color: '#a8071a' },
          { code: 'high', name: '高', color: expect.any(String) },
          { code: 'medium', name: '中', color: expect.any(String) },
          { code: 'low', name: '低', color: expect.any(String) },
        ]);
        const other = await t.app.inject({ url: `/api${path}/priorities`, headers: viewer.authorization });
        expect(other.statusCode, path).toBe(403);
      }
    });
  });

  it('asks each route for its own permission', async () => {
    const typeOnly = await t.createUser({ permissions: ['alarm-base-type-view'] });
    expect((await call('GET', '/type', typeOnly)).statusCode).toBe(200);
    expect(refusal(await call('GET', '/system', typeOnly))).toEqual({
      status: 403,
      code: 403,
      msg: '没有权限执行此操作（需要 alarm-base-system-view）',
    });
    expect(refusal(await call('POST', '/type', viewer, { code: 'NO', name: '无权' })).status).toBe(403);
    expect(
      refusal(await call('PUT', '/priorities/1', viewer, { name: '无权', color: '#000000', sortOrder: 1 })).status,
    ).toBe(403);
    const systemOnly = await t.createUser({ permissions: ['alarm-base-system-view'] });
    expect(refusal(await call('GET', '/priorities/export', systemOnly))).toEqual({
      status: 403,
      code: 403,
      msg: '没有权限执行此操作（需要 alarm-base-type-view）',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/alarm/base/type/export' });
    expect(anonymous.statusCode).toBe(401);
  });

  // Last: it adds many rows to the one database of this file.
  it('exports more rows than one batch, in sort order', async () => {
    const rows = Array.from({ length: 1205 }, (_, i) => ({
      code: `T${i}`,
      name: `类型${i}`,
      sortOrder: 100 + (i % 7),
    }));
    await t.database.db.insert(alarmTypes).values(rows);
    const response = await call('GET', '/type/export', viewer);
    const exported = (await sheetRows(response.rawPayload)).slice(1);
    expect(exported).toHaveLength(1205 + seededAlarmTypes.length);
    const keys = exported.map((row) => row[4] as number);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(new Set(exported.map((row) => row[0])).size).toBe(exported.length);
  });
});
