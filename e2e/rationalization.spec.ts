/**
 * Rationalization in the browser: a point's record written in the drawer, confirmed from the list, and back to
 * 待确认 once its priority is edited; 报警响应手册 opened from 报警列表, printed (A4, a page per equipment, no
 * watermark) and exported.
 */

import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { MANUAL_WORKBOOK_COLUMNS } from '../tests/fixtures/response-manual';
import { expect, test } from './fixtures';

const submit = /确\s*定/;

/** Chooses the option starting with `text` in the open select list. */
async function choose(page: Page, label: string, text: string) {
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel(label).click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(new RegExp(`^${text}`))
    .click();
  // The list closes with an animation: the next select's list must be the only one shown.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test('a point rationalized in the drawer is confirmed, and an edit of its priority takes it back to 待确认', async ({
  page,
  adminToken,
}) => {
  const fed = await page.request.post('/api/alarm/mock/events', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: [
      {
        time: '2026-01-05T08:00:00Z',
        tag: 'E2E-RAT-101',
        condition: 'PVHI',
        event: 'ALM',
        priority: 'high',
        console: 'E2E台',
        unit: 'E2E装置',
      },
    ],
  });
  expect((await fed.json()).code).toBe(0);
  await page.goto('/alarm/bases/list?tag=E2E-RAT');
  const row = page.getByRole('row', { name: /E2E-RAT-101/ });
  await expect(row.getByText('待确认', { exact: true })).toBeVisible();

  await row.getByText('详情').click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByRole('tab', { name: '合理化' }).click();
  const record = drawer.getByRole('form', { name: '合理化记录' });
  await record.getByLabel('原因').fill('进料泵出口阀误关');
  await record.getByLabel('不处理的后果').fill('泵憋压，机封泄漏');
  await choose(page, '人员安全严重度', '轻微');
  await choose(page, '环境严重度', '无');
  await choose(page, '财产与生产严重度', '严重');
  await record.getByLabel('响应时间（分钟）').fill('3');
  await record.getByLabel('处置措施').fill('打开出口阀，必要时切换备用泵');
  await record.getByLabel('报警类别').fill('工艺');
  // Worst severity 严重 within 5 minutes: the matrix suggests 高, the priority the point has.
  await expect(drawer.getByTestId('suggested-priority')).toHaveText('高');
  await record.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('合理化记录已保存')).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(page.getByRole('dialog', { name: '报警点 E2E-RAT-101 / PVHI' })).toBeHidden();

  await row.getByText('确认', { exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: submit }).click();
  await expect(page.getByText('已确认 E2E-RAT-101 / PVHI')).toBeVisible();
  await expect(row.getByText('已确认', { exact: true })).toBeVisible();

  await row.getByText('编辑').click();
  const form = page.getByRole('dialog', { name: /编辑/ });
  // The list's search form has a 优先级 field too (the same field id): the dialog's own item, by its label text.
  await form
    .locator('.ant-form-item')
    .filter({ hasText: /^\*?\s*优先级/ })
    .locator('.ant-select')
    .click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('中').click();
  await form.getByRole('button', { name: submit }).click();
  await expect(row.getByText('待确认', { exact: true })).toBeVisible();
  await row.getByText('详情').click();
  await drawer.getByRole('tab', { name: '合理化' }).click();
  await expect(drawer.getByText('当前优先级与矩阵建议不一致：确认前请调整优先级，或填写差异说明')).toBeVisible();
  await expect(drawer.locator('.ant-descriptions').getByText('待确认', { exact: true })).toBeVisible();
});

test('报警响应手册 prints a page per equipment without the watermark, and exports the same alarms', async ({
  page,
}) => {
  await page.goto('/alarm/bases/list');
  await page.getByRole('button', { name: /报警响应手册/ }).click();
  await expect(page).toHaveURL(/\/alarm\/bases\/list\/manual$/);
  await expect(page.getByText('请选择操作台或装置')).toBeVisible();
  await page.getByRole('combobox', { name: '操作台' }).click();
  // A console of the demo plant: its units' equipment make several sections.
  await page.locator('.ant-select-dropdown:visible').getByTitle('常减压操作台').click();
  await expect(page).toHaveURL(/\?console=/);

  const sections = page.locator('section.manual-section');
  await expect(sections.first()).toBeVisible();
  const sectionCount = await sections.count();
  expect(sectionCount).toBeGreaterThan(1);
  const blocks = page.locator('article.manual-entry');
  const blockCount = await blocks.count();
  expect(blockCount).toBeGreaterThan(sectionCount);
  await expect(sections.first().locator('header')).toContainText(/操作台：.+日期：\d{4}-\d{2}-\d{2}/);
  const watermark = page.locator('.ant-console-watermark');
  await expect(watermark).toBeVisible();
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(watermark).toBeHidden();
  await expect(page.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await expect(page.getByRole('menu').first()).toBeHidden();
  const breaks = await sections.evaluateAll((all) => all.map((section) => getComputedStyle(section).breakBefore));
  expect(breaks[0]).not.toBe('page');
  expect(breaks.slice(1).every((value) => value === 'page')).toBe(true);
  expect(await blocks.first().evaluate((block) => getComputedStyle(block).breakInside)).toBe('avoid');
  // Printed on A4: at least a page per equipment.
  const pdfBytes = await page.pdf({ format: 'A4' });
  const pdf = pdfBytes.toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0).toBeGreaterThanOrEqual(sectionCount);

  await page.emulateMedia({ media: 'screen' });
  await expect(watermark).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导出 xlsx/ }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('报警响应手册');
  expect(sheet?.getRow(1).values).toEqual([undefined, ...MANUAL_WORKBOOK_COLUMNS]);
  expect((sheet?.rowCount ?? 0) - 1).toBe(blockCount);
  const firstTag = await blocks.first().getAttribute('aria-label');
  expect(`${sheet?.getRow(2).getCell(3).value} ${String(sheet?.getRow(2).getCell(4).value).split(' ')[0]}`).toBe(
    firstTag,
  );
});
