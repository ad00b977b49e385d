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
