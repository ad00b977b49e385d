/**
 * 审批管理's calls (src/services/moc.ts, approvals part) against the real server: listed, opened,
 * approved, rejected with a comment, revoked by the initiator while pending, deleted once ended.
 */
import * as moc from '@/services/moc';
import { realServer, START } from './harness';

realServer();

/** A pending request of the admin's own: one point's priority changed, saved and submitted at once. */
async function submitChange(title: string) {
  const points = await moc.fetchChangeablePoints({ current: 1, pageSize: 5 });
  const point = points.list[0];
  const change = await moc.saveChange({
    title,
    reason: '服务调用测试',
    riskLevel: 'low',
    businessType: 'alarmChange',
    items: [{ pointId: point.id, field: 'priority', after: point.priority === 'low' ? 'medium' : 'low' }],
    submit: true,
  });
  const approvals = await moc.fetchApprovals({ scope: 'mine', status: 'pending', current: 1, pageSize: 50 });
  const approval = approvals.list.find((row) => row.changeRequestId === change.id);
  if (!approval) throw new Error(`no pending approval for change ${change.id}`);
  return approval;
}

describe('审批管理 calls on the real server', () => {
  it(
    'lists and opens approvals as the page asks for them',
    async () => {
      const all = await moc.fetchApprovals({ scope: 'all', current: 1, pageSize: 20 });
      expect(all.total).toBeGreaterThan(0);
      const detail = await moc.fetchApproval(all.list[0].id);
      expect(detail.change.id).toBe(all.list[0].changeRequestId);
      expect(moc.APPROVAL_EXPORT_PATH).toBe('/alarm/approve/list/export');
    },
    START,
  );

  it('revokes a pending request as its initiator (撤回)', async () => {
    const approval = await submitChange('撤回测试');
    expect(approval.canRevoke).toBe(true);
    const revoked = await moc.revokeApproval(approval.id);
    expect(revoked.status).toBe('revoked');
    expect(revoked.change.status).toBe('revoked');
  });

  it('approves a step and rejects the next with a comment, then deletes the ended record', async () => {
    const approval = await submitChange('审批测试');
    const approved = await moc.decideApproval(approval.id, 'approve', { comment: '同意' });
    expect(approved.currentStep).toBe(2);
    const rejected = await moc.decideApproval(approval.id, 'reject', { comment: '限值依据不足' });
    expect(rejected.status).toBe('rejected');
    await expect(moc.deleteApproval(approval.id)).resolves.toEqual({ id: approval.id });
  });
});
