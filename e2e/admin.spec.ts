import ExcelJS from 'exceljs';
import { expect, newUserContext, pageTitle, test } from './fixtures';

const submit = /确\s*定/;

test('a role with two permissions gives its user exactly that menu, /403 elsewhere, and 403 from the server', async ({
  page,
  browser,
}) => {
  await page.goto('/permission');
  await page.getByRole('tab', { name: '角色' }).click();
  await page.getByRole('button', { name: '新建角色' }).click();
  const roleDrawer = page.getByRole('dialog');
  await roleDrawer.getByLabel('角色名称').fill('看板与系统类型');
  await roleDrawer.getByLabel('查看 alarm-board-over-view').check();
  await roleDrawer.getByLabel('查看 alarm-base-system-view').check();
  await roleDrawer.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('cell', { name: '看板与系统类型' })).toBeVisible();

  await page.getByRole('tab', { name: '用户' }).click();
  await page.getByRole('button', { name: '新建用户' }).click();
  const userDrawer = page.getByRole('dialog');
  await userDrawer.getByLabel('用户名').fill('e2e.viewer');
  await userDrawer.getByLabel('姓名').fill('看板查看员');
  await userDrawer.getByLabel('角色').click();
  await page.locator('.ant-select-item-option', { hasText: '看板与系统类型' }).click();
  await userDrawer.getByRole('button', { name: submit }).click();
  const row = page.getByRole('row', { name: /e2e\.viewer/ });
  await expect(row).toBeVisible();

  await row.getByText('登录链接').click();
  const link = await page.getByRole('dialog').locator('code').innerText();
  expect(link).toMatch(/\/\?token=[\w-]+$/);

  const context = await newUserContext(browser);
  const viewer = await context.newPage();
  await viewer.goto(link);
  const menu = viewer.getByRole('menu').first();
  await expect(menu).toBeVisible();
  const items = menu.locator(':scope > li > .ant-menu-title-content, :scope > li > .ant-menu-submenu-title');
  await expect(items).toHaveText(['报警看板', '基础配置']);
  await expect(pageTitle(viewer)).toHaveText('报警总览');

  await viewer.goto('/alarm/base/system');
  await expect(pageTitle(viewer)).toHaveText('系统类型');
  await expect(viewer.getByText('集散控制系统')).toBeVisible();
  await expect(viewer.getByRole('button', { name: '新建系统类型' })).toHaveCount(0);

  await viewer.goto('/permission');
  await expect(viewer).toHaveURL(/\/403\?from=%2Fpermission$/);

  const token = await viewer.evaluate(() => localStorage.getItem('token'));
  const refused = await viewer.request.get('/api/permission/users', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).msg).toBe('没有权限执行此操作（需要 permission-view）');
  await context.close();
});

test('the alarm-type list exports to a readable .xlsx', async ({ page }) => {
  await page.goto('/alarm/base/type');
  await expect(page.getByText('状态不一致')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导\s*出/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^\d{14}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).values).toEqual([undefined, '编码', '名称', '描述', '显示颜色', '排序', '状态']);
  const codes = sheet?.getColumn(1).values.slice(2);
  expect(codes).toEqual(['PVHI', 'PVHH', 'PVLO', 'PVLL', 'DEV', 'ROC', 'BAD', 'DISC']);
});
