/** antd's styles extracted at build time (scripts/antd-styles.tsx, src/utils/builtStyles.ts). */
import type { Page } from '@playwright/test';
import { expect, openConsole, test } from './fixtures';

/** The style paths the build's stylesheet holds, and the hashes of the styles antd has injected itself. */
function styleState(page: Page) {
  return page.evaluate(() => {
    const sheet = [...document.styleSheets].find((candidate) => candidate.href?.endsWith('/antd-styles.css'));
    const map = [...(sheet?.cssRules ?? [])].find(
      (rule): rule is CSSStyleRule =>
        rule instanceof CSSStyleRule && rule.selectorText === '.data-ant-cssinjs-cache-path',
    );
    const held = (map?.style.content ?? '').replace(/^"|"$/g, '').split(';').filter(Boolean);
    const injected = [...document.querySelectorAll('style[data-css-hash]')].map((style) =>
      style.getAttribute('data-css-hash'),
    );
    return { held, injected };
  });
}

/** The look of antd's parts on the page: each part's class and the computed styles that show. */
function looks(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '.ant-btn, .ant-card, .ant-tag, .ant-menu-item, .ant-segmented, .ant-select, .ant-statistic-content, .ant-layout-header, .ant-pro-page-container',
      ),
    ].map((element) => {
      const style = getComputedStyle(element);
      return [
        element.className,
        style.color,
        style.backgroundColor,
        style.fontSize,
        style.padding,
        style.borderRadius,
        style.borderColor,
      ].join(' | ');
    }),
  );
}

test('a returning visit takes antd’s styles from the build’s stylesheet, and antd builds none of those again', async ({
  page,
}) => {
  await openConsole(page);
  await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible();
  // A first visit fetches no stylesheet of antd: its first load stays the app's scripts.
  const first = await styleState(page);
  const firstLooks = await looks(page);
  expect(firstLooks.length).toBeGreaterThan(10);
  expect(first.held).toEqual([]);
  expect(first.injected.length).toBeGreaterThan(20);
  await page.evaluate(async () => navigator.serviceWorker.ready);

  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible();
  const returning = await styleState(page);
  expect(returning.held.length).toBeGreaterThan(40);
  const heldHashes = new Set(returning.held.map((pair) => pair.slice(pair.lastIndexOf(':') + 1)));
  expect(returning.injected.filter((hash) => hash && heldHashes.has(hash))).toEqual([]);
  expect(returning.injected.length).toBeLessThan(first.injected.length / 4);
  // The page looks the same as antd drew it on the first visit.
  expect(await looks(page)).toEqual(firstLooks);
  await page.goto('/alarm/bases/list');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /导\s*入/ })).toHaveCSS('background-color', 'rgb(24, 144, 255)');
});
