/** 数据采集 page: sources with their state, empty and error states, validation, create, 测试连接, enable/disable. */

import { permissionString } from '@common/routes';
import type { Source, SourceBody } from '@contract/sources';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import SourcesPage from '@/pages/Alarm/Settings/Sources';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const PATH = '/alarm/base/source';
const [view, create, edit, remove] = (['view', 'create', 'edit', 'delete'] as const).map((action) =>
  permissionString(PATH, action),
);

const source = (overrides: Partial<Source> = {}): Source => ({
  id: 1,
  name: '一号投放目录',
  kind: 'folder',
  enabled: true,
  unit: '常减压',
  console: '',
  folder: { folder: 'dcs-a' },
  opcua: null,
  status: {
    state: 'error',
    lastEventAt: '2025-05-05T08:00:00.000Z',
    eventsToday: 42,
    lastError: '文件夹不存在：dcs-a（请在投放根目录下创建它）',
  },
  updatedAt: '2025-05-05T08:00:00.000Z',
  ...overrides,
});

const opcuaSource = () =>
  source({
    kind: 'opcua',
    name: '演示装置',
    folder: null,
    opcua: {
      endpointUrl: 'opc.tcp://plant:4840',
      securityMode: 'None',
      securityPolicy: 'None',
      userName: 'operator',
      hasPassword: true,
      mapping: {
        tagField: 'SourceName',
        conditionField: 'ConditionName',
        valueField: '',
        severityBands: { low: 250, medium: 500, high: 750 },
      },
    },
  });

function serve(rows: Source[]) {
  const saved: { id?: number; body: SourceBody }[] = [];
  server.use(
    http.get(`/api${PATH}`, () => HttpResponse.json(ok(rows))),
    http.post(`/api${PATH}`, async ({ request }) => {
      const body = (await request.json()) as SourceBody;
      saved.push({ body });
      return HttpResponse.json(ok(source({ id: 2, name: body.name })));
    }),
    http.put(`/api${PATH}/:id`, async ({ request, params }) => {
      const body = (await request.json()) as SourceBody;
      saved.push({ id: Number(params.id), body });
      return HttpResponse.json(ok(source({ enabled: body.enabled ?? true })));
    }),
    http.post(`/api${PATH}/:id/test`, () =>
      HttpResponse.json(
        ok({
          ok: true,
          message: '文件夹可读，等待导入的日志文件 1 个',
          files: [{ name: 'shift-1.csv', size: 2048, modifiedAt: '2025-05-05T08:00:00.000Z' }],
          conditions: [],
        }),
      ),
    ),
  );
  return saved;
}

