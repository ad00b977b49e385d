/** 报警响应手册's page: scope from the address or chosen, a section per equipment, a block per alarm, print. */

import { permissionString } from '@common/routes';
import type { LibraryOptions } from '@contract/library';
import type { Manual, ManualEntry } from '@contract/manual';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import ResponseManualPage from '@/pages/Alarm/Library/Manual';
import { address, renderBoard } from './boards/fixtures';
import { mockApi, startAppRuntime } from './helpers';
import { ok } from './render';

const server = mockApi();
startAppRuntime();

const view = [permissionString('/alarm/bases/list', 'view')];

const options: LibraryOptions = {
  units: [
    { id: 1, name: '常减压' },
    { id: 2, name: '催化' },
  ],
  consoles: [{ id: 1, name: '一号台' }],
  equipment: [],
  conditions: [],
  systemTypes: [],
  priorities: [],
};

const entry = (id: number, tag: string, equipment: string | null, changes: Partial<ManualEntry> = {}): ManualEntry => ({
  id,
  unit: '常减压',
  equipment,
  console: '一号台',
  tag,
  condition: 'PVHI',
  conditionName: '高报',
  description: `${tag} 描述`,
  limitValue: 80,
  engineeringUnit: 't/h',
  priority: 'high',
  priorityName: '高',
  cause: '进料阀故障',
  consequence: '塔压升高',
  operatorResponse: '关小进料阀',
  maxResponseMinutes: 5,
  ...changes,
});

const manual = (entries: ManualEntry[], scope: Manual['scope'] = { kind: 'console', name: '一号台' }): Manual => ({
  scope,
  units: ['常减压'],
  consoles: ['一号台'],
  generatedAt: '2026-03-02T04:00:00.000Z',
  entries,
});

/** Answers the page's calls and records the manual's queries. */
function manualApi(answer: (query: URLSearchParams) => Manual) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/alarm/bases/list/options', () => HttpResponse.json(ok(options))),
    http.get('/api/alarm/bases/list/manual/entries', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(ok(answer(query)));
    }),
  );
  return queries;
}

describe('报警响应手册 page', { timeout: 30_000 }, () => {
  it("prints the console's alarms a block each, a section per equipment under the manual's header", async () => {
    const queries = manualApi(() =>
      manual([
        entry(1, 'FI-100', 'P-101'),
        entry(2, 'FI-101', 'P-101', { operatorResponse: '', limitValue: null, maxResponseMinutes: null }),
        entry(3, 'XI-001', null, { cause: '<b>不是标记</b>' }),
      ]),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderBoard(<ResponseManualPage />, `/alarm/bases/list/manual?console=${encodeURIComponent('一号台')}`, view);
    const pump = await screen.findByRole('region', { name: '常减压 · P-101' });
    expect(queries[0].get('console')).toBe('一号台');
    expect(within(pump).getByText(/^装置：常减压\s操作台：一号台\s日期：2026-03-02$/)).toBeInTheDocument();
    const blocks = within(pump).getAllByRole('article');
    expect(blocks.map((block) => block.getAttribute('aria-label'))).toEqual(['FI-100 PVHI', 'FI-101 PVHI']);
    expect(blocks[0]).toHaveTextContent('FI-100 PVHI 高报 优先级：高');
    expect(blocks[0]).toHaveTextContent('报警限值80 t/h');
    expect(blocks[0]).toHaveTextContent('处置措施关小进料阀');
    expect(blocks[0]).toHaveTextContent('最长响应时间（分钟）5 分钟');
    expect(blocks[1]).toHaveTextContent('处置措施未填写处置措施');
    expect(blocks[1]).toHaveTextContent('报警限值—');
    // Points without equipment close the unit, in a section of their own; user text stays text.
    const rest = screen.getByRole('region', { name: '常减压 · 未指定设备' });
    expect(within(rest).getByRole('article', { name: 'XI-001 PVHI' })).toHaveTextContent('原因<b>不是标记</b>');
    // Every section but the first starts a printed page; the toolbar and the watermark stay on screen.
    const style = document.querySelector('style[data-print="报警响应手册"]')?.textContent ?? '';
    expect(style).toMatch(/@media print/);
    expect(style).toMatch(/\.manual-section ~ \.manual-section \{ break-before: page; \}/);
    expect(style).toMatch(/\.ant-console-watermark/);
    await userEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: /导出 xlsx/ })).toBeInTheDocument();
    print.mockRestore();
  });

  it('asks for a console or a unit, and reads the one chosen', async () => {
    const queries = manualApi((query) =>
      manual([entry(1, 'TI-301', 'E-201', { unit: '催化' })], { kind: 'unit', name: query.get('unit') ?? '' }),
    );
    const user = userEvent.setup();
    renderBoard(<ResponseManualPage />, '/alarm/bases/list/manual', view);
    expect(await screen.findByText('请选择操作台或装置')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出 xlsx/ })).toBeNull();
    await user.click(screen.getByText('按装置'));
    await user.click(screen.getByRole('combobox', { name: '装置' }));
    await user.click(await screen.findByTitle('催化'));
    await waitFor(() => expect(address()).toBe(`/alarm/bases/list/manual?unit=${encodeURIComponent('催化')}`));
    expect(await screen.findByRole('region', { name: '催化 · E-201' })).toBeInTheDocument();
    expect(queries.at(-1)?.get('unit')).toBe('催化');
    expect(queries.at(-1)?.get('console')).toBeNull();
  });

  it('says when the scope has no enabled alarm', async () => {
    manualApi(() => manual([]));
    renderBoard(<ResponseManualPage />, `/alarm/bases/list/manual?console=${encodeURIComponent('一号台')}`, view);
    expect(await screen.findByText('操作台「一号台」没有启用的报警点')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /打\s*印/ })).toBeDisabled();
  });

  it('shows why the manual could not be read', async () => {
    manualApi(() => manual([]));
    server.use(
      http.get('/api/alarm/bases/list/manual/entries', () =>
        HttpResponse.json({ code: 1, msg: '操作台「二号台」不存在', data: null }, { status: 404 }),
      ),
    );
    renderBoard(<ResponseManualPage />, `/alarm/bases/list/manual?console=${encodeURIComponent('二号台')}`, view);
    const failed = (await screen.findByText('报警响应手册加载失败')).closest('.ant-result') as HTMLElement;
    expect(failed).toHaveTextContent('操作台「二号台」不存在');
    expect(within(failed).getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
