/** 模拟 page: journal upload with its error table or result, simulated batches with export and delete, empty state. */

import { permissionString } from '@common/routes';
import type { DataBatch } from '@contract/journal';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import JournalPage from '@/pages/Alarm/Journal';
import { storePlantTimeZone } from '@/utils/session';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const view = permissionString('/alarm/mock', 'view');
const batch: DataBatch = {
  id: 7,
  source: 'simulation',
  label: '综合 · 模拟装置 · 模拟操作台',
  parameters: { scenario: 'mixed' },
  eventCount: 1234,
  duplicates: 0,
  firstTime: '2026-01-01T00:00:00.000Z',
  lastTime: '2026-01-02T00:00:00.000Z',
  createdBy: 'admin',
  createdAt: '2026-01-02T00:00:00.000Z',
};

function batches(list: DataBatch[]) {
  const deleted: string[] = [];
  server.use(
    http.get('/api/alarm/mock/batches', () =>
      HttpResponse.json(ok({ list, total: list.length, current: 1, pageSize: 20 })),
    ),
    http.delete('/api/alarm/mock/batches/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json(ok({ deleted: 1234 }));
    }),
    http.get('/api/alarm/mock/import/:job', () =>
      HttpResponse.json(ok({ stage: 'reading', rowsRead: 2, bytesRead: 10 })),
    ),
  );
  return deleted;
}

const exportButton = () => screen.getByRole('button', { name: /导\s*出/ });
const csv = () => new File(['time,tag,condition,event\n'], 'journal.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('模拟 page', { timeout: 30_000 }, () => {
  it('shows the error report of a journal with bad rows', async () => {
    batches([]);
    server.use(
      http.post('/api/alarm/mock/import', () =>
        HttpResponse.json(
          {
            code: 1,
            msg: '日志中有 1 处错误，未导入任何数据：请按错误报告修改后重新导入',
            data: {
              imported: 0,
              duplicates: 0,
              errors: [{ row: 3, column: 'event', message: '事件类型无效：“BOOM”' }],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderWithPermissions(<JournalPage />, [view]);
    await userEvent.upload(fileInput(), csv());
    const table = await screen.findByRole('table', { name: '错误报告' });
    expect(table).toHaveTextContent('事件类型无效：“BOOM”');
    expect(table).toHaveTextContent('event');
    expect(
      screen.getByText('导入失败：日志中有 1 处错误，未导入任何数据：请按错误报告修改后重新导入'),
    ).toBeInTheDocument();
  });

  it('shows the imported count of a good journal', async () => {
    batches([]);
    server.use(
      http.post('/api/alarm/mock/import', () => HttpResponse.json(ok({ imported: 1500, duplicates: 2, errors: [] }))),
    );
    renderWithPermissions(<JournalPage />, [view]);
    await userEvent.upload(fileInput(), csv());
    expect(await screen.findByText('导入成功：1,500 条事件，跳过重复 2 条')).toBeInTheDocument();
  });

  it("simulates the last whole day on the plant's clock unless told otherwise", async () => {
    batches([]);
    // Kolkata is UTC+05:30: its whole hours fall on the half hour of UTC and of this test's browser.
    storePlantTimeZone('Asia/Kolkata');
    const bodies: { from: string; to: string }[] = [];
    server.use(
      http.post('/api/alarm/mock/simulate', async ({ request }) => {
        bodies.push((await request.json()) as { from: string; to: string });
        return HttpResponse.json(ok({ imported: 480, duplicates: 0, batchId: 8 }));
      }),
    );
    renderWithPermissions(<JournalPage />, [view]);
    await userEvent.click(await screen.findByRole('button', { name: /生\s*成/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const [{ from, to }] = bodies;
    expect(Date.parse(to) - Date.parse(from)).toBe(86_400_000);
    expect(new Date(to).getUTCMinutes()).toBe(30);
    expect(Date.now() - Date.parse(to)).toBeLessThan(3_600_000);
  });

  it('lists simulated batches and deletes one', async () => {
    const deleted = batches([batch]);
    renderWithPermissions(<JournalPage />, [view]);
    expect(await screen.findByText('综合 · 模拟装置 · 模拟操作台')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(exportButton()).toBeInTheDocument();
    await userEvent.click(screen.getByText('删除'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(deleted).toEqual(['7']));
  });

  it('asks for the export of the simulated batches the table lists, and says why it failed', async () => {
    batches([batch]);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/alarm/mock/batches/export', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 });
      }),
    );
    renderWithPermissions(<JournalPage />, [view]);
    await screen.findByText('综合 · 模拟装置 · 模拟操作台');
    await userEvent.click(exportButton());
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
    expect(asked.map((query) => query.get('source'))).toEqual(['simulation']);
    await waitFor(() => expect(exportButton()).not.toHaveClass('ant-btn-loading'));
  });

  it('says why a delete failed and keeps the batch listed', async () => {
    batches([batch]);
    server.use(
      http.delete('/api/alarm/mock/batches/:id', () =>
        HttpResponse.json({ code: 1, msg: '批次不存在或已删除', data: null }, { status: 404 }),
      ),
    );
    renderWithPermissions(<JournalPage />, [view]);
    await userEvent.click(await screen.findByText('删除'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('批次不存在或已删除')).toBeInTheDocument();
    expect(screen.getByText('综合 · 模拟装置 · 模拟操作台')).toBeInTheDocument();
  });

  it('still offers simulation and import when the batch list cannot be loaded', async () => {
    batches([]);
    server.use(http.get('/api/alarm/mock/batches', () => new HttpResponse(null, { status: 502 })));
    renderWithPermissions(<JournalPage />, [view]);
    expect(await screen.findByText('暂无模拟数据')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /生\s*成/ })).toBeEnabled();
  });

  it('shows the empty state and hides actions without permission', async () => {
    batches([]);
    renderWithPermissions(<JournalPage />, []);
    expect(await screen.findByText('暂无模拟数据')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /生\s*成/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });
});
