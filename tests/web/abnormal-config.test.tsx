/** 异常报警配置 page: defaults shown, validation, save, read-only without edit, error state. */

import { permissionString } from '@common/routes';
import type { AbnormalSettings } from '@contract/kpiSettings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import AbnormalConfigPage from '@/pages/Alarm/Settings/AbnormalConfig';
import { mockApi, startAppRuntime } from './helpers';
import { ok, renderWithPermissions } from './render';

const server = mockApi();
startAppRuntime();

const defaults: AbnormalSettings = {
  kpi: {
    overloadThreshold: 10,
    floodStart: 10,
    floodEnd: 5,
    chatterCount: 3,
    chatterSeconds: 60,
    fleetingSeconds: 5,
    staleHours: 24,
    frequentPerDay: 50,
  },
  rules: { chattering: true, fleeting: true, standing: true, frequent: true, floodContributor: true },
  floodContributorTop: 3,
};
const view = permissionString('/alarm/base/config', 'view');
const edit = permissionString('/alarm/base/config', 'edit');

function serve(settings = defaults) {
  const saved: AbnormalSettings[] = [];
  server.use(
    http.get('/api/alarm/base/config', () => HttpResponse.json(ok({ settings, defaults }))),
    http.put('/api/alarm/base/config', async ({ request }) => {
      const body = (await request.json()) as AbnormalSettings;
      saved.push(body);
      return HttpResponse.json(ok({ settings: body, defaults }));
    }),
  );
  return saved;
}

describe('异常报警配置 page', { timeout: 30_000 }, () => {
  it('shows every setting with its default and saves changes', async () => {
    const saved = serve();
    renderWithPermissions(<AbnormalConfigPage />, [view, edit]);
    const threshold = await screen.findByLabelText('过载阈值（每 10 分钟报警数 >）');
    expect(threshold).toHaveValue('10');
    expect(screen.getByLabelText('长时报警持续时长')).toHaveValue('24');
    expect(screen.getByText('默认 50，范围 1–100000')).toBeInTheDocument();
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '12');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].kpi.overloadThreshold).toBe(12);
    expect(saved[0].rules.floodContributor).toBe(true);
  });

  it('refuses a flood end above the flood start without calling the server', async () => {
    const saved = serve();
    renderWithPermissions(<AbnormalConfigPage />, [view, edit]);
    const floodEnd = await screen.findByLabelText('报警泛滥结束阈值（每 10 分钟 <）');
    await userEvent.clear(floodEnd);
    await userEvent.type(floodEnd, '20');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('结束阈值不能大于开始阈值')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('restores the defaults into the form', async () => {
    serve({ ...defaults, kpi: { ...defaults.kpi, staleHours: 48 } });
    renderWithPermissions(<AbnormalConfigPage />, [view, edit]);
    expect(await screen.findByLabelText('长时报警持续时长')).toHaveValue('48');
    await userEvent.click(screen.getByRole('button', { name: '恢复默认值' }));
    expect(screen.getByLabelText('长时报警持续时长')).toHaveValue('24');
  });

  it('is read-only without the edit permission', async () => {
    serve();
    renderWithPermissions(<AbnormalConfigPage />, [view]);
    expect(await screen.findByText('报警指标设置')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即检测' })).not.toBeInTheDocument();
  });

  it('shows an error state with retry when loading fails', async () => {
    server.use(
      http.get('/api/alarm/base/config', () =>
        HttpResponse.json({ code: 500, msg: '服务器内部错误，请稍后重试', data: null }, { status: 500 }),
      ),
    );
    renderWithPermissions(<AbnormalConfigPage />, [view]);
    expect(await screen.findByText('加载配置失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });
});
