/** 审批管理: tabs, approve / reject with a comment as the step's approver, revoke and delete by permission, states. */

import { permissionString } from '@common/routes';
import type { ApprovalDetail } from '@contract/moc';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import ApprovalListPage from '@/pages/Alarm/Approve';
import { mockApi, startAppRuntime } from './helpers';
import {
  approvalDetail,
  approvalSummary,
  change,
  page,
  priorityDictionary,
  priorityItem,
  refusal,
} from './moc-fixtures';
import { ok, renderWithPermissions } from './render';

const server = mockApi(...priorityDictionary);
startAppRuntime();

const can = (...actions: ('view' | 'revoke' | 'delete')[]) =>
  actions.map((action) => permissionString('/alarm/approve/list', action));

const mine: ApprovalDetail = { ...approvalDetail, id: 32, title: '我发起的变更', canDecide: false, canRevoke: true };
const ended: ApprovalDetail = {
  ...approvalDetail,
  id: 33,
  title: '已驳回的变更',
  status: 'rejected',
  changeStatus: 'rejected',
  currentStep: null,
  canDecide: false,
  canArchive: true,
};

function approvalsBy(scopeRows: Record<string, ApprovalDetail[]>, archives: (string | null)[] = []) {
  const scopes: string[] = [];
  server.use(
    http.get('/api/alarm/approve/list', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const scope = query.get('scope') ?? '';
      scopes.push(scope);
      archives.push(query.get('archive'));
      return HttpResponse.json(page((scopeRows[scope] ?? []).map(approvalSummary)));
    }),
  );
  return scopes;
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('审批管理 page', { timeout: 30_000 }, () => {
  it('asks per tab: 待我审批, 我发起的, 全部', async () => {
    const scopes = approvalsBy({ todo: [approvalDetail], mine: [mine], all: [approvalDetail, mine, ended] });
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view'));
    expect(await rowOf('提高进料流量高报限值')).toHaveTextContent('第 2/2 步：安全审核');
    await user.click(screen.getByRole('tab', { name: '我发起的' }));
    expect(await screen.findByText('我发起的变更')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '全部' }));
    expect(await rowOf('已驳回的变更')).toHaveTextContent('已驳回');
    expect(scopes).toEqual(['todo', 'mine', 'all']);
  });

  it('approves with an optional comment and says the change was applied', async () => {
    approvalsBy({ todo: [approvalDetail] });
    let sent: unknown;
    server.use(
      http.post('/api/alarm/approve/list/31/approve', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ ...approvalDetail, changeStatus: 'applied', status: 'approved' }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view'));
    await user.click(within(await rowOf('提高进料流量高报限值')).getByRole('button', { name: '通过' }));
    const modal = await screen.findByRole('dialog', { name: '通过：提高进料流量高报限值' });
    await user.type(within(modal).getByLabelText('审批意见'), '同意');
    await user.click(within(modal).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(sent).toEqual({ comment: '同意' }));
    expect(await screen.findByText('审批通过，变更单 #12 已实施')).toBeInTheDocument();
  });

  it('requires a comment to reject, and keeps it when the server refuses', async () => {
    approvalsBy({ todo: [approvalDetail] });
    const sent: unknown[] = [];
    server.use(
      http.post('/api/alarm/approve/list/31/reject', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(refusal('您不是当前步骤的审批人'), { status: 403 });
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view'));
    await user.click(within(await rowOf('提高进料流量高报限值')).getByRole('button', { name: '驳回' }));
    const modal = await screen.findByRole('dialog', { name: '驳回：提高进料流量高报限值' });
    await user.click(within(modal).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(modal).findByText('驳回时必须填写审批意见')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(modal).getByLabelText('审批意见'), '限值过高');
    await user.click(within(modal).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(sent).toEqual([{ comment: '限值过高' }]));
    expect(within(modal).getByLabelText('审批意见')).toHaveValue('限值过高');
  });

  it('warns when the approved change could not be applied', async () => {
    approvalsBy({ todo: [approvalDetail] });
    server.use(
      http.post('/api/alarm/approve/list/31/approve', () =>
        HttpResponse.json(
          ok({
            ...approvalDetail,
            changeStatus: 'approved',
            conflicts: [{ itemId: 1, pointId: 7, tag: 'FIC-101', condition: 'PVHI', message: 'FIC-101 已被他人修改' }],
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view'));
    await user.click(within(await rowOf('提高进料流量高报限值')).getByRole('button', { name: '通过' }));
    const modal = await screen.findByRole('dialog');
    await user.click(within(modal).getByRole('button', { name: /通\s*过/ }));
    expect(await screen.findByText('审批通过，但变更未实施：FIC-101 已被他人修改')).toBeInTheDocument();
  });

  it('says why the user cannot decide a step they are listed on, as the server tells it', async () => {
    const own: ApprovalDetail = { ...mine, canDecide: false, decideBlock: '发起人不能审批自己的变更' };
    approvalsBy({ mine: [own] });
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view'));
    await user.click(screen.getByRole('tab', { name: '我发起的' }));
    const row = await rowOf('我发起的变更');
    expect(row).toHaveTextContent('发起人不能审批自己的变更');
    expect(within(row).queryByRole('button', { name: '通过' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '驳回' })).not.toBeInTheDocument();
  });

  it('shows revoke and archive only with the route actions, and only where the record allows', async () => {
    approvalsBy({ all: [approvalDetail, mine, ended] });
    const user = userEvent.setup();
    const { unmount } = renderWithPermissions(<ApprovalListPage />, can('view'));
    await user.click(screen.getByRole('tab', { name: '全部' }));
    await rowOf('已驳回的变更');
    expect(screen.queryByRole('button', { name: '撤回' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    unmount();

    let revoked = false;
    server.use(
      http.post('/api/alarm/approve/list/32/revoke', () => {
        revoked = true;
        return HttpResponse.json(ok({ ...mine, status: 'revoked' }));
      }),
      http.post('/api/alarm/approve/list/33/archive', () =>
        HttpResponse.json(refusal('变更单 #12 已归档'), { status: 409 }),
      ),
    );
    renderWithPermissions(<ApprovalListPage />, can('view', 'revoke', 'delete'));
    await user.click(screen.getByRole('tab', { name: '全部' }));
    const pending = await rowOf('提高进料流量高报限值');
    expect(within(pending).queryByRole('button', { name: '撤回' })).not.toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    // Nothing submitted is deleted: no row offers 删除.
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    await user.click(within(await rowOf('我发起的变更')).getByRole('button', { name: '撤回' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(revoked).toBe(true));
    expect(await screen.findByText('已撤回「我发起的变更」')).toBeInTheDocument();

    await user.click(within(await rowOf('已驳回的变更')).getByRole('button', { name: '归档' }));
    expect(await screen.findByText('归档「已驳回的变更」？归档后将从默认列表隐藏，历史记录保留。')).toBeInTheDocument();
    const confirms = await screen.findAllByRole('button', { name: /确\s*定|OK/ });
    await user.click(confirms[confirms.length - 1]);
    expect(await screen.findByText('变更单 #12 已归档')).toBeInTheDocument();
  });

  it('lists archived records under 已归档 and says so on the record', async () => {
    const archivedAt = '2026-01-04T03:00:00.000Z';
    const archivedRow = { ...ended, archivedAt, canArchive: false, change: { ...change, archivedAt } };
    const archives: (string | null)[] = [];
    approvalsBy({ all: [archivedRow] }, archives);
    server.use(http.get('/api/alarm/approve/list/33', () => HttpResponse.json(ok(archivedRow))));
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view', 'revoke', 'delete'));
    await user.click(screen.getByRole('tab', { name: '全部' }));
    await rowOf('已驳回的变更');
    expect(archives.at(-1)).toBeNull();
    await user.click(within(screen.getByRole('radiogroup', { name: '归档筛选' })).getByText('已归档'));
    await waitFor(() => expect(archives.at(-1)).toBe('archived'));
    const row = await rowOf('已驳回的变更');
    expect(within(row).queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog', { name: '审批：已驳回的变更' });
    expect(await within(drawer).findByText(/^已归档（.*）：不在默认列表中显示，历史记录完整保留$/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /审计导出/ })).toBeInTheDocument();
  });

  it('opens a record with the change and the progress of its steps', async () => {
    approvalsBy({ todo: [approvalDetail] });
    const withPriority = { ...approvalDetail, change: { ...change, items: [...change.items, priorityItem] } };
    server.use(http.get('/api/alarm/approve/list/31', () => HttpResponse.json(ok(withPriority))));
    const user = userEvent.setup();
    renderWithPermissions(<ApprovalListPage />, can('view'));
    await user.click(within(await rowOf('提高进料流量高报限值')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog', { name: `审批：${change.title}` });
    // An approver reads priorities by the dictionary's names without the 报警类型 permission.
    const items = await within(drawer).findByRole('table', { name: '变更项' });
    expect(within(items).getByRole('row', { name: /TI-205/ })).toHaveTextContent('二级（高） → 一级（紧急）');
    expect(await within(drawer).findByLabelText('审批进度')).toHaveTextContent('李审批 通过');
    expect(within(drawer).getByRole('button', { name: '通过' })).toBeInTheDocument();
  });

  it('says when nothing awaits the user, and shows a failure', async () => {
    const scopes = approvalsBy({});
    const { unmount } = renderWithPermissions(<ApprovalListPage />, can('view'));
    await waitFor(() => expect(scopes).toHaveLength(1));
    expect(await screen.findByText('没有等待您审批的事项')).toBeInTheDocument();
    unmount();
    server.use(
      http.get('/api/alarm/approve/list', () => HttpResponse.json(refusal('数据库暂时不可用'), { status: 500 })),
    );
    renderWithPermissions(<ApprovalListPage />, can('view'));
    expect(await screen.findByText('数据库暂时不可用')).toBeInTheDocument();
  });
});
