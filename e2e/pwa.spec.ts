import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openConsole, test } from './fixtures';

// The service worker, which keeps the answers and dates the offline banner, runs on the real clock (a worker's
// clock cannot be pinned): the pages do too.
test.use({ pinnedClock: false });

test('the app is installable: manifest with icons', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.name).toBe('报警优化管理平台');
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect((await request.get('/icon-512.png')).ok()).toBe(true);
});

test('the service worker registers and the shell reloads offline with the offline notice', async ({
  page,
  context,
}) => {
  await openConsole(page);
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptURL).toMatch(/\/sw\.js$/);
  // The first load is not yet controlled; after a reload the worker serves the shell.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('当前处于离线状态').first()).toBeVisible();
  await context.setOffline(false);
});

/** Waits until the service worker has kept an answer of `path` (GET /api…) for offline use. */
async function kept(page: Page, path: string) {
  await expect
    .poll(() =>
      page.evaluate(async (wanted) => {
        for (const name of await caches.keys()) {
          if (!name.startsWith('api-data-')) continue;
          const requests = await (await caches.open(name)).keys();
          if (requests.some((request) => new URL(request.url).pathname === wanted)) return true;
        }
        return false;
      }, path),
    )
    .toBe(true);
}

test('offline, the overview and the library show the answers fetched last, dated, under a banner below the header, and writes are refused', async ({
  page,
  context,
}) => {
  await openConsole(page);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // The first load is not yet controlled; after a reload the worker sees (and keeps) the calls.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible();
  await kept(page, '/api/alarm/board/over');
  await page.goto('/alarm/bases/list');
  const firstRow = page.getByRole('row').filter({ hasText: '编辑' }).first();
  await expect(firstRow).toBeVisible();
  const firstRowText = (await firstRow.textContent()) ?? '';
  await kept(page, '/api/alarm/bases/list');

  await context.setOffline(true);
  try {
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: '当前处于离线状态' });
    await expect(banner).toContainText(/显示的是 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 获取的缓存内容/);
    await expect(page.getByRole('row').filter({ hasText: '编辑' }).first()).toHaveText(firstRowText);
    // Below the fixed header, and not covered by it.
    const headerBottom = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('header')].map((header) => header.getBoundingClientRect().bottom)),
    );
    const box = await banner.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(headerBottom);
    const onTop = await banner.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(onTop).toBe(true);

    // A write is refused in Chinese, not queued.
    await page.getByRole('row').filter({ hasText: '编辑' }).first().getByText('编辑').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('当前处于离线状态，修改未提交，请联网后重试')).toBeVisible();

    await page.goto('/alarm/board/over');
    await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible();
    await expect(page.getByText('加载看板数据失败')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: '当前处于离线状态' })).toContainText('获取的缓存内容');
  } finally {
    await context.setOffline(false);
  }
});

test('a new build shows the update notice, and 刷新 activates it and reloads', async ({ page, context }) => {
  await openConsole(page);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const staticDir = process.env.E2E_STATIC_DIR;
  if (!staticDir) throw new Error('E2E_STATIC_DIR is set by the server fixture of e2e/fixtures.ts');
  const sw = path.join(staticDir, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// build ${Date.now()}\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '发现新内容' });
    await expect(notice).toBeVisible();
    const reloaded = page.waitForEvent('framenavigated');
    await notice.getByRole('button', { name: /刷\s*新/ }).click();
    await reloaded;
    await expect(page.locator('.ant-notification-notice').filter({ hasText: '发现新内容' })).toHaveCount(0);
    // The new worker took over: nothing waits any more and a worker controls the reloaded page.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
    // The updated app still starts offline.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('当前处于离线状态').first()).toBeVisible();
    await context.setOffline(false);
  } finally {
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/\n\/\/ build \d+\n$/, ''));
  }
});
