import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, openConsole, pageTitle, test } from './fixtures';

/** Each board on the demo plant: its title, a chart drawn as SVG, and a figure from the data. */
const BOARDS: { path: string; title: string; chart: string; shows: string }[] = [
  { path: '/alarm/board/over', title: '报警总览', chart: '报警趋势', shows: '平均报警率' },
  { path: '/alarm/board/performance', title: '报警性能看板', chart: 'EEMUA 191 运行等级', shows: '常减压操作台' },
  { path: '/alarm/board/eq', title: '设备报警看板', chart: '设备报警热力图', shows: 'K-201' },
  { path: '/alarm/op/system/run', title: '系统运行看板', chart: '近1小时报警率', shows: '催化操作台' },
  { path: '/alarm/op/system/improve', title: '系统改进看板', chart: '改进趋势', shows: '各期指标' },
  { path: '/alarm/op/optimize', title: '对比优化看板', chart: '报警点变化', shows: '报警总数' },
];

async function chartDrawn(page: Page, label: string) {
  const chart = page.getByRole('img', { name: label });
  // A first-view chart may show the server's picture of it until the pointer reaches it.
  await chart.hover();
  await expect(chart.locator('svg')).toBeVisible();
  // Numbers are drawn on the chart, readable without hovering.
  await expect(chart.locator('svg text').first()).toBeAttached();
}

for (const board of BOARDS) {
  test(`${board.title} draws the demo plant's data`, async ({ page }) => {
    await page.goto(board.path);
    await expect(pageTitle(page)).toHaveText(board.title);
    await chartDrawn(page, board.chart);
    await expect(page.getByText(board.shows).first()).toBeVisible();
  });
}

test('报警总览 keeps its choice in the address; back returns to the previous one', async ({ page }) => {
  await openConsole(page);
  await page.getByText('近7天', { exact: true }).click();
  await expect(page).toHaveURL(/range=7d/);
  const scope = page.getByRole('combobox', { name: '范围' });
  await page.locator('.ant-select', { has: scope }).click();
  // Typed and chosen with the keyboard: a click can land while the dropdown is still opening.
  await scope.fill('催化操作台');
  await scope.press('Enter');
  await expect(page).toHaveURL(/console=/);
  await expect(page.getByRole('group', { name: '报警总数' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/range=7d$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/alarm\/board\/over$/);
  // A shared address opens the same choice.
  await page.goto('/alarm/board/over?range=30d');
  await expect(page.getByRole('radio', { name: '近30天' })).toBeChecked();
});

test('charts load only on the pages that draw them', async ({ page }) => {
  const staticDir = process.env.E2E_STATIC_DIR;
  if (!staticDir) throw new Error('E2E_STATIC_DIR is set by the server fixture of e2e/fixtures.ts');
  const chartScripts: string[] = [];
  // Each script is read from the files served: a response's body is gone once its page has navigated away.
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const { pathname } = new URL(request.url());
    if (fs.readFileSync(path.join(staticDir, pathname), 'utf8').includes('_echarts_instance_'))
      chartScripts.push(pathname);
  });
  // Straight onto a page without charts: the default landing page is a board.
  await page.goto('/alarm/base/type');
  await expect(pageTitle(page)).toHaveText('报警类型');
  expect(chartScripts).toEqual([]);
  await page.goto('/alarm/board/performance');
  await chartDrawn(page, 'EEMUA 191 运行等级');
  expect(chartScripts).toHaveLength(1);
});

test('报警性能看板 exports its ISA-18.2 table', async ({ page }) => {
  await page.goto('/alarm/board/performance');
  await expect(page.getByRole('table', { name: 'ISA-18.2 指标' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^\d{14}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    '操作台',
    'EEMUA 运行等级',
    '指标',
    '数值',
    '单位',
    '目标（≤）',
    '状态',
  ]);
  expect(sheet.rowCount).toBe(1 + 3 * 8);
});

test('优化目标设置 saves a console target and the boards judge by it', async ({ page }) => {
  await page.goto('/alarm/op/config');
  await expect(page.getByLabel('平均报警率（≤）')).toHaveValue('1.00');
  await page.getByLabel('平均报警率（≤）').fill('50');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('目标已保存，看板将按新目标判定')).toBeVisible();
  await page.goto('/alarm/board/over?range=7d');
  const average = page.getByRole('group', { name: '平均报警率' });
  await expect(average).toContainText('目标 ≤ 50 次/10分钟');
  await expect(average).toContainText('达标');
});

test('报警总览 opened again asks for its data and trend picture once each, sent at start-up', async ({ page }) => {
  await openConsole(page);
  const trend = page.getByRole('img', { name: '报警趋势' });
  // The first visit draws the picture at the card's width, which the next start-up asks for.
  await expect(trend.locator('img')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await page.reload();
  await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible();
  await expect(trend.locator('img')).toBeVisible();
  // The ranking below the fold is drawn when scrolled to, from the answer sent ahead.
  const ranking = page.getByRole('img', { name: '报警排名' });
  await ranking.scrollIntoViewIfNeeded();
  await expect(ranking.locator('svg')).toBeAttached();
  expect(asked.filter((path) => path !== '/api/userinfo').sort()).toEqual([
    '/api/alarm/board/over',
    '/api/alarm/board/over/scopes',
    '/api/kpi/ranking',
    '/api/kpi/series',
    '/api/kpi/series/picture',
  ]);
});

test('报警总览 opened cold fetches its code and first data while the signed-in user is on the way', async ({
  page,
}) => {
  await openConsole(page);
  let userAsked = false;
  let userAnswered = false;
  const scripts: { url: string; afterUser: boolean }[] = [];
  const apis: { path: string; afterUser: boolean }[] = [];
  const pending = new Set<string>();
  const done = (request: { url: () => string }) => pending.delete(request.url());
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/userinfo') pending.add(request.url());
    if (url.pathname.endsWith('.js')) scripts.push({ url: url.pathname, afterUser: userAnswered });
    else if (url.pathname.startsWith('/api/') && url.pathname !== '/api/userinfo') {
      apis.push({ path: url.pathname, afterUser: userAnswered });
    }
  });
  // The user's answer is held until everything that left beside it has arrived.
  let answerUser = () => {};
  const held = new Promise<void>((resolve) => (answerUser = resolve));
  await page.route('**/api/userinfo', async (route) => {
    userAsked = true;
    await held;
    userAnswered = true;
    await route.continue();
  });
  // Cold: nothing cached by the service worker or the HTTP cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  });
  await page.goto('/alarm/board/over?range=7d');
  await expect.poll(() => userAsked).toBe(true);
  await expect.poll(() => apis.length).toBeGreaterThanOrEqual(3);
  await expect.poll(() => pending.size).toBe(0);
  answerUser();
  await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible();
  await expect(page.getByRole('img', { name: '报警趋势' }).locator('img')).toBeVisible();
  // The board's data was asked for beside the user's, and the code of its page and layouts with it.
  expect(apis.filter((api) => !api.afterUser).map((api) => api.path)).toEqual(
    expect.arrayContaining(['/api/alarm/board/over', '/api/kpi/series', '/api/kpi/ranking']),
  );
  expect(scripts.filter((script) => script.afterUser)).toEqual([]);
});
