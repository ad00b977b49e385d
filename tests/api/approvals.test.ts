/** 审批管理 endpoints: the three tabs, approver-only decisions, rejection, revocation and archiving. */
import { describe, expect, it } from 'vitest';
import { SLOW } from './helpers';
import { useMocFixture } from './moc-fixtures';

describe('approvals API', { timeout: SLOW }, () => {
  const { t, f } = useMocFixture();

  const submit = async (title: string) => {
    const response = await f.call('POST', '/alarm/op/update', f.engineer, {
      title,
      reason: '测试',
      riskLevel: 'low',
      businessType: 'alarmChange',
      items: [{ pointId: f.points['FIC-101'], field: 'deadband', after: 1 }],
      submit: true,
    });
    return response.json().data.approval.approvalId as number;
  };

  it('lists 待我审批 for the current step’s approvers only, 我发起的 for the initiator', async () => {
    const id = await submit('待审批');
    const todo = async (as = f.engineer2) => (await f.call('GET', '/alarm/approve/list?scope=todo', as)).json().data;
    expect((await todo()).list.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await todo()).list[0]).toMatchObject({
      canDecide: true,
      canRevoke: false,
      canArchive: false,
      steps: [{ state: 'current' }, { state: 'waiting' }],
    });
    expect((await todo(f.approver)).total).toBe(0);
    const mine = (await f.call('GET', '/alarm/approve/list?scope=mine', f.engineer)).json().data;
    expect(mine.list[0]).toMatchObject({ id, canRevoke: true, initiator: { username: f.engineer.username } });
    expect((await f.call('GET', '/alarm/approve/list?scope=mine', f.approver)).json().data.total).toBe(0);

    await f.call('POST', `/alarm/approve/list/${id}/approve`, f.engineer2, { comment: '可以' });
    expect((await todo()).total).toBe(0);
    const atStep2 = (await todo(f.approver)).list[0];
    expect(atStep2.steps[0].decisions).toEqual([
      expect.objectContaining({
        decision: 'approve',
        comment: '可以',
        user: expect.objectContaining({ username: f.engineer2.username }),
      }),
    ]);
  });

  it('refuses a decision from someone who is not an approver of the current step (403)', async () => {
    const id = await submit('越权审批');
    const response = await f.call('POST', `/alarm/approve/list/${id}/approve`, f.approver, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, msg: expect.stringMatching(/不是当前审批步骤的审批人/) });
    const twice = await f.call('POST', `/alarm/approve/list/${id}/approve`, f.engineer2, {});
    expect(twice.statusCode).toBe(200);
    const again = await f.call('POST', `/alarm/approve/list/${id}/approve`, f.engineer2, {});
    expect(again.statusCode).toBe(403);
    const noView = await t.createUser({ roles: ['操作员'] });
    expect((await f.call('POST', `/alarm/approve/list/${id}/approve`, noView, {})).statusCode).toBe(403);
  });

  it('rejects with a required comment, ending the request', async () => {
    const id = await submit('驳回');
    const empty = await f.call('POST', `/alarm/approve/list/${id}/reject`, f.engineer2, { comment: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('驳回时必须填写审批意见');
    const rejected = (
      await f.call('POST', `/alarm/approve/list/${id}/reject`, f.engineer2, { comment: '理由不足' })
    ).json().data;
    expect(rejected).toMatchObject({
      status: 'rejected',
      changeStatus: 'rejected',
      canArchive: true,
      steps: [{ state: 'rejected' }, { state: 'skipped' }],
    });
    expect((await f.call('POST', `/alarm/approve/list/${id}/approve`, f.engineer2, {})).statusCode).toBe(409);
  });

  it('lets only the initiator revoke while pending, and archives only ended records', async () => {
    const id = await submit('撤回');
    const approverWithRevoke = await t.createUser({ roles: ['审批人'] });
    const notMine = await f.call('POST', `/alarm/approve/list/${id}/revoke`, approverWithRevoke, {});
    expect(notMine.statusCode).toBe(403);
    // The engineer role lacks the revoke action of 审批管理.
    expect((await f.call('POST', `/alarm/approve/list/${id}/revoke`, f.engineer, {})).statusCode).toBe(403);
    const initiator = await t.createUser({ roles: ['报警工程师', '审批人'] });
    const own = (
      await f.call('POST', '/alarm/op/update', initiator, {
        title: '自己撤回',
        reason: '测试',
        riskLevel: 'low',
        businessType: 'alarmChange',
        items: [{ pointId: f.points['FIC-102'], field: 'deadband', after: 1 }],
        submit: true,
      })
    ).json().data.approval.approvalId;
    const pendingArchive = await f.call('POST', `/alarm/approve/list/${own}/archive`, initiator);
    expect(pendingArchive.statusCode).toBe(409);
    const revoked = (
      await f.call('POST', `/alarm/approve/list/${own}/revoke`, initiator, { comment: '重新评估' })
    ).json().data;
    expect(revoked).toMatchObject({ status: 'revoked', changeStatus: 'revoked' });
    expect(revoked.change.transitions.at(-1)).toMatchObject({
      action: 'revoke',
      from: 'pending',
      to: 'revoked',
      comment: '重新评估',
    });
    expect((await f.call('POST', `/alarm/approve/list/${own}/revoke`, initiator, {})).statusCode).toBe(409);
    expect((await f.call('POST', `/alarm/approve/list/${own}/archive`, initiator)).json()).toMatchObject({ code: 0 });
    // Archived, not deleted: the record and its request stay readable.
    expect((await f.call('GET', `/alarm/approve/list/${own}`, initiator)).json().data).toMatchObject({
      changeStatus: 'revoked',
      archivedAt: expect.any(String),
      canArchive: false,
    });
  });

  it('exports the list', async () => {
    const response = await f.call('GET', '/alarm/approve/list/export?scope=all', f.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/approvals-\d{14}\.xlsx/);
  });
});
