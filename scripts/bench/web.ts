/**
 * Front-end budgets of docs/quality.md, measured in headless Chromium on the built app (`npm run build`)
 * served by the built server with the demo plant:
 * - first-load weight (gzip JS + CSS, cold cache) of each budgeted route (e2e/first-load.ts), and of the
 *   whole overview once scrolled to the bottom (charts below the fold load when reached);
 * - LCP of /alarm/board/over with the CPU slowed 4× (CDP): cold (empty cache, first visit) and warm
 *   (second visit, served by the registered service worker).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { startBuiltServer } from '../../e2e/built-server';
import { FIRST_LOAD_BUDGETS, kib, measureFirstLoad } from '../../e2e/first-load';
import config, { chromiumPath } from '../../playwright.config';

const OVERVIEW = FIRST_LOAD_BUDGETS[0];
const LCP_BUDGET = { cold: 2500, warm: 1000 };
const CPU_SLOWDOWN = 4;
const RUNS = 5;

/** Opens `address` with the CPU slowed down and returns the last largest-contentful-paint time, in ms. */
async function lcpOf(context: BrowserContext, address: string): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const seen = window as unknown as { lcp: number };
    seen.lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // Waited for from outside the page: locator polling would run in the page and slow what is measured.
  const picture = page.waitForResponse((response) => response.url().includes('/api/kpi/series/picture'), {
    timeout: 60_000,
  });
  await page.goto(address);
  await picture;
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(async () => {
    // The trend picture may still be decoding: it is the largest paint once shown.
    await document
      .querySelector<HTMLImageElement>('[aria-label="报警趋势"] img')
      ?.decode()
      .catch(() => undefined);
    return new Promise<number>((resolve) =>
      // Two frames: the picture, once decoded, has been painted and reported.
      requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { lcp: number }).lcp))),
    );
  });
  await page.close();
  return lcp;
}

const LIBRARY = FIRST_LOAD_BUDGETS[1];

/**
 * Opens the library with the CPU slowed down and returns when, in ms after navigation, its first row of
 * points was drawn (seen by a MutationObserver in the page: polling from outside would slow it).
 */
async function rowsShownAt(context: BrowserContext, address: string): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const seen = window as unknown as { rowsAt: number };
    seen.rowsAt = 0;
    const observer = new MutationObserver(() => {
      if (seen.rowsAt || !document.querySelector('tr.ant-table-row')) return;
      seen.rowsAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(address);
  await page.waitForFunction(() => (window as unknown as { rowsAt: number }).rowsAt > 0, undefined, {
    timeout: 60_000,
    polling: 1000,
  });
  const at = await page.evaluate(() => (window as unknown as { rowsAt: number }).rowsAt);
  await page.close();
  return at;
}

async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchWeb(print: (line: string) => void): Promise<void> {
  if (!fs.existsSync('build/server.mjs') || !fs.existsSync('dist/index.html')) {
    print('web: skipped — run `npm run build` first (the browser budgets are measured on the built app)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const port = 8800 + Math.floor(Math.random() * 100);
  const server = await startBuiltServer({ port, dataDir: path.join(dir, 'db'), staticDir: 'dist' });
  const baseURL = `http://127.0.0.1:${port}`;
  const tokenQuery = new URL(server.link).search;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: config.use?.launchOptions?.args });
  try {
    for (const route of FIRST_LOAD_BUDGETS) {
      const load = await measureFirstLoad(browser, baseURL, tokenQuery, route);
      print(`first load of ${route.path}: ${kib(load.bytes)} gzip JS+CSS (budget ≤ ${kib(route.budget)})`);
    }
    const whole = await measureFirstLoad(browser, baseURL, tokenQuery, {
      ...OVERVIEW,
      async ready(page) {
        await OVERVIEW.ready(page);
        for (const chart of ['优先级分布', '报警排名']) {
          const drawn = page.getByRole('img', { name: chart });
          await drawn.scrollIntoViewIfNeeded();
          await drawn.locator('svg').waitFor();
        }
        await page.getByRole('table', { name: '最近报警泛滥' }).scrollIntoViewIfNeeded();
      },
    });
    print(`  ${OVERVIEW.path} scrolled to the bottom (all its charts): ${kib(whole.bytes)}`);

    /** Cold (first visit) and warm (the next, from the service worker) figures of `measure` on `path`. */
    const coldAndWarm = async (
      path: string,
      measure: (context: BrowserContext, address: string) => Promise<number>,
    ) => {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
        cold.push(await measure(context, `${path}${tokenQuery}`));
        const page = await context.newPage();
        await page.goto(path);
        await serviceWorkerReady(page);
        await page.close();
        warm.push(await measure(context, path));
        await context.close();
      }
      return { cold: median(cold), warm: median(warm) };
    };
    const lcp = await coldAndWarm(OVERVIEW.path, lcpOf);
    print(
      `LCP of ${OVERVIEW.path}, CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS}: cold ${seconds(lcp.cold)} ` +
        `(budget ≤ ${seconds(LCP_BUDGET.cold)}), warm ${seconds(lcp.warm)} (budget ≤ ${seconds(LCP_BUDGET.warm)})`,
    );
    const rows = await coldAndWarm(LIBRARY.path, rowsShownAt);
    print(
      `first rows of ${LIBRARY.path}, CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS}: cold ${seconds(rows.cold)}, ` +
        `warm ${seconds(rows.warm)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
