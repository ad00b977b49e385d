import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './fixtures';

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
  await signInAsAdmin(page);
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

test('a new build shows the update notice, and 刷新 activates it and reloads', async ({ page, context }) => {
  await signInAsAdmin(page);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const staticDir = process.env.E2E_STATIC_DIR;
  if (!staticDir) throw new Error('E2E_STATIC_DIR is set by e2e/global-setup.ts');
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

test('a returning visit styles the board with the antd styles its first visit kept, building none of them', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const average = page.getByRole('group', { name: '平均报警率' });
  await expect(average).toBeVisible();
  /** Styles antd built in this page (a restored snapshot carries none of these marks). */
  const built = () =>
    page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((style) => style.textContent ?? ''));
  const look = () =>
    Promise.all([
      page
        .getByRole('menu')
        .first()
        .evaluate((menu) => getComputedStyle(menu).backgroundColor),
      average.evaluate((card) => {
        const style = getComputedStyle(card.closest('.ant-pro-card') ?? card);
        return [style.borderRadius, style.backgroundColor, style.paddingTop];
      }),
    ]);
  const firstBuilt = await built();
  expect(firstBuilt.some((css) => css.includes('.ant-menu'))).toBe(true);
  const firstLook = await look();

  // Leaving the page keeps what it built; the reload is the returning visit.
  await page.reload();
  await expect(average).toBeVisible();
  await expect(page.locator('style[data-style-snapshot]')).toHaveCount(1);
  const rebuilt = (await built()).filter((css) => /\.ant-(menu|layout|card|statistic|pro-card)\b/.test(css));
  expect(rebuilt).toEqual([]);
  expect(await look()).toEqual(firstLook);
});
