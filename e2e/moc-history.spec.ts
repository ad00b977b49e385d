import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';

const TAG = 'E2E-HIST-101';
const TITLE = 'E2E 归档与审计';

/** Calls the API with a bearer token; answers `data`, failing on a refusal. */
function api(page: Page, token: string | null) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => (await (await page.request.get(path, { headers })).json()).data,
    post: async (path: string, data?: unknown) => {
      const body = await (await page.request.post(path, { headers, data })).json();
      expect(body.code, body.msg).toBe(0);
      return body.data;
    },
  };
}

test('an ended request is archived from 审批管理, found under 已归档, and its audit export lists every transition', async ({
  page,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const admin = api(page, adminToken);
  await admin.post('/api/alarm/mock/events', [
    { time: '2026-01-05T08:00:00Z', tag: TAG, condition: 'PVHI', event: 'ALM', priority: 'high', unit: 'E2E装置' },
  ]);
  // The request is an engineer's, decided by someone else and archived by the administrator.
  const roles: { id: number; name: string }[] = await admin.get('/api/permission/roles');
  const engineerRole = roles.find((role) => role.name === '报警工程师')?.id;
  const user = await admin.post('/api/permission/users', {
    username: 'e2e.hist.engineer',
    name: '归档发起人',
    roleIds: [engineerRole],
  });
  const link: string = (await admin.post(`/api/permission/users/${user.id}/token`)).url;
  const engineer = api(page, new URL(link, 'http://x').searchParams.get('token'));
  const points = await engineer.get(`/api/alarm/op/update/points?tag=${TAG}`);
  const change = await engineer.post('/api/alarm/op/update', {
    title: TITLE,
    reason: '端到端测试',
    riskLevel: 'low',
    businessType: 'alarmChange',
    items: [{ pointId: points.list[0].id, field: 'deadband', after: 2 }],
    submit: true,
  });
  // 审核员 decides the first step of the demo flows.
  const users: { list: { id: number; username: string }[] } = await admin.get(
    '/api/permission/users?current=1&pageSize=100',
  );
  const reviewerId = users.list.find((row) => row.username === 'reviewer')?.id;
  const reviewerLink: string = (await admin.post(`/api/permission/users/${reviewerId}/token`)).url;
  const reviewer = api(page, new URL(reviewerLink, 'http://x').searchParams.get('token'));
  await reviewer.post(`/api/alarm/approve/list/${change.approval.approvalId}/reject`, { comment: '依据不足' });

  await page.goto('/alarm/approve/list');
  await page.getByRole('tab', { name: '全部' }).click();
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await row.getByRole('button', { name: '归档', exact: true }).click();
  await expect(page.getByText(`归档「${TITLE}」？归档后将从默认列表隐藏，历史记录保留。`)).toBeVisible();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(`已归档「${TITLE}」`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('radiogroup', { name: '归档筛选' }).getByText('已归档').click();
  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: `审批：${TITLE}` });
  await expect(drawer.getByText(/^已归档（.*）：不在默认列表中显示，历史记录完整保留$/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: /审计导出/ }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const transitions = workbook.getWorksheet('流转记录');
  const actions = transitions?.getColumn(3).values.slice(2);
  expect(actions).toEqual(['创建', '提交审批', '驳回', '归档']);
  expect(transitions?.getRow(4).getCell(7).value).toBe('依据不足');
  const summary = workbook.getWorksheet('变更单');
  expect(summary?.getRow(2).values).toEqual([undefined, '编号', change.id]);
});
