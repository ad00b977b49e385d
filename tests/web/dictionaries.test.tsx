/** 报警类型 / 系统类型 pages: data, empty and error states, form validation, actions by permission. */

import { permissionString } from '@common/routes';
import type { AlarmType } from '@contract/dictionaries';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import AlarmTypePage from '@/pages/Alarm/Settings/AlarmTypes';
import SystemTypePage from '@/pages/Alarm/Settings/SystemTypes';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const typePath = '/alarm/base/type';
const can = (...actions: ('view' | 'create' | 'edit' | 'delete')[]) =>
  actions.map((action) => permissionString(typePath, action));

const pvhi: AlarmType = {
  id: 1,
  code: 'PVHI',
  name: '高报',
  description: '过程值高于高报限',
  color: '#fa8c16',
  sortOrder: 1,
  enabled: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function listOf(rows: AlarmType[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/alarm/base/type', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(ok({ list: rows, total: rows.length, current: 1, pageSize: 20 }));
    }),
  );
  return queries;
}

describe('报警类型 page', { timeout: 30_000 }, () => {
  it('lists the types with their colours and pages through the API', async () => {
    const queries = listOf([pvhi]);
    renderWithPermissions(<AlarmTypePage />, can('view'));
    expect(await screen.findByText('过程值高于高报限')).toBeInTheDocument();
    expect(screen.getByText('#fa8c16')).toBeInTheDocument();
    expect(queries[0]?.get('current')).toBe('1');
    expect(queries[0]?.get('pageSize')).toBe('20');
  });

  it('shows only viewing and export to a viewer', async () => {
    listOf([pvhi]);
    renderWithPermissions(<AlarmTypePage />, can('view'));
    await screen.findByText('高报');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建报警类型' })).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
  });

  it('shows create, edit and delete to their holders', async () => {
    listOf([pvhi]);
    renderWithPermissions(<AlarmTypePage />, can('view', 'create', 'edit', 'delete'));
    await screen.findByText('高报');
    expect(screen.getByRole('button', { name: '新建报警类型' })).toBeInTheDocument();
    expect(screen.getByText('编辑')).toBeInTheDocument();
    expect(screen.getByText('删除')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    listOf([]);
    renderWithPermissions(<AlarmTypePage />, can('view'));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('shows the server’s message when the list fails', async () => {
    server.use(
      http.get('/api/alarm/base/type', () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderWithPermissions(<AlarmTypePage />, can('view'));
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
  });

  it('validates the form in Chinese, then creates with the default colour', async () => {
    listOf([pvhi]);
    let sent: unknown;
    server.use(
      http.post('/api/alarm/base/type', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ ...pvhi, id: 2, ...(sent as object) }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmTypePage />, can('view', 'create'));
    await user.click(await screen.findByRole('button', { name: '新建报警类型' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入编码')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入名称')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('编码'), 'FL T');
    expect(await within(dialog).findByText('编码只能包含字母、数字、下划线、点和短横线')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('编码'));
    await user.type(within(dialog).getByLabelText('编码'), 'FLT');
    await user.type(within(dialog).getByLabelText('名称'), '故障');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(sent).toMatchObject({ code: 'FLT', name: '故障', color: '#1677ff', enabled: true }));
    // Saved: the form closes (jsdom never finishes the closing animation, so the toast is the sign).
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('keeps the form and its input open with the server’s refusal', async () => {
    listOf([pvhi]);
    server.use(
      http.post('/api/alarm/base/type', () =>
        HttpResponse.json({ code: 1, msg: '报警类型编码「PVHI」已存在，请换一个', data: null }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmTypePage />, can('view', 'create'));
    await user.click(await screen.findByRole('button', { name: '新建报警类型' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('编码'), 'PVHI');
    await user.type(within(dialog).getByLabelText('名称'), '重复');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('报警类型编码「PVHI」已存在，请换一个')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('编码')).toHaveValue('PVHI');
  });

  it('lists the priorities on their tab with export, editable only with edit', async () => {
    listOf([pvhi]);
    server.use(
      http.get('/api/alarm/base/priorities', () =>
        HttpResponse.json(
          ok([{ id: 1, code: 'urgent', name: '紧急', color: '#cf1322', targetShare: 1, sortOrder: 1 }]),
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithPermissions(<AlarmTypePage />, can('view'));
    await user.click(await screen.findByRole('tab', { name: '优先级' }));
    expect(await screen.findByText('紧急')).toBeInTheDocument();
    expect(screen.getByText('1%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
  });
});

describe('系统类型 page', { timeout: 30_000 }, () => {
  it('lists the systems without colour and asks its own route for permissions', async () => {
    server.use(
      http.get('/api/alarm/base/system', () =>
        HttpResponse.json(
          ok({
            list: [
              {
                id: 1,
                code: 'DCS',
                name: '集散控制系统',
                description: '',
                enabled: true,
                updatedAt: '2026-01-01T00:00:00.000Z',
              },
            ],
            total: 1,
            current: 1,
            pageSize: 20,
          }),
        ),
      ),
    );
    renderWithPermissions(<SystemTypePage />, [
      ...can('view', 'create'),
      permissionString('/alarm/base/system', 'view'),
    ]);
    expect(await screen.findByText('集散控制系统')).toBeInTheDocument();
    expect(screen.queryByText('显示颜色')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建系统类型' })).not.toBeInTheDocument();
  });
});
