/**
 * The MOC client (src/services/moc.ts) against the real server, every function called as its page calls
 * it: 多工况管理 (conditions proposed, switched, deleted), 变更管理 (drafts saved, edited, submitted,
 * deleted, taken over, archived, drafted from a template, a request's audit), 审批管理 (listed, opened,
 * approved, rejected, revoked, archived) and 审批配置 (flows created, edited, deleted); the exports answer a
 * workbook.
 */
import * as moc from '@/services/moc';
import { setToken } from '@/utils/session';
import { expectWorkbook, realServer, recorded, START } from './harness';

const { api } = realServer();

/** A fresh sign-in token of a demo user, as 权限配置 would issue it. */
async function tokenOf(username: string): Promise<string> {
  const { users, tokens } = api().app.repositories;
  const user = await users.findByUsername(username);
  if (!user) throw new Error(`the demo seed has no ${username}`);
  return (await tokens.issue(user.id, 1)).token;
}
/** The client with each call noted: every function must be called by the tests below. */
const client = recorded(moc);

/** A pending request of the admin's own: one point's priority changed, saved and submitted at once. */
async function submittedChange(title: string) {
  const points = await client.fetchChangeablePoints({ current: 1, pageSize: 5 });
  const point = points.list[0];
  const change = await client.saveChange({
    title,
    reason: '服务调用测试',
    riskLevel: 'low',
    businessType: 'alarmChange',
    items: [{ pointId: point.id, field: 'priority', after: point.priority === 'low' ? 'medium' : 'low' }],
    submit: true,
  });
  const approvals = await client.fetchApprovals({ scope: 'mine', status: 'pending', current: 1, pageSize: 50 });
  const approval = approvals.list.find((row) => row.changeRequestId === change.id);
  if (!approval) throw new Error(`no pending approval for change ${change.id}`);
  return approval;
}

describe('多工况管理 calls on the real server', () => {
  it(
    'lists units, conditions, switches and points, opens a condition and a point’s effective settings',
    async () => {
      const units = await client.fetchConditionUnits();
      const unit = units.find((row) => row.activeConditionId !== null);
      if (!unit) throw new Error('no unit with an active condition');
      const conditions = await client.fetchConditions({ unitId: unit.unitId, current: 1, pageSize: 20 });
      expect(conditions.total).toBe(unit.conditionCount);
      const detail = await client.fetchCondition(conditions.list[0].id);
      expect(detail.unitId).toBe(unit.unitId);
      const switches = await client.fetchSwitches({ unitId: unit.unitId, current: 1, pageSize: 20 });
      expect(switches.list[0].unitId).toBe(unit.unitId);
      const points = await client.fetchConditionPoints({ unitId: unit.unitId, current: 1, pageSize: 5 });
      expect(points.list[0].unitId).toBe(unit.unitId);
      const effective = await client.fetchEffectiveSettings(points.list[0].id);
      expect(effective.conditions.map((row) => row.conditionId)).toContain(unit.activeConditionId);
      await expectWorkbook('GET /alarm/op/working/export', { unitId: unit.unitId });
    },
    START,
  );

  it('proposes a new condition and new settings of one, switches, and deletes an inactive one', async () => {
    const unit = (await client.fetchConditionUnits()).find((row) => row.activeConditionId !== null);
    if (!unit?.activeConditionId) throw new Error('no unit with an active condition');
    const points = await client.fetchConditionPoints({ unitId: unit.unitId, current: 1, pageSize: 1 });
    const proposed = await client.proposeCondition({
      reason: '服务调用测试',
      riskLevel: 'low',
      unitId: unit.unitId,
      name: '服务测试工况',
      overrides: [
        {
          pointId: points.list[0].id,
          enabled: false,
          limitValue: null,
          priority: null,
          deadband: null,
          onDelaySeconds: null,
          offDelaySeconds: null,
        },
      ],
    });
    expect(proposed).toMatchObject({ status: 'draft', businessType: 'operatingCondition' });

    const { list } = await client.fetchConditions({ unitId: unit.unitId, current: 1, pageSize: 50 });
    const other = list.find((row) => !row.active && row.openChangeRequestId === null);
    if (!other) throw new Error('no inactive condition without an open request');
    const changed = await client.proposeCondition(
      { reason: '服务调用测试', riskLevel: 'low', unitId: unit.unitId, name: other.name, overrides: [] },
      other.id,
    );
    expect(changed.condition?.conditionId).toBe(other.id);
    await client.deleteChange(changed.id);

    const switched = await client.switchCondition({ unitId: unit.unitId, conditionId: other.id, note: '服务调用测试' });
    expect(switched).toMatchObject({ conditionId: other.id, previousCondition: unit.activeCondition });
    const back = await client.switchCondition({ unitId: unit.unitId, conditionId: unit.activeConditionId });
    expect(back.conditionId).toBe(unit.activeConditionId);
    await expect(client.deleteCondition(other.id)).resolves.toEqual({ id: other.id });
  });
});

