/**
 * Separation of duties and explicit flow activation (docs/domain.md, "Separation-of-duties rules" and
 * "Approval flows"): the initiator never approves their own request, one person decides one step of a
 * request (relaxable per business type), a submit into a step nobody may decide is refused before anything
 * is stored; saving a flow never changes the active one, 启用 and 停用 are their own acts.
 */
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../../server/seed/roles';
import { SLOW, type TestUser } from './helpers';
import { useMocFixture } from './moc-fixtures';

const CONFIG = '/alarm/base/examine/config';

describe('separation of duties', { timeout: SLOW }, () => {
  const { t, f } = useMocFixture();

  let counter = 0;
  /** A request of `businessType` by `as`, submitted at once; the raw answer. */
  const create = (as: TestUser, businessType = 'alarmChange') => {
    counter += 1;
    return f.call('POST', '/alarm/op/update', as, {
      title: `分离 ${counter}`,
      reason: '测试',
      riskLevel: 'low',
      businessType,
      items: [{ pointId: f.points['FIC-102'], field: 'deadband', after: counter }],
      submit: true,
    });
  };
  const submitted = async (as: TestUser, businessType = 'alarmChange') => {
    const response = await create(as, businessType);
    expect(response.json()).toMatchObject({ code: 0 });
    return response.json().data.approval.approvalId as number;
  };
  const decide = (id: number, as: TestUser) => f.call('POST', `/alarm/approve/list/${id}/approve`, as, {});
  const row = async (id: number, as: TestUser) =>
    (await f.call('GET', '/alarm/approve/list?scope=all&pageSize=100', as))
      .json()
      .data.list.find((item: { id: number }) => item.id === id);

  /** A flow saved and activated for `businessType`. */
  async function activeFlow(name: string, businessType: string, steps: object[]) {
    const saved = await f.call('POST', CONFIG, f.admin, { name, businessType, steps });
    expect(saved.json()).toMatchObject({ code: 0 });
    const activated = await f.call('POST', `${CONFIG}/${saved.json().data.id}/activate`, f.admin);
    expect(activated.json()).toMatchObject({ code: 0, data: { active: true } });
    return saved.json().data.id as number;
  }

  it('refuses the initiator as approver of their own request, and the list says why', async () => {
    const id = await submitted(f.engineer);
    const own = await decide(id, f.engineer);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 403, msg: '发起人不能审批自己的变更' });
    expect(await row(id, f.engineer)).toMatchObject({ canDecide: false, decideBlock: '发起人不能审批自己的变更' });
    expect(await row(id, f.engineer2)).toMatchObject({ canDecide: true, decideBlock: null });
    const todo = (await f.call('GET', '/alarm/approve/list?scope=todo&pageSize=100', f.engineer)).json().data;
    expect(todo.list.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it('lets one person decide one step of a request, unless the business type relaxes it — never the first rule', async () => {
    const both = await t.createUser({ roles: [ROLE_NAMES.approver] });
    await activeFlow('同一人两步', 'templateApplication', [
      {
        name: '审核',
        mode: 'any',
        approvers: [
          { kind: 'user', id: both.id },
          { kind: 'user', id: f.engineer.id },
        ],
      },
      {
        name: '批准',
        mode: 'any',
        approvers: [
          { kind: 'user', id: both.id },
          { kind: 'role', id: f.roleIds[ROLE_NAMES.approver] },
        ],
      },
    ]);
    const id = await submitted(f.engineer, 'templateApplication');
    expect((await decide(id, f.engineer)).json().msg).toBe('发起人不能审批自己的变更');
    expect((await decide(id, both)).statusCode).toBe(200);
    const second = await decide(id, both);
    expect(second.statusCode).toBe(403);
    expect(second.json().msg).toBe('你已审批本申请的第 1 步「审核」：同一人只能审批同一申请的一个步骤');
    expect(await row(id, both)).toMatchObject({
      canDecide: false,
      decideBlock: '你已审批本申请的第 1 步「审核」：同一人只能审批同一申请的一个步骤',
    });
    expect((await decide(id, f.approver)).json().data).toMatchObject({ changeStatus: 'applied' });

    const relax = await f.call('PUT', `${CONFIG}/business-types/templateApplication`, f.admin, {
      oneStepPerPerson: false,
    });
    expect(relax.json()).toMatchObject({
      code: 0,
      data: { businessType: 'templateApplication', oneStepPerPerson: false, updatedBy: f.admin.username },
    });
    expect(relax.json().data.updatedAt).toEqual(expect.any(String));
    const relaxed = await submitted(f.engineer, 'templateApplication');
    // The initiator stays refused when relaxed.
    expect((await decide(relaxed, f.engineer)).json()).toMatchObject({ code: 403, msg: '发起人不能审批自己的变更' });
    expect((await decide(relaxed, both)).statusCode).toBe(200);
    expect((await decide(relaxed, both)).json().data).toMatchObject({ changeStatus: 'applied' });

    const bad = await f.call('PUT', `${CONFIG}/business-types/templateApplication`, f.admin, {
      oneStepPerPerson: '也许',
    });
    expect(bad.statusCode).toBe(400);
    const unknownType = await f.call('PUT', `${CONFIG}/business-types/nothing`, f.admin, { oneStepPerPerson: true });
    expect(unknownType.statusCode).toBe(400);
    const notEditor = await f.call('PUT', `${CONFIG}/business-types/templateApplication`, f.engineer, {
      oneStepPerPerson: true,
    });
    expect(notEditor.statusCode).toBe(403);
    const history = (await f.call('GET', `${CONFIG}/business-types`, f.engineer)).json().data;
    expect(history.find((item: { businessType: string }) => item.businessType === 'templateApplication')).toMatchObject(
      { oneStepPerPerson: false, updatedBy: f.admin.username, activeFlow: { name: '同一人两步' } },
    );
  });

  it('refuses a submit into a step nobody else may decide, naming the step, before anything is stored', async () => {
    const lone = await t.createUser({ roles: [ROLE_NAMES.engineer] });
    const other = await t.createUser({ roles: [ROLE_NAMES.approver] });
    await activeFlow('发起人自审', 'templateApplication', [
      { name: '自审', mode: 'any', approvers: [{ kind: 'user', id: lone.id }] },
      { name: '批准', mode: 'any', approvers: [{ kind: 'user', id: other.id }] },
    ]);
    await f.call('PUT', `${CONFIG}/business-types/templateApplication`, f.admin, { oneStepPerPerson: true });
    const count = async () => (await f.call('GET', '/alarm/op/update?pageSize=1', f.admin)).json().data.total;
    const before = await count();
    const refused = await create(lone, 'templateApplication');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      '第 1 步「自审」没有可审批的人：其审批人只有发起人本人，发起人不能审批自己的变更，无法提交；请在「审批配置」中为该步骤增加其他审批人',
    );
    expect(await count()).toBe(before);

    await activeFlow('一人两步', 'templateApplication', [
      { name: '审核', mode: 'any', approvers: [{ kind: 'user', id: other.id }] },
      { name: '批准', mode: 'any', approvers: [{ kind: 'user', id: other.id }] },
    ]);
    const twice = await create(lone, 'templateApplication');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe(
      '第 2 步「批准」没有可审批的人：其审批人都要审批本申请的其他步骤，同一人只能审批同一申请的一个步骤，无法提交；请在「审批配置」中为该步骤增加其他审批人',
    );
    expect(await count()).toBe(before);
    await f.call('PUT', `${CONFIG}/business-types/templateApplication`, f.admin, { oneStepPerPerson: false });
    expect((await create(lone, 'templateApplication')).statusCode).toBe(200);
    await f.call('PUT', `${CONFIG}/business-types/templateApplication`, f.admin, { oneStepPerPerson: true });
  });
});

