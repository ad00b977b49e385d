/** 变更管理 endpoints: drafts, submission, the lifecycle through approval, the conflict and exactly-once rules. */
import { describe, expect, it } from 'vitest';
import { FLOW_MISSING_MESSAGE } from '../../common/moc';
import { alarmPoints, equipment } from '../../server/db/schema';
import { SLOW } from './helpers';
import { approvalOf, useMocFixture } from './moc-fixtures';

describe('change requests API', { timeout: SLOW }, () => {
  const { t, f } = useMocFixture();

  const body = (items: object[], extra: object = {}) => ({
    title: '调整限值',
    reason: '频繁报警',
    riskLevel: 'medium',
    businessType: 'alarmChange',
    items,
    ...extra,
  });
  const point = async (id: number) => (await f.call('GET', `/alarm/bases/list/${id}`, f.engineer)).json().data.point;

  it('saves a draft with the current values and versions, edits it and deletes it', async () => {
    const created = await f.call(
      'POST',
      '/alarm/op/update',
      f.engineer,
      body([{ pointId: f.points['FIC-101'], field: 'limitValue', after: 120 }]),
    );
    expect(created.statusCode).toBe(200);
    const draft = created.json().data;
    expect(draft).toMatchObject({ status: 'draft', itemCount: 1, initiator: { username: f.engineer.username } });
    expect(draft.items[0]).toMatchObject({
      field: 'limitValue',
      before: null,
      after: 120,
      pointVersion: 1,
      stale: false,
    });
    expect(draft.transitions.map((x: { action: string }) => x.action)).toEqual(['create']);

    const edited = await f.call(
      'PUT',
      `/alarm/op/update/${draft.id}`,
      f.engineer,
      body([{ pointId: f.points['FIC-101'], field: 'priority', after: 'high' }], { title: '调整优先级' }),
    );
    expect(edited.json().data).toMatchObject({
      title: '调整优先级',
      items: [{ field: 'priority', before: 'low', after: 'high' }],
    });

    const removed = await f.call('DELETE', `/alarm/op/update/${draft.id}`, f.engineer);
    expect(removed.json()).toEqual({ code: 0, msg: 'ok', data: { id: draft.id } });
    expect((await f.call('GET', `/alarm/op/update/${draft.id}`, f.engineer)).statusCode).toBe(404);
  });

  it('lets only its initiator edit, submit or delete a draft', async () => {
    const created = await f.call(
      'POST',
      '/alarm/op/update',
      f.engineer,
      body([{ pointId: f.points['FIC-101'], field: 'limitValue', after: 110 }]),
    );
    const draft = created.json().data;
    const someoneElse = [
      await f.call(
        'PUT',
        `/alarm/op/update/${draft.id}`,
        f.engineer2,
        body([{ pointId: f.points['FIC-101'], field: 'limitValue', after: 1 }], { submit: true }),
      ),
      await f.call('POST', `/alarm/op/update/${draft.id}/submit`, f.engineer2),
      await f.call('DELETE', `/alarm/op/update/${draft.id}`, f.engineer2),
    ];
    for (const response of someoneElse) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 1,
        msg: `变更单 #${draft.id} 的草稿只能由发起人 ${f.engineer.username} 修改、提交或删除`,
        data: null,
      });
    }
    const kept = (await f.call('GET', `/alarm/op/update/${draft.id}`, f.engineer)).json().data;
    expect(kept).toMatchObject({ status: 'draft', items: [{ after: 110 }] });
    expect((await f.call('DELETE', `/alarm/op/update/${draft.id}`, f.engineer)).statusCode).toBe(200);
  });

  it('refuses bad items with Chinese messages', async () => {
    const cases: [object[], RegExp][] = [
      [[], /至少需要一个变更项/],
      [[{ pointId: f.points['FIC-101'], field: 'priority', after: 'extreme' }], /第 1 项：优先级必须是/],
      [[{ pointId: f.points['FIC-101'], field: 'deadband', after: -1 }], /死区必须是 ≥ 0/],
      [
        [
          { pointId: f.points['FIC-101'], field: 'deadband', after: 1 },
          { pointId: f.points['FIC-101'], field: 'deadband', after: 2 },
        ],
        /第 2 项与第 1 项/,
      ],
      [[{ pointId: 999999, field: 'deadband', after: 1 }], /报警点 #999999 不存在/],
      // A change that changes nothing (「报警限值 无 → 无」, a priority set to what it is).
      [
        [{ pointId: f.points['FIC-101'], field: 'limitValue', after: null }],
        /第 1 项：报警点 FIC-101 .*「报警限值」已是该值/,
      ],
      [
        [
          { pointId: f.points['FIC-101'], field: 'deadband', after: 1 },
          { pointId: f.points['FIC-101'], field: 'priority', after: 'low' },
        ],
        /第 2 项：报警点 FIC-101 .*「优先级」已是该值/,
      ],
    ];
    for (const [items, message] of cases) {
      const response = await f.call('POST', '/alarm/op/update', f.engineer, body(items));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 1, msg: expect.stringMatching(message) });
    }
    const blank = await f.call('POST', '/alarm/op/update', f.engineer, { ...body([]), title: ' ' });
    expect(blank.json().msg).toMatch(/变更标题不能为空/);
  });

  it('refuses 401 without a token and 403 without the create permission', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/alarm/op/update', payload: body([]) });
    expect(anonymous.statusCode).toBe(401);
    const denied = await f.call('POST', '/alarm/op/update', f.approver, body([]));
    expect(denied.statusCode).toBe(403);
  });

  it('goes draft → pending → applied through two steps, writing the library with the request id', async () => {
    const created = await f.call(
      'POST',
      '/alarm/op/update',
      f.engineer,
      body([{ pointId: f.points['FIC-102'], field: 'limitValue', after: 88.5 }], { submit: true }),
    );
    const change = created.json().data;
    expect(change).toMatchObject({
      status: 'pending',
      approval: { currentStep: 1, stepCount: 2, currentStepName: '工程审核' },
    });
    const approvalId = change.approval.approvalId;

    const step1 = await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, { comment: '同意' });
    expect(step1.json().data).toMatchObject({ currentStep: 2, changeStatus: 'pending' });
    const step2 = await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.approver, { comment: '批准' });
    expect(step2.json().data).toMatchObject({ status: 'approved', changeStatus: 'applied', conflicts: [] });
    expect(step2.json().data.steps.map((s: { state: string }) => s.state)).toEqual(['approved', 'approved']);
    expect(step2.json().data.change.transitions.map((x: { action: string }) => x.action)).toEqual([
      'create',
      'submit',
      'approveStep',
      'approve',
      'apply',
    ]);

    const detail = (await f.call('GET', `/alarm/bases/list/${f.points['FIC-102']}`, f.engineer)).json().data;
    expect(detail.point.limitValue).toBe(88.5);
    expect(detail.changes[0]).toMatchObject({
      field: 'limitValue',
      after: '88.5',
      source: 'moc',
      changeRequestId: change.id,
      changedBy: f.approver.username,
    });
  });

  it('applies nothing when a point moved since the request, and names the conflicting item', async () => {
    const created = await f.call(
      'POST',
      '/alarm/op/update',
      f.engineer,
      body(
        [
          { pointId: f.points['TIC-201'], field: 'deadband', after: 3 },
          { pointId: f.points['FIC-101'], field: 'onDelaySeconds', after: 15 },
        ],
        { submit: true },
      ),
    );
    const change = created.json().data;
    const approvalId = change.approval.approvalId;
    await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, {});

    const fic = await point(f.points['FIC-101']);
    const edit = await f.call('PUT', `/alarm/bases/list/${fic.id}`, f.admin, {
      version: fic.version,
      description: '库内直接修改',
      unitId: fic.unitId,
      equipmentId: fic.equipmentId,
      consoleId: fic.consoleId,
      systemType: fic.systemType,
      limitValue: fic.limitValue,
      engineeringUnit: fic.engineeringUnit,
      rangeLow: fic.rangeLow,
      rangeHigh: fic.rangeHigh,
      deadband: fic.deadband,
      onDelaySeconds: fic.onDelaySeconds,
      offDelaySeconds: fic.offDelaySeconds,
      priority: fic.priority,
      alarmClass: fic.alarmClass,
      cause: fic.cause,
      consequence: fic.consequence,
      operatorResponse: fic.operatorResponse,
      maxResponseMinutes: fic.maxResponseMinutes,
      enabled: fic.enabled,
    });
    expect(edit.statusCode).toBe(200);
    expect((await f.call('GET', `/alarm/op/update/${change.id}`, f.engineer)).json().data.items[1].stale).toBe(true);

    const last = await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.approver, {});
    const data = last.json().data;
    expect(data.changeStatus).toBe('approved');
    expect(data.conflicts).toEqual([
      expect.objectContaining({
        itemId: change.items[1].id,
        pointId: f.points['FIC-101'],
        tag: 'FIC-101',
        message: expect.stringMatching(/已被修改/),
      }),
    ]);
    expect((await point(f.points['TIC-201'])).deadband).toBeNull();
    expect(data.canArchive).toBe(true);
    expect(data.change.transitions.at(-1)).toMatchObject({ action: 'conflict', from: 'approved', to: 'approved' });
  });

  it('applies once when two approvers finish the last step at the same moment', async () => {
    const other = await t.createUser({ roles: ['审批人'] });
    const created = await f.call(
      'POST',
      '/alarm/op/update',
      f.engineer,
      body([{ pointId: f.points['TIC-201'], field: 'offDelaySeconds', after: 7 }], { submit: true }),
    );
    const change = created.json().data;
    const approvalId = change.approval.approvalId;
    await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, {});
    const before = (await point(f.points['TIC-201'])).version;
    const answers = await Promise.all(
      [f.approver, other].map((as) => f.call('POST', `/alarm/approve/list/${approvalId}/approve`, as, {})),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await point(f.points['TIC-201'])).version).toBe(before + 1);
    const audit = (await f.call('GET', `/alarm/bases/list/${f.points['TIC-201']}`, f.engineer)).json().data.changes;
    expect(audit.filter((row: { changeRequestId: number | null }) => row.changeRequestId === change.id)).toHaveLength(
      1,
    );
    const detail = (await f.call('GET', `/alarm/op/update/${change.id}`, f.engineer)).json().data;
    expect(detail.transitions.filter((x: { action: string }) => x.action === 'apply')).toHaveLength(1);
  });

  it('refuses to submit without an active flow, and to edit or delete a request that left draft', async () => {
    const flows = (await f.call('GET', '/alarm/base/examine/config?businessType=templateApplication', f.admin)).json()
      .data.list;
    const flow = flows[0];
    const disabled = await f.call('POST', `/alarm/base/examine/config/${flow.id}/deactivate`, f.admin);
    expect(disabled.json()).toMatchObject({ code: 0, data: { active: false } });
    const refused = await f.call(
      'POST',
      '/alarm/op/update',
      f.engineer,
      body([{ pointId: f.points['FIC-101'], field: 'deadband', after: 1 }], {
        businessType: 'templateApplication',
        submit: true,
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(FLOW_MISSING_MESSAGE('templateApplication'));

    const pending = (
      await f.call(
        'POST',
        '/alarm/op/update',
        f.engineer,
        body([{ pointId: f.points['FIC-101'], field: 'deadband', after: 1 }], { submit: true }),
      )
    ).json().data;
    const edit = await f.call(
      'PUT',
      `/alarm/op/update/${pending.id}`,
      f.engineer,
      body([{ pointId: f.points['FIC-101'], field: 'deadband', after: 2 }]),
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toMatch(/审批中/);
    expect((await f.call('DELETE', `/alarm/op/update/${pending.id}`, f.engineer)).statusCode).toBe(409);
    expect(await approvalOf(f, pending.id)).toBeGreaterThan(0);
  });

  it('lists with filters and exports, and tells the improvement board what was applied', async () => {
    const list = (await f.call('GET', '/alarm/op/update?status=applied', f.viewer)).json().data;
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ status: 'applied', approval: { currentStep: null } });
    const exported = await f.call('GET', '/alarm/op/update/export', f.viewer);
    expect(exported.headers['content-type']).toMatch(/spreadsheetml/);

    const board = await t.createUser({ permissions: ['alarm-op-system-improve-view'] });
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const improvement = (
      await f.call('GET', `/alarm/op/system/improve?from=${from}&to=${to}&period=week`, board)
    ).json().data;
    expect(improvement.appliedChanges).toEqual(
      list.list
        .map((change: { id: number; title: string }) => ({
          changeRequestId: change.id,
          title: change.title,
          appliedAt: expect.any(String),
        }))
        .reverse(),
    );
    const outsideMoc = improvement.periods.reduce(
      (sum: number, row: { outsideMoc: number }) => sum + row.outsideMoc,
      0,
    );
    expect(outsideMoc).toBe(1);
  });

  it('drafts a change from a template’s deviations, and the template cannot be deleted while it is referred to', async () => {
    const template = (
      await f.call('POST', '/alarm/template/list', f.admin, {
        name: '给料泵模板',
        equipmentType: '给料泵',
        items: [
          { condition: 'PVHH', priority: 'high', limitValue: 2.8, deadband: 0.05 },
          { condition: 'PVHI', priority: 'low', limitValue: 2.5 },
        ],
      })
    ).json().data;
    const [pump] = await t.database.db
      .insert(equipment)
      .values({ unitId: f.units.常减压, name: 'P-101', equipmentType: '给料泵' })
      .returning();
    const [hh] = await t.database.db
      .insert(alarmPoints)
      .values([
        // PVHH differs in priority; PVHI is missing; BAD is extra.
        {
          tag: 'PI-101',
          condition: 'PVHH',
          equipmentId: pump.id,
          unitId: pump.unitId,
          priority: 'medium',
          limitValue: 2.8,
          deadband: 0.05,
        },
        { tag: 'PI-101', condition: 'BAD', equipmentId: pump.id, unitId: pump.unitId },
      ])
      .returning();

    const drafted = await f.call('POST', '/alarm/op/update/from-template', f.engineer, {
      templateId: template.id,
      equipmentId: pump.id,
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const { change, skipped } = drafted.json().data;
    expect(skipped).toEqual({ missing: 1, extra: 1, noRange: 0 });
    expect(change).toMatchObject({
      status: 'draft',
      businessType: 'templateApplication',
      title: '按「给料泵模板」修正 P-101 的报警设置',
      items: [expect.objectContaining({ pointId: hh.id, field: 'priority', before: 'medium', after: 'high' })],
    });

    const refusedDelete = await f.call('DELETE', `/alarm/template/list/${template.id}`, f.admin);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().msg).toBe('模板「给料泵模板」已被变更申请引用，不能删除');
    expect((await f.call('DELETE', `/alarm/op/update/${change.id}`, f.engineer)).statusCode).toBe(200);
    expect((await f.call('DELETE', `/alarm/template/list/${template.id}`, f.admin)).statusCode).toBe(200);
  });
});