describe('变更管理 calls on the real server', () => {
  it('saves a draft, edits it, submits it (the route takes no body), and deletes another draft', async () => {
    const points = await client.fetchChangeablePoints({ current: 1, pageSize: 5 });
    const [first, second] = points.list;
    const body = {
      title: '服务调用测试草稿',
      reason: '服务调用测试',
      riskLevel: 'low' as const,
      businessType: 'alarmChange' as const,
      items: [{ pointId: first.id, field: 'deadband' as const, after: 2 }],
    };
    const draft = await client.saveChange(body);
    const edited = await client.saveChange(
      { ...body, items: [...body.items, { pointId: second.id, field: 'enabled', after: false }] },
      draft.id,
    );
    expect(edited.items).toHaveLength(2);
    const submitted = await client.submitChange(draft.id);
    expect(submitted.status).toBe('pending');

    const other = await client.saveChange({ ...body, title: '服务调用测试删除' });
    await expect(client.deleteChange(other.id)).resolves.toEqual({ id: other.id });

    const page = await client.fetchChanges({ status: 'pending', mine: true, current: 1, pageSize: 50 });
    expect(page.list.map((row) => row.id)).toContain(draft.id);
    const opened = await client.fetchChange(draft.id);
    expect(opened.transitions.map((row) => row.action)).toEqual(['create', 'edit', 'submit']);
    await expectWorkbook('GET /alarm/op/update/export', { status: 'pending' });
  });

  it('archives an ended request from 变更管理, and takes over someone else’s draft (接管)', async () => {
    const revoked = await client.revokeApproval((await submittedChange('归档测试')).id);
    await expect(client.archiveChange(revoked.changeRequestId)).resolves.toEqual({ id: revoked.changeRequestId });
    const archived = await client.fetchChanges({ archive: 'archived', current: 1, pageSize: 50 });
    expect(archived.list.map((row) => row.id)).toContain(revoked.changeRequestId);
    const current = await client.fetchChanges({ current: 1, pageSize: 50 });
    expect(current.list.map((row) => row.id)).not.toContain(revoked.changeRequestId);

    const { repositories } = api().app;
    const engineer = await repositories.users.create({ username: 'takeover-engineer', name: '原发起人', roleIds: [] });
    if (!engineer) throw new Error('the engineer exists already');
    const points = await client.fetchChangeablePoints({ current: 1, pageSize: 1 });
    const draftId = await api().app.transaction((tx) =>
      repositories.changes.create(
        {
          title: '他人的草稿',
          reason: '服务调用测试',
          riskLevel: 'low',
          businessType: 'alarmChange',
          items: [{ pointId: points.list[0].id, field: 'deadband', after: 3 }],
          condition: null,
          matrix: null,
          templateId: null,
          equipmentId: null,
        },
        engineer.id,
        tx,
      ),
    );
    const taken = await client.takeOverChange(draftId);
    expect(taken.initiator.username).toBe('admin');
    expect(taken.transitions.at(-1)).toMatchObject({
      action: 'takeover',
      comment: expect.stringMatching(/^由 原发起人/),
    });
  });

  it('drafts a change from a template’s deviations, as the evaluation page asks', async () => {
    const templates = await api().app.inject({
      method: 'GET',
      url: '/api/alarm/template/list?current=1&pageSize=50',
      headers: { authorization: `Bearer ${api().adminToken}` },
    });
    const template = (templates.json().data.list as { id: number; name: string }[]).find(
      (row) => row.name === '换热器标准报警模板',
    );
    if (!template) throw new Error('the demo plant has no heat-exchanger template');
    const { change, skipped } = await client.draftFromTemplate({ templateId: template.id });
    expect(change).toMatchObject({ status: 'draft', businessType: 'templateApplication', templateId: template.id });
    expect(skipped).toEqual({ missing: expect.any(Number), extra: expect.any(Number), noRange: expect.any(Number) });
  });

  it('drafts one request bringing the demo plant’s mismatching points to the suggested priority', async () => {
    const { change, skipped } = await client.draftFromSuggestions({ filters: { priorityMismatch: 1 } });
    expect(change).toMatchObject({ status: 'draft', businessType: 'alarmChange' });
    expect(change.items.length).toBeGreaterThan(0);
    expect(change.items.every((item) => item.field === 'priority' && item.after !== item.before)).toBe(true);
    expect(skipped).toEqual({ noSuggestion: 0, noAlarm: expect.any(Number), matching: 0 });
  });

  it('names the pages a request or a condition opens in', () => {
    expect(client.changePage(7)).toBe('/alarm/op/update?open=7');
    expect(client.editConditionPage(3)).toBe('/alarm/op2/working/create?id=3');
    expect(client.editDraftPage({ id: 5, businessType: 'operatingCondition' })).toBe(
      '/alarm/op2/working/create?change=5',
    );
    expect(client.editDraftPage({ id: 5, businessType: 'alarmChange' })).toBe('/alarm/op3/update?id=5');
  });
});

