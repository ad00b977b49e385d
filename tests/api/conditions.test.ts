/** 多工况管理 endpoints: conditions created and changed through MOC, switches, deletion, effective settings; the demo seed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/seed/demo';
import { build, SLOW, type TestApp } from './helpers';
import { useMocFixture } from './moc-fixtures';

describe('operating conditions API', { timeout: SLOW }, () => {
  const { t, f } = useMocFixture();

  const approveAll = async (approvalId: number) => {
    await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, {});
    return (await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.approver, {})).json().data;
  };
  const propose = (as = f.engineer, extra: object = {}) =>
    f.call('POST', '/alarm/op/working', as, {
      reason: '开车阶段低报无意义',
      riskLevel: 'medium',
      unitId: f.units.常减压,
      name: '开车',
      overrides: [
        {
          pointId: f.points['FIC-101'],
          enabled: false,
          limitValue: null,
          priority: null,
          deadband: null,
          onDelaySeconds: null,
          offDelaySeconds: null,
        },
        {
          pointId: f.points['FIC-102'],
          enabled: null,
          limitValue: 95,
          priority: 'high',
          deadband: null,
          onDelaySeconds: 30,
          offDelaySeconds: null,
        },
      ],
      submit: true,
      ...extra,
    });

  it('creates a condition only when its change request is approved', async () => {
    const change = (await propose()).json().data;
    expect(change).toMatchObject({
      businessType: 'operatingCondition',
      status: 'pending',
      title: '新建工况「开车」',
      itemCount: 2,
    });
    expect(change.condition.overrides[1]).toMatchObject({
      tag: 'FIC-102',
      limitValue: 95,
      base: { limitValue: null, priority: 'low' },
    });
    expect((await f.call('GET', '/alarm/op/working', f.engineer)).json().data.total).toBe(0);
    const done = await approveAll(change.approval.approvalId);
    expect(done.changeStatus).toBe('applied');
    const list = (await f.call('GET', `/alarm/op/working?unitId=${f.units.常减压}`, f.engineer)).json().data;
    expect(list.list).toEqual([expect.objectContaining({ name: '开车', overrideCount: 2, active: false, version: 1 })]);
  });

  it('saves a proposal again as its draft change request, only for a holder of 变更管理 / 编辑', async () => {
    const working = ['view', 'create'].map((action) => `alarm-op-working-${action}`);
    const proposer = await t.createUser({ permissions: working });
    const editor = await t.createUser({ permissions: [...working, 'alarm-op-update-edit'] });
    const again = (draft: { id: number }, as: typeof proposer) =>
      f.call('PUT', `/alarm/op/update/${draft.id}`, as, {
        title: '工况「低负荷」',
        reason: '冬季低负荷运行',
        riskLevel: 'low',
        businessType: 'operatingCondition',
        condition: {
          unitId: f.units.常减压,
          conditionId: null,
          name: '低负荷',
          description: '负荷低于六成',
          overrides: [],
        },
        submit: false,
      });
    const requests = async () => (await f.call('GET', '/alarm/op/update?pageSize=100', f.admin)).json().data.total;

    const refusedDraft = (await propose(proposer, { name: '低负荷', submit: false })).json().data;
    expect(refusedDraft.status).toBe('draft');
    const refused = await again(refusedDraft, proposer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/权限/);

    const draft = (await propose(editor, { name: '低负荷', submit: false })).json().data;
    const before = await requests();
    const saved = await again(draft, editor);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      id: draft.id,
      status: 'draft',
      condition: { name: '低负荷', description: '负荷低于六成' },
    });
    expect(await requests()).toBe(before);
  });

  it('refuses bad proposals with Chinese messages', async () => {
    const duplicate = await propose(f.engineer, { submit: false });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().msg).toMatch(/已有名为「开车」的工况/);
    const foreign = await propose(f.engineer, {
      name: '低负荷',
      overrides: [
        {
          pointId: f.points['TIC-201'],
          enabled: false,
          limitValue: null,
          priority: null,
          deadband: null,
          onDelaySeconds: null,
          offDelaySeconds: null,
        },
      ],
    });
    expect(foreign.json().msg).toMatch(/TIC-201 \/ PVHI 不属于所选装置/);
    const empty = await propose(f.engineer, {
      name: '低负荷',
      overrides: [
        {
          pointId: f.points['FIC-101'],
          enabled: null,
          limitValue: null,
          priority: null,
          deadband: null,
          onDelaySeconds: null,
          offDelaySeconds: null,
        },
      ],
    });
    expect(empty.json().msg).toMatch(/第 1 行：至少设置一项/);
    expect((await propose(f.approver)).statusCode).toBe(403);
  });

  it('switches the active condition by hand, shows the timeline and the effective settings', async () => {
    const [condition] = (await f.call('GET', '/alarm/op/working', f.engineer)).json().data.list;
    const switched = await f.call('POST', '/alarm/op/working/switch', f.engineer, {
      unitId: f.units.常减压,
      conditionId: condition.id,
      note: '开始开车',
    });
    expect(switched.json().data).toMatchObject({
      condition: '开车',
      previousCondition: null,
      switchedBy: f.engineer.username,
      note: '开始开车',
    });
    const again = await f.call('POST', '/alarm/op/working/switch', f.engineer, {
      unitId: f.units.常减压,
      conditionId: condition.id,
    });
    expect(again.statusCode).toBe(409);
    const future = await f.call('POST', '/alarm/op/working/switch', f.engineer, {
      unitId: f.units.常减压,
      conditionId: condition.id,
      switchedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.json().msg).toBe('切换时间不能晚于当前时间');

    const units = (await f.call('GET', '/alarm/op/working/units', f.engineer)).json().data;
    expect(units.find((unit: { unit: string }) => unit.unit === '常减压')).toMatchObject({
      activeCondition: '开车',
      conditionCount: 1,
    });
    const history = (await f.call('GET', `/alarm/op/working/switches?unitId=${f.units.常减压}`, f.engineer)).json()
      .data;
    expect(history.total).toBe(1);

    const libraryViewer = await t.createUser({ permissions: ['alarm-bases-list-view'] });
    const effective = (await f.call('GET', `/alarm/bases/list/${f.points['FIC-102']}/effective`, libraryViewer)).json()
      .data;
    expect(effective).toMatchObject({
      base: { limitValue: null, priority: 'low', onDelaySeconds: null },
      conditions: [
        {
          name: '开车',
          active: true,
          effective: { limitValue: 95, priority: 'high', onDelaySeconds: 30, enabled: true },
        },
      ],
    });
  });

  it('changes a condition through MOC (conflicting when changed meanwhile) and deletes only an inactive one', async () => {
    const [condition] = (await f.call('GET', '/alarm/op/working', f.engineer)).json().data.list;
    const body = {
      reason: '调整',
      riskLevel: 'low',
      unitId: f.units.常减压,
      name: '开车',
      description: '开车阶段',
      overrides: [],
      submit: true,
    };
    const first = (await f.call('PUT', `/alarm/op/working/${condition.id}`, f.engineer, body)).json().data;
    const second = (
      await f.call('PUT', `/alarm/op/working/${condition.id}`, f.engineer, { ...body, description: '另一版本' })
    ).json().data;
    expect((await approveAll(first.approval.approvalId)).changeStatus).toBe('applied');
    const conflicted = await approveAll(second.approval.approvalId);
    expect(conflicted).toMatchObject({
      changeStatus: 'approved',
      conflicts: [{ itemId: null, message: expect.stringMatching(/已被修改/) }],
    });
    const detail = (await f.call('GET', `/alarm/op/working/${condition.id}`, f.engineer)).json().data;
    expect(detail).toMatchObject({ description: '开车阶段', version: 2, overrides: [] });

    const active = await f.call('DELETE', `/alarm/op/working/${condition.id}`, f.engineer);
    expect(active.statusCode).toBe(409);
    expect(active.json().msg).toMatch(/当前工况，不能删除/);
  });
});

describe('demo seed of conditions and change management', { timeout: SLOW }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build();
    await seedDemoData(t.database.db, Date.UTC(2026, 0, 31));
  }, SLOW);
  afterAll(() => t?.close());

  it('seeds conditions with 正常运行 active, a two-step flow per type and requests in every state', async () => {
    const admin = await t.createUser({ roles: ['管理员'] });
    const get = async (url: string) =>
      (await t.app.inject({ url: `/api${url}`, headers: admin.authorization })).json().data;
    const units = await get('/alarm/op/working/units');
    expect(units.length).toBe(4);
    for (const unit of units) expect(unit).toMatchObject({ conditionCount: 3, activeCondition: '正常运行' });
    expect((await get(`/alarm/op/working/switches?unitId=${units[0].unitId}`)).total).toBe(4);

    const flows = (await get('/alarm/base/examine/config')).list;
    expect(flows.map((flow: { businessType: string }) => flow.businessType).sort()).toEqual([
      'alarmChange',
      'operatingCondition',
      'priorityMatrix',
      'templateApplication',
    ]);
    for (const flow of flows) {
      expect(flow.active).toBe(true);
      // Each step its own roles: nobody is listed on both (docs/domain.md, "Separation-of-duties rules").
      expect(
        flow.steps.map((step: { approvers: { name: string }[] }) => step.approvers.map((approver) => approver.name)),
      ).toEqual([['报警工程师', '审核员'], ['审批人']]);
    }

    const changes = (await get('/alarm/op/update')).list;
    expect(
      changes.map((change: { status: string; approval: { currentStep: number | null } | null }) => [
        change.status,
        change.approval?.currentStep ?? null,
      ]),
    ).toEqual([
      ['rejected', null],
      ['applied', null],
      ['pending', 2],
      ['pending', 1],
      ['draft', null],
    ]);
    const applied = changes.find((change: { status: string }) => change.status === 'applied');
    const detail = await get(`/alarm/op/update/${applied.id}`);
    const audit = await get(`/alarm/bases/list/${detail.items[0].pointId}`);
    expect(audit.changes[0]).toMatchObject({ source: 'moc', changeRequestId: applied.id });
    // The initiator `eng` has nothing to decide; the administrator is on no step; 审核员 and 审批人 one each.
    const todo = async (roles: string[]) => {
      const user = await t.createUser({ roles });
      const url = '/api/alarm/approve/list?scope=todo';
      return (await t.app.inject({ url, headers: user.authorization })).json().data.total;
    };
    expect((await get('/alarm/approve/list?scope=todo')).total).toBe(0);
    expect(await todo(['审核员'])).toBe(1);
    expect(await todo(['审批人'])).toBe(1);
    expect(changes.every((change: { initiator: { username: string } }) => change.initiator.username === 'eng')).toBe(
      true,
    );
  });
});
