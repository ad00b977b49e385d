import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, pageTitle, test } from './fixtures';

const save = /保\s*存/;

/** The items table's body rows (the editable table). */
const itemRows = (page: Page) => page.locator('.ant-pro-table .ant-table-tbody tr.ant-table-row');

/** A select's shown value covers its search input: users click the select itself. */
const selectLabelled = (page: Page, name: string) =>
  page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name }) });

/** Picks a condition in an item row's select (its first), as a user does. */
async function chooseCondition(page: Page, row: number, label: string) {
  const select = itemRows(page).nth(row).locator('.ant-select').first();
  await select.click();
  const open = page.locator('.ant-select-dropdown:visible');
  await open.locator(`.ant-select-item-option[title="${label}"]`).click();
  // Closed before the next row's opens: a click could land in this one while it fades out.
  await expect(open).toHaveCount(0);
  await expect(select).toContainText(label);
}

test('a template is created, edited (its rules checked) and deleted through its pages', async ({ page }) => {
  await page.goto('/alarm/template/list');
  await page.getByRole('button', { name: '新建模板' }).click();
  await expect(page).toHaveURL(/\/alarm\/template2\/list\/create$/);
  await expect(pageTitle(page)).toHaveText('新建模板');

  await page.getByLabel('模板名称').fill('E2E 泵报警模板');
  await page.getByLabel('设备类型').fill('离心泵');
  await page.getByRole('button', { name: /添加报警项/ }).click();
  await chooseCondition(page, 0, 'PVHH 高高报');
  await itemRows(page).nth(0).getByRole('spinbutton').first().fill('95');
  await page.getByRole('button', { name: /添加报警项/ }).click();
  await chooseCondition(page, 1, 'PVHI 高报');
  await itemRows(page).nth(1).getByRole('spinbutton').first().fill('90');
  await page.getByRole('button', { name: save }).click();

  await expect(page).toHaveURL(/\/alarm\/template\/list$/);
  const row = page.getByRole('row', { name: /E2E 泵报警模板/ });
  await expect(row).toContainText('离心泵');
  await expect(row.getByRole('cell', { name: '2', exact: true }).first()).toBeVisible();

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/alarm\/template2\/list\/edit\?id=\d+$/);
  await expect(page.getByLabel('模板名称')).toHaveValue('E2E 泵报警模板');
  const highLimit = itemRows(page).nth(1).getByRole('spinbutton').first();
  await expect(highLimit).toHaveValue('90');
  await highLimit.fill('96');
  await page.getByRole('button', { name: save }).click();
  await expect(page.getByText('限值须满足 PVHH > PVHI > PVLO > PVLL：PVHH（95）应高于 PVHI（96）')).toBeVisible();
  await highLimit.fill('80');
  await page.getByLabel('描述').fill('出口压力报警');
  await page.getByRole('button', { name: save }).click();

  await expect(page).toHaveURL(/\/alarm\/template\/list$/);
  await expect(row).toContainText('出口压力报警');
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('已删除模板「E2E 泵报警模板」')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the evaluation shows the demo templates’ deviations, drills down and exports', async ({ page }) => {
  await page.goto('/alarm/op/evaluate');
  await expect(pageTitle(page)).toHaveText('模板评估');
  await selectLabelled(page, '模板').click();
  await page.getByTitle('离心泵标准报警模板（离心泵）').click();

  // Every demo pump lacks the PVLL alarm the template requires.
  const details = page.locator('.ant-pro-card').filter({ hasText: '设备评估明细' });
  const pump = details.getByRole('row', { name: /P-101A/ });
  await expect(pump).toContainText('常减压装置');
  await expect(page.getByRole('img', { name: '各设备合规率' }).locator('svg text').first()).toBeAttached();
  await pump.getByRole('button', { name: /展开行|Expand row/ }).click();
  await expect(page.getByLabel('P-101A 的偏差')).toContainText('PVLL 低低报 · 缺少必需报警');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导\s*出/ }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).values).toEqual([
    undefined,
    '装置',
    '设备',
    '模板',
    '合规率(%)',
    '合规项',
    '模板项',
    '缺少',
    '多余',
    '不一致',
    '偏差明细',
  ]);
  const equipmentNames = sheet?.getColumn(2).values.slice(2);
  expect(equipmentNames).toContain('P-101A');
});

test('批量合理化 of the pump type, then the suggested priorities drafted as one change', async ({ page }) => {
  await page.goto('/alarm/template/list');
  const template = page.getByRole('row', { name: /离心泵标准报警模板/ });
  await template.getByRole('button', { name: '批量合理化' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(/^已按模板「离心泵标准报警模板」合理化 [1-9]\d* 个报警点/)).toBeVisible();

  // The pumps' PVHH points now suggest 中 (严重 × 5–15 分钟) beside their configured 高.
  await page.goto('/alarm/bases/list');
  await page.getByLabel('优先级不一致').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="是"]').click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const first = page.locator('.ant-pro-table .ant-table-tbody tr.ant-table-row').first();
  await expect(first.getByRole('checkbox')).toBeVisible();
  await page.getByRole('button', { name: '按建议优先级起草变更' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page).toHaveURL(/\/alarm\/op3\/update\?id=\d+$/);
  await expect(page.getByText(/^已起草变更单 #\d+/)).toBeVisible();
});
