/**
 * History is never lost (docs/domain.md, "Archive and audit"): ended requests are archived, not deleted, from
 * 审批管理 and 变更管理 alike; an archived request stays readable with its transitions, is listed under
 * 已归档 and exported; a request's audit workbook holds every transition and item; an administrator takes
 * over someone else's draft explicitly (转交).
 */
import { describe, expect, it } from 'vitest';
import { SLOW, sheetRows } from './helpers';
import { useMocFixture } from './moc-fixtures';

describe('change history API', { timeout: SLOW }, () => {
  const { t, f } = useMocFixture();

  const create = async (title: string, extra: object = {}, as = f.engineer) =>
    (
      await f.call('POST', '/alarm/op/update', as, {
        title,
        reason: '历史记录',
        riskLevel: 'low',
        businessType: 'alarmChange',
        items: [{ pointId: f.points['TIC-201'], field: 'deadband', after: 2 }],
        ...extra,
      })
    ).json().data;
  /** A request submitted and rejected at its first step: ended. */
  const rejected = async (title: string) => {
    const change = await create(title, { submit: true });
    const approvalId = change.approval.approvalId as number;
    const answer = await f.call('POST', `/alarm/approve/list/${approvalId}/reject`, f.engineer2, { comment: '不需要' });
    expect(answer.json()).toMatchObject({ code: 0 });
    return { changeId: change.id as number, approvalId };
  };
  /** A sheet row as text and numbers, an empty cell as '' (the reader leaves holes for them). */
  const cells = (row: unknown[], count: number) => Array.from({ length: count }, (_, i) => row[i] ?? '');
  const listed = async (url: string) =>
    (await f.call('GET', url, f.admin)).json().data.list.map((row: { id: number }) => row.id) as number[];

  it('archives an ended request from 审批管理: still readable with every transition, listed only under 已归档', async () => {
    const { changeId, approvalId } = await rejected('归档于审批管理');
    const archived = await f.call('POST', `/alarm/approve/list/${approvalId}/archive`, f.approver);
    expect(archived.json()).toEqual({ code: 0, msg: 'ok', data: { id: approvalId } });

    const change = (await f.call('GET', `/alarm/op/update/${changeId}`, f.viewer)).json().data;
    expect(change).toMatchObject({ id: changeId, status: 'rejected', archivedAt: expect.any(String) });
    expect(change.transitions.map((x: { action: string }) => x.action)).toEqual([
      'create',
      'submit',
      'reject',
      'archive',
    ]);
    expect(change.transitions.at(-1)).toMatchObject({
      from: 'rejected',
      to: 'rejected',
      actor: { username: f.approver.username },
    });
    const approval = (await f.call('GET', `/alarm/approve/list/${approvalId}`, f.viewer)).json().data;
    expect(approval).toMatchObject({ id: approvalId, archivedAt: expect.any(String), canArchive: false });

    expect(await listed('/alarm/op/update?pageSize=100')).not.toContain(changeId);
    expect(await listed('/alarm/op/update?pageSize=100&archive=archived')).toEqual([changeId]);
    expect(await listed('/alarm/op/update?pageSize=100&archive=all')).toContain(changeId);
    expect(await listed('/alarm/approve/list?scope=all&pageSize=100')).not.toContain(approvalId);
    expect(await listed('/alarm/approve/list?scope=all&pageSize=100&archive=archived')).toEqual([approvalId]);

    const again = await f.call('POST', `/alarm/approve/list/${approvalId}/archive`, f.approver);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`变更单 #${changeId} 已归档`);
    // Nothing deletes a submitted request any more.
    expect((await f.call('DELETE', `/alarm/approve/list/${approvalId}`, f.approver)).statusCode).toBe(404);
  });

  it('refuses to archive a pending request, and 变更管理 deletes drafts only and archives ended requests', async () => {
    const pending = await create('审批中', { submit: true });
    const early = await f.call('POST', `/alarm/approve/list/${pending.approval.approvalId}/archive`, f.approver);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toMatch(/变更申请当前为「审批中」，不能归档/);
    expect((await f.call('POST', `/alarm/op/update/${pending.id}/archive`, f.engineer)).statusCode).toBe(409);

    const { changeId } = await rejected('归档于变更管理');
    const deleted = await f.call('DELETE', `/alarm/op/update/${changeId}`, f.engineer);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().msg).toBe(
      '变更申请当前为「已驳回」，不能删除：已提交的变更申请不能删除，已结束的可以归档（历史记录保留）',
    );

    const draft = await create('草稿不归档');
    const draftArchive = await f.call('POST', `/alarm/op/update/${draft.id}/archive`, f.engineer);
    expect(draftArchive.statusCode).toBe(409);
    expect(draftArchive.json().msg).toMatch(/变更申请当前为「草稿」，不能归档/);

    // The operator holds no delete action of 变更管理.
    const operator = await t.createUser({ roles: ['操作员'], permissions: ['alarm-op-update-view'] });
    expect((await f.call('POST', `/alarm/op/update/${changeId}/archive`, operator)).statusCode).toBe(403);
    const archived = await f.call('POST', `/alarm/op/update/${changeId}/archive`, f.engineer2);
    expect(archived.json()).toEqual({ code: 0, msg: 'ok', data: { id: changeId } });
    const kept = (await f.call('GET', `/alarm/op/update/${changeId}`, f.engineer)).json().data;
    expect(kept).toMatchObject({ status: 'rejected', archivedAt: expect.any(String) });
    expect(kept.transitions.at(-1)).toMatchObject({ action: 'archive', actor: { username: f.engineer2.username } });
  });

  it('exports archived requests with the rest, marked with when they were archived', async () => {
    const { changeId, approvalId } = await rejected('导出归档');
    await f.call('POST', `/alarm/approve/list/${approvalId}/archive`, f.approver);
    const all = await f.call('GET', '/alarm/op/update/export?archive=all', f.viewer);
    const rows = await sheetRows(all.rawPayload);
    const header = rows[0];
    const archivedColumn = header.indexOf('归档时间');
    expect(archivedColumn).toBeGreaterThan(-1);
    const row = rows.find((cells) => cells[0] === changeId);
    expect(row?.[archivedColumn]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const current = await sheetRows((await f.call('GET', '/alarm/op/update/export', f.viewer)).rawPayload);
    expect(current.some((cells) => cells[0] === changeId)).toBe(false);
    const approvals = await sheetRows(
      (await f.call('GET', '/alarm/approve/list/export?scope=all&archive=archived', f.viewer)).rawPayload,
    );
    expect(approvals.slice(1).map((cells) => cells[0])).toContain(changeId);
  });

  it('writes an audit workbook of one request: every transition, the items before and after, the applied result', async () => {
    const change = await create('=HYPERLINK("x") 审计', {
      submit: true,
      items: [
        { pointId: f.points['FIC-102'], field: 'limitValue', after: 95 },
        { pointId: f.points['FIC-101'], field: 'priority', after: 'high' },
      ],
    });
    const approvalId = change.approval.approvalId;
    await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.engineer2, { comment: '同意' });
    await f.call('POST', `/alarm/approve/list/${approvalId}/approve`, f.approver, { comment: '批准实施' });
    await f.call('POST', `/alarm/approve/list/${approvalId}/archive`, f.approver);

    const response = await f.call('GET', `/alarm/op/update/${change.id}/audit`, f.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`change-${change.id}-audit-\\d{14}\\.xlsx`));
    const summary = await sheetRows(response.rawPayload, '变更单');
    expect(summary).toEqual(
      expect.arrayContaining([
        ['编号', change.id],
        ['标题', '=HYPERLINK("x") 审计'],
        ['状态', '已实施'],
        ['发起人', `测试用户 ${f.engineer.username}（${f.engineer.username}）`],
        ['归档时间', expect.stringMatching(/^\d{4}-\d{2}-\d{2}/)],
      ]),
    );
    const transitions = await sheetRows(response.rawPayload, '流转记录');
    expect(transitions[0]).toEqual(['序号', '时间', '动作', '原状态', '新状态', '操作人', '意见']);
    expect(
      transitions
        .slice(1)
        .map((row) => cells(row, 7))
        .map((row) => [row[2], row[3], row[4], row[6]]),
    ).toEqual([
      ['创建', '', '草稿', ''],
      ['提交审批', '草稿', '审批中', ''],
      ['审批通过（本步）', '审批中', '审批中', '同意'],
      ['审批通过', '审批中', '已通过', '批准实施'],
      ['实施', '已通过', '已实施', ''],
      ['归档', '已实施', '已实施', ''],
    ]);
    expect(transitions[2][5]).toBe(`测试用户 ${f.engineer.username}（${f.engineer.username}）`);
    const items = await sheetRows(response.rawPayload, '变更项');
    expect(items[0]).toEqual([
      '序号',
      '位号',
      '报警类型',
      '装置',
      '变更项',
      '变更前',
      '目标值',
      '实施结果',
      '实施时间',
    ]);
    expect(cells(items[1], 8)).toEqual([1, 'FIC-102', 'PVHI', '常减压', '报警限值', '', 95, '已实施：95']);
    expect(items[1][8]).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // Priorities by the names 报警类型 gives them, not their codes.
    expect(cells(items[2], 8)).toEqual([2, 'FIC-101', 'PVHI', '常减压', '优先级', '低', '高', '已实施：高']);

    expect((await f.call('GET', '/alarm/op/update/999999/audit', f.viewer)).statusCode).toBe(404);
  });

  it('lets an administrator take over someone else’s draft, recorded as 转交 naming both', async () => {
    const draft = await create('接管的草稿');
    expect((await f.call('POST', `/alarm/op/update/${draft.id}/takeover`, f.engineer2)).statusCode).toBe(403);
    const own = await f.call('POST', `/alarm/op/update/${draft.id}/takeover`, f.engineer);
    expect(own.statusCode).toBe(403);

    const taken = await f.call('POST', `/alarm/op/update/${draft.id}/takeover`, f.admin);
    expect(taken.statusCode).toBe(200);
    const data = taken.json().data;
    expect(data).toMatchObject({ status: 'draft', initiator: { username: f.admin.username } });
    expect(data.transitions.at(-1)).toMatchObject({
      action: 'takeover',
      from: 'draft',
      to: 'draft',
      actor: { username: f.admin.username },
      comment: `由 测试用户 ${f.engineer.username}（${f.engineer.username}）转交给 测试用户 ${f.admin.username}（${f.admin.username}）`,
    });
    const mineAlready = await f.call('POST', `/alarm/op/update/${draft.id}/takeover`, f.admin);
    expect(mineAlready.statusCode).toBe(409);
    expect(mineAlready.json().msg).toBe(`变更单 #${draft.id} 已是你发起的草稿`);

    // The former initiator may no longer touch it; the new one may.
    expect((await f.call('POST', `/alarm/op/update/${draft.id}/submit`, f.engineer)).statusCode).toBe(403);
    expect((await f.call('POST', `/alarm/op/update/${draft.id}/submit`, f.admin)).json()).toMatchObject({
      code: 0,
      data: { status: 'pending' },
    });
    const late = await f.call('POST', `/alarm/op/update/${draft.id}/takeover`, f.admin);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toMatch(/变更申请当前为「审批中」，不能转交/);
  });
});
