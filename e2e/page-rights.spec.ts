import type { Browser, Page } from '@playwright/test';
import { expect, newUserContext, pageTitle, test } from './fixtures';

/**
 * A user holding a few view rights opens the hidden editor pages without the rights they need, the 403 page, the
 * group headings and a bogus sign-in link: nothing the server refuses is asked for, and nothing fails in the page.
 */
const VIEWS = [
  'alarm-template-list-view',
  'alarm-op-working-view',
  'alarm-op-update-view',
  'alarm-base-examine-config-view',
  'alarm-board-performance-view',
  'alarm-bases-abnormal-view',
];

/** Uncaught errors, console errors and refused API calls, from the moment the page is watched. */
function watch(page: Page) {
  const problems: string[] = [];
  const refused: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && [401, 403].includes(response.status())) {
      refused.push(`${response.status()} ${pathname}`);
    }
  });
  return { problems, refused };
}

/** The sign-in link of a new user holding `permissions`, made through the API as an administrator would. */
async function userWith(page: Page, adminToken: string, username: string, permissions: string[]): Promise<string> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const post = async (path: string, data?: unknown) => {
    const body = await (await page.request.post(path, { headers, data })).json();
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const role = await post('/api/permission/roles', { name: `${username} 的角色`, permissions });
  const user = await post('/api/permission/users', { username, name: '只读用户', roleIds: [role.id] });
  return (await post(`/api/permission/users/${user.id}/token`)).url;
}

async function signedIn(browser: Browser, link: string) {
  const context = await newUserContext(browser);
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(link);
  return { page, seen, context };
}

test('hidden editor pages show 无权限 naming the right, without asking the server, and the form with the right', async ({
  page,
  browser,
  adminToken,
}) => {
  const link = await userWith(page, adminToken, 'e2e.rights.viewer', VIEWS);
  const viewer = await signedIn(browser, link);
  // Signed in on 首页: the first page this user may open, not the overview they may not.
  await expect(viewer.page).toHaveURL(/\/alarm\/board\/performance$/);
  await expect(pageTitle(viewer.page)).toHaveText('报警性能看板');

  const hidden: [string, string, string, string][] = [
    ['/alarm/template2/list/edit?id=35', '模板列表 / 编辑', 'alarm-template-list-edit', '返回模板列表'],
    ['/alarm/template2/list/create', '模板列表 / 新建', 'alarm-template-list-create', '返回模板列表'],
    ['/alarm/op2/working/create', '多工况管理 / 新建', 'alarm-op-working-create', '返回多工况管理'],
    ['/alarm/op3/update', '变更管理 / 新建', 'alarm-op-update-create', '返回变更管理'],
    ['/alarm/base/examine/config2/child?id=1', '审批配置 / 编辑', 'alarm-base-examine-config-edit', '返回审批配置'],
    ['/alarm/base/examine/config2/child', '审批配置 / 新建', 'alarm-base-examine-config-create', '返回审批配置'],
  ];
  for (const [address, label, right, back] of hidden) {
    await viewer.page.goto(address);
    await expect(viewer.page.getByText('无权限')).toBeVisible();
    await expect(viewer.page.getByText(`「${label}」权限（${right}）`, { exact: false })).toBeVisible();
    await expect(viewer.page.getByRole('button', { name: /保\s*存/ })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: back })).toBeVisible();
  }
  await viewer.page.getByRole('button', { name: '返回审批配置' }).click();
  await expect(viewer.page).toHaveURL(/\/alarm\/base\/examine\/config$/);
  await expect(pageTitle(viewer.page)).toHaveText('审批配置');
  await expect(viewer.page.getByRole('button', { name: '新建审批流程' })).toHaveCount(0);
  expect(viewer.seen.refused).toEqual([]);
  expect(viewer.seen.problems).toEqual([]);
  await viewer.context.close();

  // The administrator holds every right: the forms.
  const admin = watch(page);
  await page.goto('/alarm/op3/update');
  await expect(page.getByLabel('变更标题')).toBeVisible();
  await page.goto('/alarm/base/examine/config2/child');
  await expect(page.getByLabel('流程名称')).toBeVisible();
  await page.goto('/alarm/template2/list/create');
  await expect(page.getByLabel('模板名称')).toBeVisible();
  await expect(page.getByText('无权限')).toHaveCount(0);
  expect(admin.refused).toEqual([]);
  expect(admin.problems).toEqual([]);
});

test('the 403 page names the page and the right, and 返回首页 leads to the first page the user may open', async ({
  page,
  browser,
  adminToken,
}) => {
  const link = await userWith(page, adminToken, 'e2e.rights.refused', VIEWS);
  const viewer = await signedIn(browser, link);
  await expect(viewer.page).toHaveURL(/\/alarm\/board\/performance$/);
  await viewer.page.goto('/permission');
  await expect(viewer.page).toHaveURL(/\/403\?from=%2Fpermission$/);
  await expect(
    viewer.page.getByText('您没有打开「权限配置」的权限：缺少「权限配置 / 查看」（permission-view）'),
  ).toBeVisible();
  await viewer.page.getByRole('link', { name: '返回首页' }).click();
  await expect(viewer.page).toHaveURL(/\/alarm\/board\/performance$/);
  await expect(viewer.page.getByRole('menu').first()).toBeVisible();

  // Group headings without a page of their own lead to their first page the user may open.
  await viewer.page.goto('/alarm/board');
  await expect(viewer.page).toHaveURL(/\/alarm\/board\/performance$/);
  await viewer.page.goto('/alarm/bases');
  await expect(viewer.page).toHaveURL(/\/alarm\/bases\/abnormal$/);
  expect(viewer.seen.refused).toEqual([]);
  expect(viewer.seen.problems).toEqual([]);

  // Signed out from the 403 page: how to sign in again.
  await viewer.page.goto('/permission');
  await viewer.page.getByRole('button', { name: '退出登录' }).click();
  await expect(viewer.page.getByText(/请向管理员索取登录链接/)).toBeVisible();
  expect(await viewer.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await viewer.context.close();
});

test.describe('signed out', () => {
  // A browser holding no session opens the link.
  test.use({ signedIn: false });

  test('a bogus sign-in link is refused by one user-info call', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/?token=bogus-token-value');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText(/请向管理员索取登录链接/)).toBeVisible();
    expect(seen.refused).toEqual(['401 /api/userinfo']);
    expect(seen.problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });
});
