/**
 * First-load weight of a route: the JS and CSS a cold browser (empty cache, no service worker) fetches
 * until the page shows its data, each body gzipped here so the figure does not depend on how the server
 * compresses. `npm run bench` prints it beside the budgets.
 */
import { gzipSync } from 'node:zlib';
import { type Browser, expect, type Page } from '@playwright/test';

const KIB = 1024;

export interface WeightBudget {
  path: string;
  /** Budget of docs/quality.md, gzip bytes of JS + CSS. */
  budget: number;
  /** Resolves once the page has drawn everything it loads on arrival. */
  ready: (page: Page) => Promise<void>;
}

/** A throttled CPU (the LCP bench) takes longer than expect's default 5 s to show a page. */
const PATIENCE = { timeout: 60_000 };

/** The one list of first-load budgets (docs/quality.md, "Speed"). */
export const FIRST_LOAD_BUDGETS: WeightBudget[] = [
  {
    path: '/alarm/board/over',
    budget: 450 * KIB,
    async ready(page) {
      await expect(page.getByRole('group', { name: '平均报警率' })).toBeVisible(PATIENCE);
      // The first view's trend is the server's picture of it (the live chart's code comes when reached for).
      const picture = page.getByRole('img', { name: '报警趋势' }).locator('img');
      await expect(picture).toBeVisible(PATIENCE);
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth), PATIENCE)
        .toBeGreaterThan(0);
    },
  },
  {
    path: '/alarm/bases/list',
    budget: 550 * KIB,
    async ready(page) {
      await expect(page.getByRole('row').nth(1)).toBeVisible(PATIENCE);
    },
  },
];

export interface FirstLoad {
  path: string;
  budget: number;
  /** gzip bytes of all JS + CSS fetched. */
  bytes: number;
  files: { url: string; bytes: number }[];
}

/** `tokenLink` is the sign-in link's query (`?token=…`): the route is opened with it, as a bookmark would be. */
export async function measureFirstLoad(
  browser: Browser,
  baseURL: string,
  tokenQuery: string,
  route: WeightBudget,
): Promise<FirstLoad> {
  // A fresh context has an empty cache and no stored session (not the one a test's options may hold); blocking the
  // service worker keeps its precache out of the count.
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const pending: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, bytes: gzipSync(body).length })),
    );
  });
  try {
    await page.goto(`${route.path}${tokenQuery}`);
    await route.ready(page);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).sort((a, b) => b.bytes - a.bytes);
    return { path: route.path, budget: route.budget, bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
  } finally {
    await context.close();
  }
}

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(0)} KiB`;