describe('数据采集 page', { timeout: 30_000 }, () => {
  it('lists the sources with state, last error, events today; tests a connection', async () => {
    serve([source()]);
    renderWithPermissions(<SourcesPage />, [view]);
    const row = await screen.findByRole('row', { name: /一号投放目录/ });
    expect(row).toHaveTextContent('错误');
    expect(row).toHaveTextContent('文件夹不存在：dcs-a');
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('常减压 / —');
    // view only: no create, edit, delete or enable.
    expect(screen.queryByRole('button', { name: '新建数据源' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '停用' })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '测试连接' }));
    const dialog = await screen.findByRole('dialog', { name: '测试连接：一号投放目录' });
    expect(dialog).toHaveTextContent('连接成功');
    expect(within(dialog).getByRole('table', { name: '等待导入的日志文件' })).toHaveTextContent('shift-1.csv');
  });

  it('says how to start when there is no source, and validates the form in Chinese before saving', async () => {
    const saved = serve([]);
    renderWithPermissions(<SourcesPage />, [view, create]);
    expect(await screen.findByText('还没有数据源，点击「新建数据源」添加')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新建数据源' }));
    const dialog = await screen.findByRole('dialog', { name: '新建数据源' });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入子文件夹名称')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('名称'), '二号投放目录');
    await userEvent.type(within(dialog).getByLabelText('子文件夹'), '../etc');
    expect(await within(dialog).findByText('子文件夹不能包含 . 或 .. 路径段')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('子文件夹'));
    await userEvent.type(within(dialog).getByLabelText('子文件夹'), 'dcs-b');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].body).toMatchObject({
      name: '二号投放目录',
      kind: 'folder',
      enabled: true,
      folder: { folder: 'dcs-b' },
    });
  });

  it('adds an OPC UA source: Chinese validation, the password sent once and never shown', async () => {
    const saved = serve([]);
    renderWithPermissions(<SourcesPage />, [view, create]);
    await userEvent.click(await screen.findByRole('button', { name: '新建数据源' }));
    const dialog = await screen.findByRole('dialog', { name: '新建数据源' });
    await userEvent.type(within(dialog).getByLabelText('名称'), '演示装置');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'OPC UA' }));
    await userEvent.type(await within(dialog).findByLabelText('端点地址'), 'http://plant:4840');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('端点地址须以 opc.tcp:// 开头并包含主机名')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('端点地址'));
    await userEvent.type(within(dialog).getByLabelText('端点地址'), 'opc.tcp://plant:4840');
    await userEvent.type(within(dialog).getByLabelText('用户名'), 'operator');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入密码')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('密码'), 'pw-123456');
    await userEvent.clear(within(dialog).getByLabelText('严重度 ≤ 此值为中'));
    await userEvent.type(within(dialog).getByLabelText('严重度 ≤ 此值为中'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('中的上限须大于低的上限')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('严重度 ≤ 此值为中'));
    await userEvent.type(within(dialog).getByLabelText('严重度 ≤ 此值为中'), '400');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].body).toMatchObject({
      name: '演示装置',
      kind: 'opcua',
      opcua: {
        endpointUrl: 'opc.tcp://plant:4840',
        securityMode: 'None',
        securityPolicy: 'None',
        userName: 'operator',
        password: 'pw-123456',
        mapping: { tagField: 'SourceName', severityBands: { low: 250, medium: 400, high: 750 } },
      },
    });
  });

  it('tests an OPC UA source: the browsed conditions are listed', async () => {
    serve([opcuaSource()]);
    server.use(
      http.post(`/api${PATH}/:id/test`, () =>
        HttpResponse.json(
          ok({
            ok: true,
            message: '连接成功，找到报警条件 1 个',
            files: [],
            conditions: [{ source: 'LI-101', condition: 'PVHI', nodeId: 'ns=1;i=1003' }],
          }),
        ),
      ),
    );
    renderWithPermissions(<SourcesPage />, [view, edit]);
    const row = await screen.findByRole('row', { name: /演示装置/ });
    expect(row).toHaveTextContent('opc.tcp://plant:4840');
    await userEvent.click(within(row).getByRole('button', { name: '测试连接' }));
    const tested = await screen.findByRole('dialog', { name: '测试连接：演示装置' });
    expect(within(tested).getByRole('table', { name: '找到的报警条件' })).toHaveTextContent('LI-101');
  });

  it('edits an OPC UA source without showing or resending its password', async () => {
    const saved = serve([opcuaSource()]);
    renderWithPermissions(<SourcesPage />, [view, edit]);
    const row = await screen.findByRole('row', { name: /演示装置/ });
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑数据源' });
    const password = await within(dialog).findByLabelText('密码');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', '已保存密码，留空则不修改');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].body.opcua).toMatchObject({ endpointUrl: 'opc.tcp://plant:4840', userName: 'operator' });
    expect(saved[0].body.opcua).not.toHaveProperty('password');
  });

  it('disables a source with the edit right', async () => {
    const saved = serve([source({ status: { ...source().status, state: 'connected', lastError: null } })]);
    renderWithPermissions(<SourcesPage />, [view, edit, remove]);
    const row = await screen.findByRole('row', { name: /一号投放目录/ });
    expect(row).toHaveTextContent('已连接');
    await userEvent.click(within(row).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 1, body: { enabled: false, folder: { folder: 'dcs-a' } } });
  });

  it('shows an error state with retry when loading fails', async () => {
    server.use(
      http.get(`/api${PATH}`, () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderWithPermissions(<SourcesPage />, [view]);
    expect(await screen.findByText('加载数据源失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
