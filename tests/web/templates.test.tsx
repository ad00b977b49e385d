/** 模板列表 and the 新建模板 / 编辑模板 form: data, empty and error states, validation, saving, permissions. */

import { permissionString } from '@common/routes';
import { EMPTY_ITEM_RATIONALIZATION } from '@common/templates';
import type { Template, TemplateOptions, TemplateSummary } from '@contract/templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import TemplateEditPage from '@/pages/Alarm/Template/Edit';
import TemplateListPage from '@/pages/Alarm/Template/List';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();
// ProTable and the editable table render slowly in jsdom on a busy machine.

const can = (...actions: ('view' | 'create' | 'edit' | 'delete')[]) =>
  actions.map((action) => permissionString('/alarm/template/list', action));

const summary: TemplateSummary = {
  id: 7,
  name: '离心泵标准报警模板',
  equipmentType: '离心泵',
  description: '出口压力与轴承温度',
  itemCount: 4,
  requiredCount: 3,
  createdBy: 'admin',
  updatedBy: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const options: TemplateOptions = {
  equipmentTypes: ['换热器', '离心泵'],
  categories: [
    { code: 'people', name: '人员安全' },
    { code: 'asset', name: '财产与生产' },
  ],
  conditions: [
    { code: 'PVHI', name: '高报', color: '#fa8c16', enabled: true },
    { code: 'PVHH', name: '高高报', color: '#f5222d', enabled: true },
  ],
  priorities: [
    { code: 'high', name: '高', color: '#fa541c' },
    { code: 'low', name: '低', color: '#1677ff' },
  ],
};

// A template as the server answers it: its fields and items, without the list's counts.
const { itemCount: _itemCount, requiredCount: _requiredCount, ...templateFields } = summary;
const template: Template = {
  ...templateFields,
  items: [
    {
      id: 1,
      sortOrder: 0,
      condition: 'PVHH',
      limitMode: 'absolute',
      limitValue: 2.8,
      priority: 'high',
      deadband: null,
      onDelaySeconds: null,
      offDelaySeconds: null,
      required: true,
      ...EMPTY_ITEM_RATIONALIZATION,
    },
    {
      id: 2,
      sortOrder: 1,
      condition: 'PVHI',
      limitMode: 'absolute',
      limitValue: 2.5,
      priority: 'low',
      deadband: null,
      onDelaySeconds: 3,
      offDelaySeconds: 3,
      required: true,
      ...EMPTY_ITEM_RATIONALIZATION,
    },
  ],
};

function listOf(rows: TemplateSummary[]) {
  const answered = { count: 0 };
  server.use(
    http.get('/api/alarm/template/list', () => {
      answered.count += 1;
      return HttpResponse.json(ok({ list: rows, total: rows.length, current: 1, pageSize: 20 }));
    }),
  );
  return answered;
}

describe('模板列表 page', { timeout: 30_000 }, () => {
  it('lists the templates with their item counts and shows only export to a viewer', async () => {
    listOf([summary]);
    renderWithPermissions(<TemplateListPage />, can('view'));
    expect(await screen.findByText('离心泵标准报警模板')).toBeInTheDocument();
    expect(screen.getByText('出口压力与轴承温度')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建模板' })).not.toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
    expect(screen.queryByText('删除')).not.toBeInTheDocument();
  });

  it('opens the hidden pages for create and edit, and deletes after confirming', async () => {
    listOf([summary]);
    let deleted = false;
    server.use(
      http.delete('/api/alarm/template/list/7', () => {
        deleted = true;
        return HttpResponse.json(ok({ id: 7 }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<TemplateListPage />, can('view', 'create', 'edit', 'delete'));
    await user.click(await screen.findByRole('button', { name: '新建模板' }));
    expect(window.location.pathname).toBe('/alarm/template2/list/create');
    await user.click(screen.getByRole('button', { name: '编辑' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/alarm/template2/list/edit?id=7');

    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('已删除模板「离心泵标准报警模板」')).toBeInTheDocument();
  });

  it('rationalizes the points of the type from a template, for holders of 报警列表 edit only', async () => {
    listOf([summary]);
    let called = 0;
    server.use(
      http.post('/api/alarm/template/list/7/rationalize', () => {
        called++;
        return HttpResponse.json(ok({ equipment: 4, points: 9, changed: 6, unchanged: 2 }));
      }),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithPermissions(<TemplateListPage />, can('view', 'edit'));
    await screen.findByText('离心泵标准报警模板');
    expect(screen.queryByRole('button', { name: '批量合理化' })).not.toBeInTheDocument();
    unmount();
    renderWithPermissions(<TemplateListPage />, [...can('view'), permissionString('/alarm/bases/list', 'edit')]);
    await user.click(await screen.findByRole('button', { name: '批量合理化' }));
    expect(
      await screen.findByText('把模板「离心泵标准报警模板」报警项的合理化内容写入所有「离心泵」设备的报警点？'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(
      await screen.findByText('已按模板「离心泵标准报警模板」合理化 6 个报警点（4 台设备、9 个报警点，2 个已一致）'),
    ).toBeInTheDocument();
    expect(called).toBe(1);
  });

  it('shows the empty state and the server’s message on failure', async () => {
    const answered = listOf([]);
    const { unmount } = renderWithPermissions(<TemplateListPage />, can('view'));
    // The table shows an empty body while it loads too: wait for the answer first.
    await waitFor(() => expect(answered.count).toBe(1));
    await waitFor(() =>
      expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument(),
    );
    unmount();
    server.use(
      http.get('/api/alarm/template/list', () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderWithPermissions(<TemplateListPage />, can('view'));
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
  });
});

describe('模板 form', { timeout: 60_000 }, () => {
  beforeEach(() => {
    server.use(http.get('/api/alarm/template/list/options', () => HttpResponse.json(ok(options))));
  });

  const row = (index: number) => screen.getAllByRole('row').filter((r) => r.closest('tbody'))[index];

  /** Opens a row's select and clicks the option as a user sees it (antd titles options with their label). */
  async function chooseInRow(user: ReturnType<typeof userEvent.setup>, rowIndex: number, label: string) {
    await user.click(within(row(rowIndex)).getAllByRole('combobox')[0]);
    // Every select keeps its closed dropdown in the DOM: the open one is the latest.
    const choices = (await screen.findAllByTitle(label)).filter((node) => node.matches('.ant-select-item-option'));
    await user.click(choices[choices.length - 1]);
  }

  it('validates in Chinese, then creates a template with its items and returns to the list', async () => {
    window.history.pushState({}, '', '/alarm/template2/list/create');
    let sent: unknown;
    server.use(
      http.post('/api/alarm/template/list', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(ok({ ...template, id: 8 }));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<TemplateEditPage />, can('view', 'create'));
    await user.click(await screen.findByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入模板名称')).toBeInTheDocument();
    expect(screen.getByText('请选择或输入设备类型')).toBeInTheDocument();

    await user.type(screen.getByLabelText('模板名称'), '压缩机模板');
    await user.type(screen.getByLabelText('设备类型'), '压缩机');
    await user.click(screen.getByRole('button', { name: /添加报警项/ }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第 1 行：请选择报警类型')).toBeInTheDocument();

    await chooseInRow(user, 0, 'PVHH 高高报');
    await user.type(within(row(0)).getAllByRole('spinbutton')[0], '95');
    await user.click(screen.getByRole('button', { name: /添加报警项/ }));
    await chooseInRow(user, 1, 'PVHI 高报');
    await user.type(within(row(1)).getAllByRole('spinbutton')[0], '90');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));

    await waitFor(() =>
      expect(sent).toEqual({
        name: '压缩机模板',
        equipmentType: '压缩机',
        items: [
          {
            condition: 'PVHH',
            limitMode: 'absolute',
            limitValue: 95,
            priority: 'low',
            deadband: null,
            onDelaySeconds: null,
            offDelaySeconds: null,
            required: true,
            ...EMPTY_ITEM_RATIONALIZATION,
          },
          expect.objectContaining({ condition: 'PVHI', limitValue: 90 }),
        ],
      }),
    );
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/alarm/template/list');
  });

  it('keeps the typed 设备类型 when Esc closes its suggestions', async () => {
    window.history.pushState({}, '', '/alarm/template2/list/create');
    const user = userEvent.setup();
    renderWithPermissions(<TemplateEditPage />, can('view', 'create'));
    const field = await screen.findByLabelText('设备类型');
    await user.type(field, '离心');
    expect(await screen.findByRole('option', { name: '离心泵' })).toBeInTheDocument();
    // The field is a search input: Chromium empties one on Esc unless the key's default is cancelled.
    const defaultRuns = fireEvent.keyDown(field, { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 });
    expect(defaultRuns).toBe(false);
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    expect(field).toHaveValue('离心');
  });

  it('refuses to edit without a template id instead of creating one', async () => {
    window.history.pushState({}, '', '/alarm/template2/list/edit');
    renderWithPermissions(<TemplateEditPage />, can('view', 'edit'));
    expect(await screen.findByText('模板编号无效')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
  });

  it('edits a template: loads its items, refuses limits out of order before sending, keeps the input on a refusal', async () => {
    window.history.pushState({}, '', '/alarm/template2/list/edit?id=7');
    const sent: unknown[] = [];
    server.use(
      http.get('/api/alarm/template/list/7', () => HttpResponse.json(ok(template))),
      http.put('/api/alarm/template/list/7', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { code: 1, msg: '模板名称「换热器模板」已存在，请换一个', data: null },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<TemplateEditPage />, can('view', 'edit'));
    expect(await screen.findByDisplayValue('离心泵标准报警模板')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2.8')).toBeInTheDocument();

    const highLimit = within(row(1)).getAllByRole('spinbutton')[0];
    await user.clear(highLimit);
    await user.type(highLimit, '3');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(
      await screen.findByText('限值须满足 PVHH > PVHI > PVLO > PVLL：PVHH（2.8）应高于 PVHI（3）'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(highLimit);
    await user.type(highLimit, '2.6');
    const name = screen.getByLabelText('模板名称');
    await user.clear(name);
    await user.type(name, '换热器模板');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('模板名称「换热器模板」已存在，请换一个')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ name: '换热器模板', updatedAt: template.updatedAt, items: expect.any(Array) }),
    ]);
    expect(screen.getByLabelText('模板名称')).toHaveValue('换热器模板');
    expect(window.location.pathname).toBe('/alarm/template2/list/edit');
  });

  it('gives an item its rationalization in a dialog and sends it with the item', async () => {
    window.history.pushState({}, '', '/alarm/template2/list/edit?id=7');
    const sent: { items: Record<string, unknown>[] }[] = [];
    server.use(
      http.get('/api/alarm/template/list/7', () => HttpResponse.json(ok(template))),
      http.put('/api/alarm/template/list/7', async ({ request }) => {
        sent.push((await request.json()) as { items: Record<string, unknown>[] });
        return HttpResponse.json(ok(template));
      }),
    );
    const user = userEvent.setup();
    renderWithPermissions(<TemplateEditPage />, can('view', 'edit'));
    await user.click(await screen.findByRole('button', { name: '第 1 行（PVHH）合理化' }));
    const dialog = await screen.findByRole('dialog', { name: '第 1 行（PVHH）的合理化' });
    await user.type(within(dialog).getByLabelText('原因'), '出口阀误关');
    await user.type(within(dialog).getByLabelText('不处理的后果'), '泵憋压，机封泄漏');
    await user.click(within(dialog).getByLabelText('人员安全严重度'));
    const choices = (await screen.findAllByTitle('严重')).filter((node) => node.matches('.ant-select-item-option'));
    await user.click(choices[choices.length - 1]);
    await user.type(within(dialog).getByLabelText('最长响应时间（分钟）'), '10');
    await user.type(within(dialog).getByLabelText('报警类别'), '设备保护');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '第 1 行（PVHH）合理化' })).toHaveTextContent('已填写');
    expect(screen.getByRole('button', { name: '第 2 行（PVHI）合理化' })).toHaveTextContent('填写');

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].items[0]).toMatchObject({
      condition: 'PVHH',
      cause: '出口阀误关',
      consequence: '泵憋压，机封泄漏',
      operatorResponse: '',
      maxResponseMinutes: 10,
      severities: { people: 'major' },
      alarmClass: '设备保护',
    });
    expect(sent[0].items[1]).toMatchObject({ condition: 'PVHI', ...EMPTY_ITEM_RATIONALIZATION });
  });

  it('shows the load failure with a retry', async () => {
    window.history.pushState({}, '', '/alarm/template2/list/edit?id=9');
    server.use(
      http.get('/api/alarm/template/list/9', () =>
        HttpResponse.json({ code: 1, msg: '模板不存在或已被删除', data: null }, { status: 404 }),
      ),
    );
    renderWithPermissions(<TemplateEditPage />, can('view', 'edit'));
    expect(await screen.findByText('加载模板失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
