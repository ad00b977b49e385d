import { adminLink, expect, openConsole, pageTitle, test } from './fixtures';

const topLevelMenu = ['报警看板', '报警库', '报警模板', '优化管理', '审批管理', '基础配置', '模拟', '权限配置'];

test.describe('signing in', () => {
  // A browser holding no session: these are about signing in, not signed in already.
  test.use({ signedIn: false });

  test('signing in by link stores the token, removes it from the address and lands on the overview', async ({
    page,
  }) => {
    await page.goto(adminLink());
    await expect(page).toHaveURL(/\/alarm\/board\/over$/);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]{40,}$/);
    const permissions = await page.evaluate(() => JSON.parse(localStorage.getItem('permission') ?? '[]'));
    expect(permissions).toContain('permission-edit');
    await expect(pageTitle(page)).toHaveText('报警总览');
    await expect(page.getByText('管理员').first()).toBeVisible();
  });

  test('without a token the console goes to /403', async ({ page }) => {
    await page.goto('/alarm/board/over');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText('无权限')).toBeVisible();
  });

  test('a forged token is refused and leads to /403', async ({ page }) => {
    await page.goto('/alarm/board/over?token=forged-token-value');
    await expect(page).toHaveURL(/\/403$/);
  });

  test('a server that cannot be reached at start-up offers a retry, not /403', async ({ page }) => {
    await page.route('**/api/userinfo', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await page.goto(adminLink());
    await expect(page.getByText('无法加载用户信息')).toBeVisible();
    expect(new URL(page.url()).pathname).not.toBe('/403');
    await page.unroute('**/api/userinfo');
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await expect(page.getByRole('menu').first()).toBeVisible();
  });
});

test('an admin sees every menu group in the order of the screens', async ({ page }) => {
  await openConsole(page);
  const menu = page.getByRole('menu').first();
  for (const label of topLevelMenu) await expect(menu.getByText(label, { exact: true })).toBeVisible();
  const items = menu.locator(':scope > li > .ant-menu-title-content, :scope > li > .ant-menu-submenu-title');
  const texts = await items.allInnerTexts();
  expect(texts.map((text) => text.trim())).toEqual(topLevelMenu);
});

test('every menu page opens with its title', async ({ page }) => {
  for (const [path, title] of [
    ['/alarm/board/performance', '报警性能看板'],
    ['/alarm/bases/list', '报警列表'],
    ['/alarm/op/system/run', '系统运行看板'],
    ['/alarm/approve/list', '审批管理'],
    ['/alarm/base/type', '报警类型'],
    ['/alarm/mock', '模拟'],
    ['/permission', '权限配置'],
  ]) {
    await page.goto(path);
    await expect(pageTitle(page)).toHaveText(title);
  }
});

test('the user name is the watermark of layout pages', async ({ page }) => {
  await openConsole(page);
  const watermark = page.locator('.ant-pro-layout .ant-console-watermark');
  await expect(watermark).toHaveCount(1);
  const tile = await watermark.evaluate((mark) => decodeURIComponent(getComputedStyle(mark).backgroundImage));
  // The admin of a first start is named 管理员 (server/seed/roles.ts).
  expect(tile).toContain('<tspan x="0" y="0">管理员</tspan>');
});

test('alias paths redirect to their first page', async ({ page }) => {
  for (const [from, to] of [
    ['/alarm/op', '/alarm/op/working'],
    ['/alarm/op3', '/alarm/op/update'],
    ['/alarm/template', '/alarm/template/list'],
    ['/alarm/template2/list', '/alarm/template/list'],
    ['/alarm/base', '/alarm/base/type'],
    ['/alarm/base/examine/config2', '/alarm/base/examine/config'],
  ]) {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
  }
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('您访问的页面不存在。')).toBeVisible();
});

test('sign-out clears the session', async ({ page }) => {
  await openConsole(page);
  await page.getByText('管理员').first().hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/403$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('served pages carry the security headers', async ({ page }) => {
  const response = await page.goto('/403');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});
