import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const submit = /确\s*定/;

/** Feeds journal rows through the collector endpoint with the signed-in admin's token. */
async function feedJournal(page: Page, token: string, rows: object[]) {
  const response = await page.request.post('/api/alarm/mock/events', {
    headers: { authorization: `Bearer ${token}` },
    data: rows,
  });
  expect((await response.json()).code).toBe(0);
}

test('editing a point is refused for bad input, then saved and shown in its audit trail', async ({
  page,
  adminToken,
}) => {
  await feedJournal(page, adminToken, [
    {
      time: '2026-01-05T08:00:00Z',
      tag: 'E2E-FIC-101',
      condition: 'PVHI',
      event: 'ALM',
      priority: 'high',
      console: 'E2E台',
      unit: 'E2E装置',
    },
  ]);
  await page.goto('/alarm/bases/list?tag=E2E-FIC');
  const row = page.getByRole('row', { name: /E2E-FIC-101/ });
  await expect(row.getByText('B 未确认报警')).toBeVisible();

  await row.getByText('编辑').click();
  const form = page.getByRole('dialog');
  await form.getByLabel('死区').fill('-2');
  await form.getByRole('button', { name: submit }).click();
  await expect(form.getByText('死区必须 ≥ 0')).toBeVisible();
  await form.getByLabel('死区').fill('0.5');
  await form.getByLabel('报警限值').fill('95');
  await form.getByRole('button', { name: submit }).click();
  await expect(page.getByText('已保存报警点 E2E-FIC-101 / PVHI')).toBeVisible();

  await row.getByRole('button', { name: 'E2E-FIC-101' }).click();
  const drawer = page.getByRole('dialog', { name: '报警点 E2E-FIC-101 / PVHI' });
  await drawer.getByRole('tab', { name: '变更记录' }).click();
  const trail = drawer.getByRole('table', { name: '变更记录' });
  await expect(trail.getByRole('row', { name: /报警限值/ })).toContainText('（空） → 95');
  await expect(trail.getByRole('row', { name: /死区/ })).toContainText('（空） → 0.5');
  await expect(trail.getByRole('row', { name: /报警限值/ })).toContainText('报警库直接修改（未走变更）');
});

test('a library file with one bad row is reported by row and column and stores nothing', async ({ page }) => {
  await page.goto('/alarm/bases/list');
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入报警库' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'library.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('位号,报警类型,描述,优先级\nE2E-NEW-1,PVHI,导入的好行,高\nE2E-NEW-2,NOPE,导入的坏行,低\n'),
  });
  const report = dialog.getByRole('table', { name: '错误报告' });
  await expect(report.getByRole('row', { name: /报警类型「NOPE」不存在/ })).toContainText('3');
  await expect(dialog.getByText(/未导入任何数据/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('位号').fill('E2E-NEW');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  await expect(page.getByText('导入的好行')).toHaveCount(0);
});

test('the column setting hides a column and shows it again', async ({ page }) => {
  await page.goto('/alarm/bases/list');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: '描述' })).toBeVisible();
  // The popover's tree is fetched when the popover first opens.
  await page.getByRole('main').getByRole('img', { name: 'setting' }).click();
  const column = page.getByRole('tree').getByRole('treeitem', { name: '描述' });
  await column.locator('.ant-tree-checkbox').click();
  await expect(table.getByRole('columnheader', { name: '描述' })).toHaveCount(0);
  await column.locator('.ant-tree-checkbox').click();
  await expect(table.getByRole('columnheader', { name: '描述' })).toBeVisible();
});
