/** 模板列表 and 模板评估 endpoints: CRUD with validation, export, the evaluation, permissions (docs/api.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ITEM_RATIONALIZATION } from '../../common/templates';
import { alarmPoints, equipment, units } from '../../server/db/schema';
import { XLSX_CONTENT_TYPE } from '../../server/export/xlsx';
import { seedDemoData } from '../../server/seed/demo';
import { build, SLOW, sheetRows, type TestApp, type TestUser } from './helpers';

const pumpTemplate = {
  name: '离心泵模板',
  equipmentType: '离心泵',
  description: ' 出口压力报警 ',
  items: [
    { condition: 'PVHH', priority: 'high', limitValue: 2.8, deadband: 0.05 },
    { condition: 'PVHI', priority: 'low', limitValue: 2.5, onDelaySeconds: 3, offDelaySeconds: 3 },
    { condition: 'PVLO', priority: 'medium', limitMode: 'percent', limitValue: 10, required: false },
    { condition: 'PVLL', priority: 'high' },
  ],
};

describe('alarm templates API', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await build();
    engineer = await t.createUser({
      permissions: ['create', 'edit', 'delete'].map((action) => `alarm-template-list-${action}`),
    });
    viewer = await t.createUser({ permissions: ['alarm-template-list-view', 'alarm-op-evaluate-view'] });
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: TestUser = engineer, payload?: object) =>
    t.app.inject({ method, url: `/api/alarm${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });
  const refusal = (response: Awaited<ReturnType<typeof call>>) => ({
    status: response.statusCode,
    code: response.json().code,
    msg: response.json().msg as string,
  });

  describe('templates', () => {
    it('creates a template with its items in order, then reads, lists and exports it', async () => {
      const created = await call('POST', '/template/list', engineer, pumpTemplate);
      expect(created.statusCode).toBe(200);
      const template = created.json().data;
      expect(template).toMatchObject({
        name: '离心泵模板',
        equipmentType: '离心泵',
        description: '出口压力报警',
        createdBy: engineer.username,
        updatedBy: engineer.username,
      });
      expect(template.items).toEqual([
        {
          id: expect.any(Number),
          condition: 'PVHH',
          limitMode: 'absolute',
          limitValue: 2.8,
          priority: 'high',
          deadband: 0.05,
          onDelaySeconds: null,
          offDelaySeconds: null,
          required: true,
          ...EMPTY_ITEM_RATIONALIZATION,
          sortOrder: 0,
        },
        expect.objectContaining({ condition: 'PVHI', onDelaySeconds: 3, sortOrder: 1 }),
        expect.objectContaining({ condition: 'PVLO', limitMode: 'percent', required: false, sortOrder: 2 }),
        expect.objectContaining({
          condition: 'PVLL',
          limitValue: null,
          deadband: null,
          onDelaySeconds: null,
          sortOrder: 3,
        }),
      ]);

      expect((await call('GET', `/template/list/${template.id}`, viewer)).json().data).toEqual(template);
      const page = (await call('GET', `/template/list?keyword=${encodeURIComponent('出口')}`, viewer)).json().data;
      expect(page).toMatchObject({ total: 1, current: 1, pageSize: 20 });
      expect(page.list[0]).toMatchObject({ id: template.id, itemCount: 4, requiredCount: 3 });
      expect(page.list[0]).not.toHaveProperty('items');
      const byType = async (type: string) =>
        (await call('GET', `/template/list?equipmentType=${encodeURIComponent(type)}`, viewer)).json().data.total;
      expect(await byType('泵')).toBe(1);
      expect(await byType('换热器')).toBe(0);

      const exported = await call('GET', '/template/list/export', viewer);
      expect(exported.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(exported.headers['content-disposition']).toMatch(/filename="alarm-templates-\d{14}\.xlsx"/);
      const rows = await sheetRows(exported.rawPayload);
      expect(rows[0]).toEqual(['模板名称', '设备类型', '描述', '报警项', '必需项', '修改人', '修改时间']);
      expect(rows[1].slice(0, 6)).toEqual(['离心泵模板', '离心泵', '出口压力报警', 4, 3, engineer.username]);
    });

    it('replaces fields and items on update, refusing an edit of a stale copy', async () => {
      const created = (await call('POST', '/template/list', engineer, { ...pumpTemplate, name: '待修改模板' })).json()
        .data;
      const body = {
        name: '已修改模板',
        equipmentType: '换热器',
        items: [{ condition: 'PVHI', priority: 'medium' }],
        updatedAt: created.updatedAt,
      };
      const updated = await call('PUT', `/template/list/${created.id}`, engineer, body);
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).toMatchObject({ name: '已修改模板', equipmentType: '换热器', description: '' });
      expect(updated.json().data.items.map((item: { condition: string }) => item.condition)).toEqual(['PVHI']);

      expect(refusal(await call('PUT', `/template/list/${created.id}`, engineer, body))).toEqual({
        status: 409,
        code: 1,
        msg: `模板「已修改模板」已被${engineer.username}修改，请刷新后重新编辑`,
      });
      const { updatedAt: _, ...withoutVersion } = body;
      expect((await call('PUT', `/template/list/${created.id}`, engineer, withoutVersion)).statusCode).toBe(200);
      expect(refusal(await call('PUT', '/template/list/999999', engineer, withoutVersion)).status).toBe(404);
    });

    it('keeps an explicit null as null and a zero as zero', async () => {
      const item = { condition: 'PVHH', priority: 'high', limitValue: 0, deadband: null, onDelaySeconds: 0 };
      const created = await call('POST', '/template/list', engineer, {
        ...pumpTemplate,
        name: '零与空值模板',
        items: [{ ...item, offDelaySeconds: null }],
      });
      expect(created.json().data.items[0]).toMatchObject({ ...item, offDelaySeconds: null });
    });

    it('deletes a template and its items', async () => {
      const created = (await call('POST', '/template/list', engineer, { ...pumpTemplate, name: '待删除模板' })).json()
        .data;
      expect((await call('DELETE', `/template/list/${created.id}`)).json()).toEqual({
        code: 0,
        msg: 'ok',
        data: { id: created.id },
      });
      expect(refusal(await call('GET', `/template/list/${created.id}`, viewer))).toEqual({
        status: 404,
        code: 1,
        msg: '模板不存在或已被删除',
      });
      expect(refusal(await call('DELETE', `/template/list/${created.id}`)).status).toBe(404);
    });

    const item = (condition: string, limitValue?: number) => ({ condition, priority: 'low', limitValue });
    it.each([
      ['a repeated name', { name: '离心泵模板' }, 409, '模板名称「离心泵模板」已存在，请换一个'],
      ['a blank name', { name: '  ' }, 400, '模板名称不能为空'],
      ['no items', { items: [] }, 400, '模板至少需要一个报警项'],
      [
        'a repeated condition',
        { items: [item('PVHI'), item('PVHI')] },
        400,
        '报警类型 PVHI 重复（第 1 行、第 2 行），每个报警类型只能有一项',
      ],
      [
        'limits out of order',
        { items: [item('PVHH', 10), item('PVHI', 20)] },
        400,
        '限值须满足 PVHH > PVHI > PVLO > PVLL：PVHH（10）应高于 PVHI（20）',
      ],
      ['an unknown condition', { items: [item('NOPE')] }, 400, '未知的报警类型：NOPE（请先在「报警类型」中添加）'],
      ['an unknown priority', { items: [{ condition: 'PVHI', priority: 'huge' }] }, 400, undefined],
      [
        'a negative delay',
        { items: [{ condition: 'PVHI', priority: 'low', onDelaySeconds: -1 }] },
        400,
        '参数 items.0.onDelaySeconds 不合法：必须 ≥ 0',
      ],
    ])('refuses %s and stores nothing', async (_case, change, status, msg) => {
      const before = (await call('GET', '/template/list', viewer)).json().data.total;
      const answer = refusal(await call('POST', '/template/list', engineer, { ...pumpTemplate, ...change }));
      expect(answer).toMatchObject({ status, code: 1 });
      if (msg) expect(answer.msg).toBe(msg);
      expect((await call('GET', '/template/list', viewer)).json().data.total).toBe(before);
    });

    it('offers the plant’s equipment types, the alarm types and the priorities', async () => {
      const options = (await call('GET', '/template/list/options', viewer)).json().data;
      expect(options.conditions.slice(0, 2)).toEqual([
        { code: 'PVHI', name: '高报', color: '#fa8c16', enabled: true },
        { code: 'PVHH', name: '高高报', color: '#f5222d', enabled: true },
      ]);
      expect(options.priorities.map((row: { code: string }) => row.code)).toEqual(['urgent', 'high', 'medium', 'low']);
      expect(options.equipmentTypes).toEqual(expect.any(Array));
    });
  });

  describe('evaluation', () => {
    let templateId: number;
    let pointIds: Record<string, number>;

    beforeAll(async () => {
      const db = t.database.db;
      const [east, west] = await db
        .insert(units)
        .values([{ name: '东区装置' }, { name: '西区装置' }])
        .returning();
      const [p1, p2, p3, e1] = await db
        .insert(equipment)
        .values([
          { unitId: east.id, name: 'P-1', equipmentType: '离心泵' },
          { unitId: east.id, name: 'P-2', equipmentType: '离心泵' },
          { unitId: west.id, name: 'P-3', equipmentType: '离心泵' },
          { unitId: west.id, name: 'E-1', equipmentType: '换热器' },
        ])
        .returning();
      const points = await db
        .insert(alarmPoints)
        .values([
          // P-1 matches every required item (PVLO is optional and absent).
          {
            tag: 'PI-1',
            condition: 'PVHH',
            equipmentId: p1.id,
            unitId: east.id,
            priority: 'high',
            limitValue: 2.8,
            deadband: 0.05,
          },
          {
            tag: 'PI-1',
            condition: 'PVHI',
            equipmentId: p1.id,
            unitId: east.id,
            limitValue: 2.5,
            onDelaySeconds: 3,
            offDelaySeconds: 3,
          },
          { tag: 'PI-1', condition: 'PVLL', equipmentId: p1.id, unitId: east.id, priority: 'high' },
          // P-2: a wrong priority, an extra BAD alarm, PVLL missing, a PVLO on a point without a range.
          {
            tag: 'PI-2',
            condition: 'PVHH',
            equipmentId: p2.id,
            unitId: east.id,
            priority: 'medium',
            limitValue: 2.8,
            deadband: 0.05,
          },
          {
            tag: 'PI-2',
            condition: 'PVHI',
            equipmentId: p2.id,
            unitId: east.id,
            limitValue: 2.5,
            onDelaySeconds: 3,
            offDelaySeconds: 3,
          },
          { tag: 'PI-2', condition: 'PVLO', equipmentId: p2.id, unitId: east.id, priority: 'medium', limitValue: 0.3 },
          { tag: 'PI-2', condition: 'BAD', equipmentId: p2.id, unitId: east.id },
          // A deleted point no longer counts.
          { tag: 'PI-3', condition: 'PVHH', equipmentId: p3.id, unitId: west.id, priority: 'high', deleted: true },
          { tag: 'TI-9', condition: 'PVHI', equipmentId: e1.id, unitId: west.id },
        ])
        .returning();
      pointIds = Object.fromEntries(points.map((point) => [`${point.tag}/${point.condition}`, point.id]));
      templateId = (await call('POST', '/template/list', engineer, { ...pumpTemplate, name: '评估用模板' })).json().data
        .id;
    });

    it('compares each equipment of the type and scores equipment and units', async () => {
      const response = await call('GET', `/op/evaluate?templateId=${templateId}`, viewer);
      expect(response.statusCode).toBe(200);
      const { template, equipment: rows, units: unitRows } = response.json().data;
      expect(template).toEqual({ id: templateId, name: '评估用模板', equipmentType: '离心泵', itemCount: 4 });
      expect(rows.map((row: { name: string; score: number }) => [row.name, row.score])).toEqual([
        ['P-1', 100],
        ['P-2', 25],
        ['P-3', 25],
      ]);
      const p2 = rows[1];
      expect(p2).toMatchObject({
        unit: '东区装置',
        matchingItems: 1,
        itemCount: 4,
        missing: 1,
        extra: 1,
        differing: 2,
      });
      expect(p2.deviations).toEqual([
        {
          kind: 'different',
          condition: 'PVHH',
          pointId: pointIds['PI-2/PVHH'],
          tag: 'PI-2',
          field: 'priority',
          expected: 'high',
          actual: 'medium',
        },
        {
          kind: 'noRange',
          condition: 'PVLO',
          pointId: pointIds['PI-2/PVLO'],
          tag: 'PI-2',
          field: 'limitValue',
          expected: 10,
          actual: 0.3,
        },
        { kind: 'missing', condition: 'PVLL', pointId: null, tag: null, field: null, expected: null, actual: null },
        {
          kind: 'extra',
          condition: 'BAD',
          pointId: pointIds['PI-2/BAD'],
          tag: 'PI-2',
          field: null,
          expected: null,
          actual: null,
        },
      ]);
      expect(rows[2].deviations.map((deviation: { kind: string }) => deviation.kind)).toEqual([
        'missing',
        'missing',
        'missing',
      ]);
      expect(unitRows).toEqual([
        { unitId: expect.any(Number), unit: '东区装置', equipmentCount: 2, score: 62.5 },
        { unitId: expect.any(Number), unit: '西区装置', equipmentCount: 1, score: 25 },
      ]);
    });

    it('filters by unit, offers its choices and exports the table with worded deviations', async () => {
      const options = (await call('GET', '/op/evaluate/options', viewer)).json().data;
      expect(options.templates).toContainEqual({ id: templateId, name: '评估用模板', equipmentType: '离心泵' });
      const west = options.units.find((unit: { name: string }) => unit.name === '西区装置');
      const filtered = (await call('GET', `/op/evaluate?templateId=${templateId}&unitId=${west.id}`, viewer)).json()
        .data;
      expect(filtered.equipment.map((row: { name: string }) => row.name)).toEqual(['P-3']);

      const exported = await call('GET', `/op/evaluate/export?templateId=${templateId}`, viewer);
      expect(exported.headers['content-disposition']).toMatch(/filename="template-evaluation-\d{14}\.xlsx"/);
      const rows = await sheetRows(exported.rawPayload);
      expect(rows[0]).toEqual([
        '装置',
        '设备',
        '模板',
        '合规率(%)',
        '合规项',
        '模板项',
        '缺少',
        '多余',
        '不一致',
        '偏差明细',
      ]);
      expect(rows[2].slice(0, 9)).toEqual(['东区装置', 'P-2', '评估用模板', 25, 1, 4, 1, 1, 2]);
      expect(String(rows[2][9]).split('\n')).toEqual([
        'PVHH 高高报 · PI-2 · 优先级：模板 高，实际 中',
        'PVLO 低报 · PI-2 · 限值：缺少量程，无法比较',
        'PVLL 低低报 · 缺少必需报警',
        'BAD 坏值 · PI-2 · 模板中没有该报警',
      ]);
    });

    it('answers 404 for an unknown template and 400 without one', async () => {
      expect(refusal(await call('GET', '/op/evaluate?templateId=999999', viewer))).toEqual({
        status: 404,
        code: 1,
        msg: '模板不存在或已被删除',
      });
      expect(refusal(await call('GET', '/op/evaluate', viewer))).toMatchObject({ status: 400, code: 1 });
    });
  });

  it('asks each route for its own permission', async () => {
    const templatesOnly = await t.createUser({ permissions: ['alarm-template-list-view'] });
    expect((await call('GET', '/template/list', templatesOnly)).statusCode).toBe(200);
    expect(refusal(await call('GET', '/op/evaluate/options', templatesOnly))).toEqual({
      status: 403,
      code: 403,
      msg: '没有权限执行此操作（需要 alarm-op-evaluate-view）',
    });
    expect(refusal(await call('POST', '/template/list', viewer, pumpTemplate)).status).toBe(403);
    expect(refusal(await call('PUT', '/template/list/1', viewer, pumpTemplate)).status).toBe(403);
    expect(refusal(await call('DELETE', '/template/list/1', viewer)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/alarm/template/list' });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/alarm/op/evaluate?templateId=1' })).statusCode).toBe(401);
  });
});

describe('demo templates', { timeout: SLOW }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
    await seedDemoData(t.database.db);
  }, SLOW);
  afterAll(() => t?.close());

  it('find real deviations on the demo plant', async () => {
    const admin = await t.createUser({ roles: ['管理员'] });
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/api${url}`, headers: admin.authorization })).json().data;
    const { templates } = await get('/alarm/op/evaluate/options');
    expect(templates.map((row: { equipmentType: string }) => row.equipmentType).sort()).toEqual([
      '压缩机',
      '换热器',
      '离心泵',
    ]);
    const kinds = new Set<string>();
    for (const template of templates) {
      const result = await get(`/alarm/op/evaluate?templateId=${template.id}`);
      expect(result.equipment.length).toBeGreaterThan(0);
      for (const row of result.equipment) {
        expect(row.score).toBeLessThan(100);
        for (const deviation of row.deviations) kinds.add(deviation.kind);
      }
    }
    expect([...kinds].sort()).toEqual(['different', 'extra', 'missing', 'noRange']);
  });
});
