/** 审批配置 endpoints: flows with ordered steps, validation, one active flow per type, deletion rules. */
import { describe, expect, it } from 'vitest';
import { SLOW } from './helpers';
import { useMocFixture } from './moc-fixtures';

describe('approval flows API', { timeout: SLOW }, () => {
  const { f } = useMocFixture();

  const flow = (steps: object[], extra: object = {}) => ({
    name: '新流程',
    businessType: 'alarmChange',
    steps,
    ...extra,
  });

  it('refuses flows without steps, steps without approvers, and unknown approvers', async () => {
    const cases: [object[], string][] = [
      [[], '审批流程至少需要一个步骤'],
      [[{ name: '审核', mode: 'any', approvers: [] }], '第 1 步：至少需要一个审批人（用户或角色）'],
      [
        [{ name: '审核', mode: 'all', approvers: [{ kind: 'user', id: 999999 }] }],
        '审批人无效：用户 #999999 不存在或已停用',
      ],
    ];
    for (const [steps, msg] of cases) {
      const response = await f.call('POST', '/alarm/base/examine/config', f.admin, flow(steps));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 1, msg, data: null });
    }
    expect((await f.call('POST', '/alarm/base/examine/config', f.engineer, flow([]))).statusCode).toBe(403);
  });

  it('creates a flow in order, inactive until 启用 deactivates the type’s other one, and refuses stale edits', async () => {
    const created = await f.call(
      'POST',
      '/alarm/base/examine/config',
      f.admin,
      flow([
        {
          name: '会签',
          mode: 'all',
          approvers: [
            { kind: 'user', id: f.engineer.id },
            { kind: 'user', id: f.engineer2.id },
          ],
        },
        { name: '批准', mode: 'any', approvers: [{ kind: 'role', id: f.roleIds.审批人 }] },
      ]),
    );
    const saved = created.json().data;
    expect(saved).toMatchObject({ active: false });
    expect(
      (await f.call('POST', `/alarm/base/examine/config/${saved.id}/activate`, f.admin)).json().data,
    ).toMatchObject({
      version: 1,
      active: true,
      steps: [
        { position: 1, mode: 'all' },
        { position: 2, approvers: [{ kind: 'role', name: '审批人' }] },
      ],
    });
    const list = (await f.call('GET', '/alarm/base/examine/config?businessType=alarmChange', f.admin)).json().data.list;
    expect(list.filter((row: { active: boolean }) => row.active).map((row: { id: number }) => row.id)).toEqual([
      saved.id,
    ]);
    const stale = await f.call(
      'PUT',
      `/alarm/base/examine/config/${saved.id}`,
      f.admin,
      flow([{ name: '批准', mode: 'any', approvers: [{ kind: 'role', id: f.roleIds.审批人 }] }], { version: 99 }),
    );
    expect(stale.statusCode).toBe(409);
    const options = (await f.call('GET', '/alarm/base/examine/config/options', f.admin)).json().data;
    expect(options.roles.map((role: { name: string }) => role.name)).toContain('审批人');
  });

  it('needs every approver of an `all` step, and refuses deleting a flow while approvals use it', async () => {
    const active = (
      await f.call('GET', '/alarm/base/examine/config?businessType=alarmChange&name=新流程', f.admin)
    ).json().data.list[0];
    const change = (
      await f.call('POST', '/alarm/op/update', f.admin, {
        title: '会签测试',
        reason: '测试',
        riskLevel: 'low',
        businessType: 'alarmChange',
        items: [{ pointId: f.points['FIC-101'], field: 'enabled', after: false }],
        submit: true,
      })
    ).json().data;
    const approvalId = change.approval.approvalId;
    const inUse = await f.call('DELETE', `/alarm/base/examine/config/${active.id}`, f.admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toMatch(/「报警变更」还有 1 个审批中的申请，不能停用或删除其启用的流程「新流程」/);

    const first = (await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer, {})).json().data;
    expect(first.currentStep).toBe(1);
    const second = (await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, {})).json().data;
    expect(second.currentStep).toBe(2);
    const done = (await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.approver, {})).json().data;
    expect(done.changeStatus).toBe('applied');

    expect((await f.call('DELETE', `/alarm/base/examine/config/${active.id}`, f.admin)).json()).toMatchObject({
      code: 0,
    });
    const ended = (await f.call('GET', `/alarm/approve/list/${approvalId}`, f.admin)).json().data;
    expect(ended).toMatchObject({ flowId: null, flowName: '新流程' });
  });
});