describe('flow activation', { timeout: SLOW }, () => {
  const { f } = useMocFixture();

  const steps = () => [
    { name: '审核', mode: 'any', approvers: [{ kind: 'role', id: f.roleIds[ROLE_NAMES.engineer] }] },
  ];
  const activeOf = async (businessType: string) =>
    (await f.call('GET', `${CONFIG}/business-types`, f.admin))
      .json()
      .data.find((item: { businessType: string }) => item.businessType === businessType).activeFlow;

  it('never changes the active flow on save; 启用 replaces it explicitly', async () => {
    const before = await activeOf('alarmChange');
    expect(before).toMatchObject({ name: 'alarmChange 流程' });
    const saved = (
      await f.call('POST', CONFIG, f.admin, { name: '新的报警变更流程', businessType: 'alarmChange', steps: steps() })
    ).json().data;
    expect(saved.active).toBe(false);
    expect(await activeOf('alarmChange')).toEqual(before);
    const withActive = await f.call('POST', CONFIG, f.admin, {
      name: '带启用的流程',
      businessType: 'alarmChange',
      active: true,
      steps: steps(),
    });
    expect(withActive.json().data.active).toBe(false);
    expect(await activeOf('alarmChange')).toEqual(before);

    const edited = await f.call('PUT', `${CONFIG}/${before.id}`, f.admin, {
      name: 'alarmChange 流程',
      businessType: 'alarmChange',
      steps: steps(),
      version: 1,
    });
    expect(edited.json().data).toMatchObject({ active: true, version: 2 });

    expect((await f.call('POST', `${CONFIG}/${saved.id}/activate`, f.engineer)).statusCode).toBe(403);
    const activated = await f.call('POST', `${CONFIG}/${saved.id}/activate`, f.admin);
    expect(activated.json()).toMatchObject({ code: 0, data: { id: saved.id, active: true } });
    expect(await activeOf('alarmChange')).toMatchObject({ id: saved.id, name: '新的报警变更流程' });
    const old = (await f.call('GET', `${CONFIG}/${before.id}`, f.admin)).json().data;
    expect(old.active).toBe(false);
    expect((await f.call('POST', `${CONFIG}/999999/activate`, f.admin)).statusCode).toBe(404);
  });

  it('refuses to disable or delete the active flow while requests of its type are pending', async () => {
    const active = await activeOf('operatingCondition');
    const pending = await f.call('POST', '/alarm/op/update', f.engineer, {
      title: '待审批',
      reason: '测试',
      riskLevel: 'low',
      businessType: 'alarmChange',
      items: [{ pointId: f.points['FIC-101'], field: 'deadband', after: 7 }],
      submit: true,
    });
    expect(pending.json()).toMatchObject({ code: 0 });
    // A pending request of another type does not hold this one's flow.
    const other = await f.call('POST', `${CONFIG}/${active.id}/deactivate`, f.admin);
    expect(other.json()).toMatchObject({ code: 0, data: { active: false } });
    expect(await activeOf('operatingCondition')).toBeNull();

    const alarm = await activeOf('alarmChange');
    const disable = await f.call('POST', `${CONFIG}/${alarm.id}/deactivate`, f.admin);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().msg).toBe(
      `「报警变更」还有 1 个审批中的申请，不能停用或删除其启用的流程「${alarm.name}」：请待其审批结束后再操作`,
    );
    const remove = await f.call('DELETE', `${CONFIG}/${alarm.id}`, f.admin);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().msg).toBe(disable.json().msg);
    expect(await activeOf('alarmChange')).toMatchObject({ id: alarm.id });

    const approvalId = pending.json().data.approval.approvalId;
    const approved = await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, {});
    expect(approved.json().data).toMatchObject({ changeStatus: 'applied' });
    const removed = await f.call('DELETE', `${CONFIG}/${alarm.id}`, f.admin);
    expect(removed.json()).toMatchObject({ code: 0 });
    expect(await activeOf('alarmChange')).toBeNull();
  });
});
