/** 模板评估 page: the evaluation table, unit summary and chart, drill-down, filters, empty and error states. */

import { permissionString } from '@common/routes';
import type { Evaluation, EvaluationOptions } from '@contract/templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import EvaluatePage from '@/pages/Alarm/Op/Evaluate';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const viewer = [permissionString('/alarm/op/evaluate', 'view')];

const options: EvaluationOptions = {
  templates: [
    { id: 1, name: '离心泵标准报警模板', equipmentType: '离心泵' },
    { id: 2, name: '换热器标准报警模板', equipmentType: '换热器' },
  ],
  units: [
    { id: 10, name: '常减压装置' },
    { id: 20, name: '催化裂化装置' },
  ],
  conditions: [
    { code: 'PVHH', name: '高高报', color: '#f5222d', enabled: true },
    { code: 'PVLL', name: '低低报', color: '#2f54eb', enabled: true },
  ],
  priorities: [
    { code: 'high', name: '高', color: '#fa541c' },
    { code: 'medium', name: '中', color: '#faad14' },
  ],
};

const evaluation: Evaluation = {
  template: { id: 1, name: '离心泵标准报警模板', equipmentType: '离心泵', itemCount: 4 },
  equipment: [
    {
      id: 101,
      name: 'P-101A',
      unitId: 10,
      unit: '常减压装置',
      score: 75,
      matchingItems: 3,
      itemCount: 4,
      missing: 1,
      extra: 0,
      differing: 0,
      deviations: [
        { kind: 'missing', condition: 'PVLL', pointId: null, tag: null, field: null, expected: null, actual: null },
      ],
    },
    {
      id: 201,
      name: 'P-201',
      unitId: 20,
      unit: '催化裂化装置',
      score: 50,
      matchingItems: 2,
      itemCount: 4,
      missing: 1,
      extra: 1,
      differing: 1,
      deviations: [
        {
          kind: 'different',
          condition: 'PVHH',
          pointId: 7,
          tag: 'FCC-PI201',
          field: 'priority',
          expected: 'high',
          actual: 'medium',
        },
      ],
    },
  ],
  units: [
    { unitId: 10, unit: '常减压装置', equipmentCount: 1, score: 75 },
    { unitId: 20, unit: '催化裂化装置', equipmentCount: 1, score: 50 },
  ],
};

function answer(evaluationOf: (query: URLSearchParams) => Evaluation = () => evaluation) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/alarm/op/evaluate/options', () => HttpResponse.json(ok(options))),
    http.get('/api/alarm/op/evaluate', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(ok(evaluationOf(query)));
    }),
  );
  return queries;
}

/** The per-equipment table (equipment names also appear on the chart's axis). */
async function detailTable(): Promise<HTMLElement> {
  return (await screen.findByText('设备评估明细')).closest('.ant-pro-card') as HTMLElement;
}

describe('模板评估 page', { timeout: 60_000 }, () => {
  it('evaluates the first template: scores per equipment and unit, a chart, deviations on expanding a row', async () => {
    const queries = answer();
    const user = userEvent.setup();
    renderWithPermissions(<EvaluatePage />, viewer);
    const table = await detailTable();
    const row = (await within(table).findByText('P-201')).closest('tr') as HTMLElement;
    expect(within(row).getByText('50%')).toBeInTheDocument();
    expect(within(row).getByText('2 / 4')).toBeInTheDocument();
    expect(queries[0]?.get('templateId')).toBe('1');
    expect(queries[0]?.has('unitId')).toBe(false);

    const units = (screen.getByText('各装置合规率').closest('.ant-pro-card') as HTMLElement).querySelector('table');
    expect(within(units as HTMLElement).getByText('常减压装置')).toBeInTheDocument();
    expect(within(units as HTMLElement).getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('平均合规率')).toBeInTheDocument();
    expect(screen.getByText('62.5%')).toBeInTheDocument();

    // The bar labels are written on the chart, not only in tooltips.
    const chart = screen.getByRole('img', { name: '各设备合规率' });
    await waitFor(() => expect(chart.textContent).toContain('75%'));
    expect(chart.textContent).toContain('50%');

    await user.click(within(row).getByRole('button', { name: /展开行|Expand row/ }));
    const deviations = await screen.findByLabelText('P-201 的偏差');
    expect(within(deviations).getByText('设置不一致')).toBeInTheDocument();
    expect(within(deviations).getByText('PVHH 高高报 · FCC-PI201 · 优先级：模板 高，实际 中')).toBeInTheDocument();
  });

  it('asks again for another template and for one unit', async () => {
    const queries = answer((query) =>
      query.get('unitId') === '20'
        ? { ...evaluation, equipment: [evaluation.equipment[1]], units: [evaluation.units[1]] }
        : evaluation,
    );
    const user = userEvent.setup();
    renderWithPermissions(<EvaluatePage />, viewer);
    await within(await detailTable()).findByText('P-101A');

    await user.click(screen.getByRole('combobox', { name: '装置' }));
    await user.click(await screen.findByTitle('催化裂化装置'));
    await waitFor(() => expect(queries.at(-1)?.get('unitId')).toBe('20'));
    await waitFor(async () => expect(within(await detailTable()).queryByText('P-101A')).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: '模板' }));
    await user.click(await screen.findByTitle('换热器标准报警模板（换热器）'));
    await waitFor(() => expect(queries.at(-1)?.get('templateId')).toBe('2'));
    expect(queries.at(-1)?.get('unitId')).toBe('20');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
  });

  it('says when there is no template, or no equipment of its type', async () => {
    server.use(http.get('/api/alarm/op/evaluate/options', () => HttpResponse.json(ok({ ...options, templates: [] }))));
    const { unmount } = renderWithPermissions(<EvaluatePage />, viewer);
    expect(await screen.findByText('暂无模板，请先在「模板列表」中新建模板')).toBeInTheDocument();
    unmount();

    answer(() => ({ ...evaluation, equipment: [], units: [] }));
    renderWithPermissions(<EvaluatePage />, viewer);
    expect(await screen.findByText('没有设备类型为「离心泵」的设备')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    server.use(
      http.get('/api/alarm/op/evaluate/options', () => HttpResponse.json(ok(options))),
      http.get('/api/alarm/op/evaluate', () =>
        HttpResponse.json({ code: 1, msg: '模板不存在或已被删除', data: null }, { status: 404 }),
      ),
    );
    renderWithPermissions(<EvaluatePage />, viewer);
    expect(await screen.findByText('加载评估结果失败')).toBeInTheDocument();
    expect(screen.getAllByText('模板不存在或已被删除').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