describe('审批管理 calls on the real server', () => {
  it(
    'lists and opens approvals as the page asks for them',
    async () => {
      const all = await client.fetchApprovals({ scope: 'all', current: 1, pageSize: 20 });
      expect(all.total).toBeGreaterThan(0);
      const detail = await client.fetchApproval(all.list[0].id);
      expect(detail.change.id).toBe(all.list[0].changeRequestId);
      await expectWorkbook('GET /alarm/approve/list/export', { scope: 'all' });
    },
    START,
  );

  it('revokes a pending request as its initiator (撤回)', async () => {
    const approval = await submittedChange('撤回测试');
    expect(approval.canRevoke).toBe(true);
    const revoked = await client.revokeApproval(approval.id);
    expect(revoked.status).toBe('revoked');
    expect(revoked.change.status).toBe('revoked');
  });

  it('refuses the initiator, approves a step as 审核员 and rejects the next as 审批人, then archives the ended record as 管理员', async () => {
    // 报警工程师 is listed on the first step, so only the initiator rule keeps him from deciding his own.
    setToken(await tokenOf('eng'));
    const approval = await submittedChange('审批测试');
    expect(approval).toMatchObject({ canDecide: false, decideBlock: '发起人不能审批自己的变更' });
    await expect(client.decideApproval(approval.id, 'approve', { comment: '同意' })).rejects.toMatchObject({
      message: '发起人不能审批自己的变更',
    });
    setToken(await tokenOf('reviewer'));
    const approved = await client.decideApproval(approval.id, 'approve', { comment: '同意' });
    expect(approved.currentStep).toBe(2);
    setToken(await tokenOf('approver'));
    const rejected = await client.decideApproval(approval.id, 'reject', { comment: '限值依据不足' });
    expect(rejected.status).toBe('rejected');
    setToken(api().adminToken);
    await expect(client.archiveApproval(approval.id)).resolves.toEqual({ id: approval.id });
    const archived = await client.fetchApprovals({ scope: 'all', archive: 'archived', current: 1, pageSize: 50 });
    expect(archived.list.map((row) => row.id)).toContain(approval.id);
    const kept = await client.fetchChange(approval.changeRequestId);
    expect(kept).toMatchObject({ status: 'rejected', archivedAt: expect.any(String) });
    expect(kept.transitions.map((row) => row.action)).toEqual(['create', 'submit', 'approveStep', 'reject', 'archive']);
    await expectWorkbook('GET /alarm/op/update/:id/audit', undefined, { id: approval.changeRequestId });
  });
});

describe('审批配置 calls on the real server', () => {
  it('lists flows, creates one with an approver picked from the options, edits it and deletes it', async () => {
    const options = await client.fetchFlowOptions();
    const admin = options.users.find((user) => user.username === 'admin');
    if (!admin) throw new Error('no admin among the approvers to pick');
    const body = {
      name: '服务调用测试流程',
      businessType: 'alarmChange' as const,
      steps: [{ name: '审核', mode: 'any' as const, approvers: [{ kind: 'user' as const, id: admin.id }] }],
    };
    const created = await client.saveFlow(body);
    const edited = await client.saveFlow({ ...body, description: '改过', version: created.version }, created.id);
    expect(edited).toMatchObject({ description: '改过', version: created.version + 1 });
    expect((await client.fetchFlow(created.id)).steps[0].approvers).toEqual([
      { kind: 'user', id: admin.id, name: admin.name },
    ]);
    const page = await client.fetchFlows({ businessType: 'alarmChange', current: 1, pageSize: 20 });
    expect(page.list.map((row) => row.id)).toContain(created.id);
    const activeOf = async () =>
      (await client.fetchBusinessTypeSettings()).find((row) => row.businessType === 'alarmChange')?.activeFlow;
    const seeded = await activeOf();
    expect(created.active).toBe(false);
    await expect(client.activateFlow(created.id)).resolves.toMatchObject({ active: true });
    expect(await activeOf()).toEqual({ id: created.id, name: body.name });
    if (seeded) await client.activateFlow(seeded.id);
    await expect(client.deactivateFlow(created.id)).resolves.toMatchObject({ active: false });
    await expect(client.deleteFlow(created.id)).resolves.toEqual({ id: created.id });
    expect(client.flowEditorPage(created.id)).toBe(`/alarm/base/examine/config2/child?id=${created.id}`);
    expect(client.flowEditorPage()).toBe('/alarm/base/examine/config2/child');
  });

  it('relaxes and restores “one person decides one step” for a business type, naming who did it', async () => {
    const relaxed = await client.saveBusinessTypeSetting('templateApplication', { oneStepPerPerson: false });
    expect(relaxed).toMatchObject({ businessType: 'templateApplication', oneStepPerPerson: false, updatedBy: 'admin' });
    const restored = await client.saveBusinessTypeSetting('templateApplication', { oneStepPerPerson: true });
    expect(restored.oneStepPerPerson).toBe(true);
  });

  it('exports the flows the list’s filters show', async () => {
    await expectWorkbook('GET /alarm/base/examine/config/export', { businessType: 'alarmChange' });
  });
});
