/**
 * Rationalization in bulk (docs/domain.md): a template's items carry a rationalization that 批量合理化 writes
 * to every point of the equipment type (audited, confirmations taken back where a record changed), and the
 * library drafts ONE change request bringing chosen or filtered points to the matrix's suggested priority.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ITEM_RATIONALIZATION } from '../../common/templates';
import { alarmPoints, equipment, units } from '../../server/db/schema';
import { ROLE_NAMES } from '../../server/seed/roles';
import { build, SLOW, type TestApp, type TestUser } from './helpers';

const PUMP_RATIONALIZATION = {
  cause: '出口阀误关或管线堵塞',
  consequence: '泵憋压，机封泄漏',
  operatorResponse: '检查出口阀，必要时切换备用泵',
  maxResponseMinutes: 10,
  severities: { people: 'minor', environment: 'minor', asset: 'major' },
  alarmClass: '设备保护',
};

describe('rationalization in bulk', { timeout: SLOW }, () => {
  let t: TestApp;
  let engineer: TestUser;
  let templateEditor: TestUser;
  const ids: Record<string, number> = {};
  let east: number;

  beforeAll(async () => {
    t = await build();
    engineer = await t.createUser({ roles: [ROLE_NAMES.engineer] });
    templateEditor = await t.createUser({ permissions: ['alarm-template-list-view', 'alarm-template-list-create'] });
    const { db } = t.database;
    const [eastUnit, westUnit] = await db
      .insert(units)
      .values([{ name: '东区' }, { name: '西区' }])
      .returning();
    east = eastUnit.id;
    const [p1, p2, p3, e1] = await db
      .insert(equipment)
      .values([
        { unitId: eastUnit.id, name: 'P-1', equipmentType: '离心泵' },
        { unitId: eastUnit.id, name: 'P-2', equipmentType: '离心泵' },
        { unitId: westUnit.id, name: 'P-3', equipmentType: '离心泵' },
        { unitId: eastUnit.id, name: 'E-1', equipmentType: '换热器' },
      ])
      .returning();
    const rows = await db
      .insert(alarmPoints)
      .values([
        { tag: 'PI-1', condition: 'PVHI', equipmentId: p1.id, unitId: eastUnit.id, priority: 'low' },
        { tag: 'PI-1', condition: 'PVLO', equipmentId: p1.id, unitId: eastUnit.id, priority: 'low' },
        { tag: 'PI-2', condition: 'PVHI', equipmentId: p2.id, unitId: eastUnit.id, priority: 'medium' },
        { tag: 'PI-3', condition: 'PVHI', equipmentId: p3.id, unitId: westUnit.id, priority: 'high' },
        { tag: 'TI-1', condition: 'PVHI', equipmentId: e1.id, unitId: eastUnit.id, priority: 'low' },
      ])
      .returning();
    for (const row of rows) ids[`${row.tag}.${row.condition}`] = row.id;
  }, SLOW);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: as.authorization, ...(payload ? { payload } : {}) });
  const record = async (key: string) =>
    (await call('GET', `/alarm/bases/list/${ids[key]}/rationalization`, engineer)).json().data;

  let templateId: number;

  it('keeps the rationalization of template items, refusing unknown categories', async () => {
    const body = {
      name: '离心泵合理化模板',
      equipmentType: '离心泵',
      items: [
        { condition: 'PVHI', priority: 'medium', ...PUMP_RATIONALIZATION, cause: ` ${PUMP_RATIONALIZATION.cause} ` },
        { condition: 'PVLO', priority: 'low', required: false },
      ],
    };
    const unknown = await call('POST', '/alarm/template/list', templateEditor, {
      ...body,
      items: [{ ...body.items[0], severities: { noise: 'minor' } }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('第 1 行：后果类别「noise」不在优先级矩阵中');
    const created = await call('POST', '/alarm/template/list', templateEditor, body);
    expect(created.statusCode).toBe(200);
    templateId = created.json().data.id;
    expect(created.json().data.items).toEqual([
      expect.objectContaining({ condition: 'PVHI', ...PUMP_RATIONALIZATION }),
      expect.objectContaining({ condition: 'PVLO', ...EMPTY_ITEM_RATIONALIZATION }),
    ]);
    const options = (await call('GET', '/alarm/template/list/options', templateEditor)).json().data;
    expect(options.categories).toEqual([
      { code: 'people', name: '人员安全' },
      { code: 'environment', name: '环境' },
      { code: 'asset', name: '财产与生产' },
    ]);
  });

  it('rationalizes every pump of a unit from the template, audited, and confirmations go back to 待确认', async () => {
    // PI-2 was confirmed with a record of its own: the template's record replaces it and the confirmation ends.
    const own = await record('PI-2.PVHI');
    const saved = await call('PUT', `/alarm/bases/list/${ids['PI-2.PVHI']}/rationalization`, engineer, {
      version: own.version,
      ...PUMP_RATIONALIZATION,
      cause: '入口过滤器堵塞',
      verification: '',
      notes: '',
      justification: '',
    });
    expect(saved.json().data).toMatchObject({ suggestedPriority: 'medium', missing: [] });
    expect((await call('POST', `/alarm/bases/list/${ids['PI-2.PVHI']}/confirm`, engineer)).statusCode).toBe(200);

    const denied = await call('POST', `/alarm/template/list/${templateId}/rationalize`, templateEditor, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toContain('alarm-bases-list-edit');

    const done = await call('POST', `/alarm/template/list/${templateId}/rationalize`, engineer, { unitId: east });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ equipment: 2, points: 3, changed: 2, unchanged: 0 });

    expect(await record('PI-1.PVHI')).toMatchObject({
      ...PUMP_RATIONALIZATION,
      suggestedPriority: 'medium',
      mismatch: true,
      missing: [],
      rationalizationStatus: '待确认',
    });
    expect(await record('PI-2.PVHI')).toMatchObject({
      cause: PUMP_RATIONALIZATION.cause,
      rationalizationStatus: '待确认',
      confirmedBy: null,
    });
    // The PVLO item gives nothing, the west unit and the heat exchanger are out of scope.
    expect((await record('PI-1.PVLO')).cause).toBe('');
    expect((await record('PI-3.PVHI')).cause).toBe('');
    expect((await record('TI-1.PVHI')).cause).toBe('');

    const detail = (await call('GET', `/alarm/bases/list/${ids['PI-1.PVHI']}`, engineer)).json().data;
    expect(detail.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cause', after: PUMP_RATIONALIZATION.cause, source: 'library' }),
      ]),
    );

    const again = await call('POST', `/alarm/template/list/${templateId}/rationalize`, engineer, {});
    expect(again.json().data).toEqual({ equipment: 3, points: 4, changed: 1, unchanged: 2 });
    expect(await record('PI-3.PVHI')).toMatchObject({ suggestedPriority: 'medium', mismatch: true });
  });

  it('refuses a template without rationalization and an unknown template', async () => {
    const bare = await call('POST', '/alarm/template/list', templateEditor, {
      name: '换热器模板',
      equipmentType: '换热器',
      items: [{ condition: 'PVHI', priority: 'low' }],
    });
    const refused = await call('POST', `/alarm/template/list/${bare.json().data.id}/rationalize`, engineer, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('模板「换热器模板」的报警项都没有填写合理化内容，请先编辑模板');
    expect((await call('POST', '/alarm/template/list/999999/rationalize', engineer, {})).statusCode).toBe(404);
  });

  it('drafts ONE change request bringing the filtered points to the suggested priority', async () => {
    // PI-1 low → medium, PI-3 high → medium; PI-2 is at its suggestion already, the rest have none.
    const drafted = await call('POST', '/alarm/op/update/from-suggestions', engineer, {
      filters: { priorityMismatch: 1 },
    });
    expect(drafted.statusCode).toBe(200);
    const { change, skipped } = drafted.json().data;
    expect(skipped).toEqual({ noSuggestion: 0, noAlarm: 0, matching: 0 });
    expect(change).toMatchObject({
      status: 'draft',
      businessType: 'alarmChange',
      title: '按优先级矩阵建议调整 2 个报警点的优先级',
      itemCount: 2,
    });
    expect(
      change.items.map((item: { tag: string; field: string; before: string; after: string }) => [
        item.tag,
        item.field,
        item.before,
        item.after,
      ]),
    ).toEqual([
      ['PI-1', 'priority', 'low', 'medium'],
      ['PI-3', 'priority', 'high', 'medium'],
    ]);
    // Nothing changed yet: the points keep their priorities until the request is approved.
    expect((await call('GET', `/alarm/bases/list/${ids['PI-1.PVHI']}`, engineer)).json().data.point.priority).toBe(
      'low',
    );
  });

  it('drafts from chosen points, counting those it leaves out, and refuses what it cannot draft', async () => {
    const chosen = await call('POST', '/alarm/op/update/from-suggestions', engineer, {
      pointIds: [ids['PI-1.PVHI'], ids['PI-2.PVHI'], ids['TI-1.PVHI']],
      title: '泵出口压力高报优先级',
      riskLevel: 'low',
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.skipped).toEqual({ noSuggestion: 1, noAlarm: 0, matching: 1 });
    expect(chosen.json().data.change).toMatchObject({ title: '泵出口压力高报优先级', riskLevel: 'low', itemCount: 1 });

    const none = await call('POST', '/alarm/op/update/from-suggestions', engineer, {
      pointIds: [ids['TI-1.PVHI']],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(
      '没有需要按建议调整优先级的报警点（无建议 1 个，建议不设报警 0 个，已与建议一致 0 个）',
    );
    const missing = await call('POST', '/alarm/op/update/from-suggestions', engineer, { pointIds: [999999] });
    expect(missing.statusCode).toBe(404);
    const both = await call('POST', '/alarm/op/update/from-suggestions', engineer, {
      pointIds: [ids['PI-1.PVHI']],
      filters: {},
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toBe('请选择报警点（pointIds）或给出列表筛选条件（filters），二者取其一');
    const tooMany = await call('POST', '/alarm/op/update/from-suggestions', engineer, {
      pointIds: Array.from({ length: 2001 }, (_, index) => index + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    const denied = await call('POST', '/alarm/op/update/from-suggestions', templateEditor, { filters: {} });
    expect(denied.statusCode).toBe(403);
  });
});
