import type { Browser, Page } from '@playwright/test';
import { expect, newUserContext, test } from './fixtures';

const TAG = 'E2E-MOC-101';
const TITLE = 'E2E 提高进料流量高报限值';

/** Calls the API with the signed-in admin's token. */
function asAdmin(page: Page, token: string) {
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

/** A user with one seeded role, and a fresh sign-in link for them (as 权限配置 issues it). */
async function userWithRole(api: ReturnType<typeof asAdmin>, username: string, name: string, role: string) {
  const roles: { id: number; name: string }[] = await api.get('/api/permission/roles');
  const roleId = roles.find((row) => row.name === role)?.id;
  const user = await api.post('/api/permission/users', { username, name, roleIds: [roleId] });
  return (await api.post(`/api/permission/users/${user.id}/token`)).url as string;
}

async function signIn(browser: Browser, link: string): Promise<Page> {
  const page = await (await newUserContext(browser)).newPage();
  await page.goto(link);
  await expect(page.getByRole('menu').first()).toBeVisible();
  return page;
}

async function approve(page: Page, outcome: RegExp) {
  await page.goto('/alarm/approve/list');
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await row.getByRole('button', { name: '通过' }).click();
  const modal = page.getByRole('dialog', { name: `通过：${TITLE}` });
  await modal.getByLabel('审批意见').fill('同意');
  await modal.getByRole('button', { name: /通\s*过/ }).click();
  await expect(page.getByText(outcome)).toBeVisible();
}

test('a limit change submitted by an engineer, who may not approve it himself, is applied after 审核员 and 批准人 and shows in the library’s audit trail', async ({
  page,
  browser,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const api = asAdmin(page, adminToken);
  await api.post('/api/alarm/mock/events', [
    {
      time: '2026-01-05T08:00:00Z',
      tag: TAG,
      condition: 'PVHI',
      event: 'ALM',
      priority: 'high',
      console: 'E2E台',
      unit: 'E2E装置',
    },
  ]);
  const engineerLink = await userWithRole(api, 'e2e.moc.engineer', '变更发起人', '报警工程师');
  const reviewerLink = await userWithRole(api, 'e2e.moc.reviewer', '审核员', '审核员');
  const approverLink = await userWithRole(api, 'e2e.moc.approver', '批准人', '审批人');

  const engineer = await signIn(browser, engineerLink);
  await engineer.goto('/alarm/op/update');
  await engineer.getByRole('button', { name: '发起变更' }).click();
  await expect(engineer).toHaveURL(/\/alarm\/op3\/update$/);
  await engineer.getByLabel('变更标题').fill(TITLE);
  await engineer.getByLabel('变更原因').fill('工艺负荷提高，原限值频繁报警');
  await engineer.getByRole('combobox', { name: '搜索报警点' }).fill('E2E-MOC');
  await engineer.locator('.ant-select-item-option', { hasText: `${TAG} / PVHI` }).click();
  await engineer.getByRole('spinbutton', { name: '第 1 项目标值' }).fill('95');
  await engineer.getByRole('button', { name: '提交审批' }).click();
  await expect(engineer).toHaveURL(/\/alarm\/op\/update\?open=\d+$/);
  const changeId = new URL(engineer.url()).searchParams.get('open');
  const drawer = engineer.getByRole('dialog', { name: `变更单 #${changeId} ${TITLE}` });
  await expect(drawer.getByText('审批中').first()).toBeVisible();
  await expect(drawer.getByRole('table', { name: '变更项' })).toContainText('无 → 95');

  // The engineer is listed on 工程审核 (报警工程师) but is the initiator: 审批管理 says why he cannot act.
  await engineer.goto('/alarm/approve/list');
  await engineer.getByRole('tab', { name: '全部' }).click();
  const own = engineer.getByRole('row', { name: new RegExp(TITLE) });
  await expect(own).toContainText('发起人不能审批自己的变更');
  await expect(own.getByRole('button', { name: '通过' })).toHaveCount(0);
  const refused = await engineer.evaluate(async (id) => {
    const token = localStorage.getItem('token');
    const list = await (
      await fetch('/api/alarm/approve/list?scope=mine', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const approval = list.data.list.find((row: { changeRequestId: number }) => row.changeRequestId === Number(id));
    const answer = await fetch(`/api/alarm/approve/list/${approval.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: answer.status, msg: (await answer.json()).msg };
  }, changeId);
  expect(refused).toEqual({ status: 403, msg: '发起人不能审批自己的变更' });

  await approve(await signIn(browser, reviewerLink), /已通过本步审批/);
  await approve(await signIn(browser, approverLink), new RegExp(`变更单 #${changeId} 已实施`));

  await engineer.goto(`/alarm/bases/list?tag=${TAG}`);
  await engineer
    .getByRole('row', { name: new RegExp(TAG) })
    .getByRole('button', { name: TAG })
    .click();
  const point = engineer.getByRole('dialog', { name: `报警点 ${TAG} / PVHI` });
  await expect(point.getByText('95', { exact: false }).first()).toBeVisible();
  await point.getByRole('tab', { name: '变更记录' }).click();
  const trail = point.getByRole('row', { name: /报警限值/ });
  await expect(trail).toContainText('（空） → 95');
  await expect(trail).toContainText(`变更单 #${changeId}`);
});

test('the initiator revokes a pending request from 审批管理 → 我发起的 (撤回)', async ({ page, adminToken }) => {
  const tag = 'E2E-MOC-REVOKE';
  const title = 'E2E 待审批的限值变更';
  const api = asAdmin(page, adminToken);
  await api.post('/api/alarm/mock/events', [
    {
      time: '2026-01-06T08:00:00Z',
      tag,
      condition: 'PVLO',
      event: 'ALM',
      priority: 'low',
      console: 'E2E台',
      unit: 'E2E装置',
    },
  ]);
  const points: { list: { id: number }[] } = await api.get(`/api/alarm/op/update/points?tag=${tag}`);
  await api.post('/api/alarm/op/update', {
    title,
    reason: '发起人在审批前撤回',
    riskLevel: 'low',
    businessType: 'alarmChange',
    items: [{ pointId: points.list[0].id, field: 'priority', after: 'medium' }],
    submit: true,
  });

  await page.goto('/alarm/approve/list');
  await page.getByRole('tab', { name: '我发起的' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: '撤回', exact: true }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText(`已撤回「${title}」`)).toBeVisible();
  await expect(row).toContainText('已撤回');
  await expect(row.getByRole('button', { name: '撤回', exact: true })).toHaveCount(0);
});
