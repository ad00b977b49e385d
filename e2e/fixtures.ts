/**
 * What every spec of the built app shares (import `test` and `expect` from here, not from @playwright/test):
 *
 * - A built server per worker (`server`, worker-scoped): its own port, data directory (a copy of the demo plant
 *   global-setup.ts seeded once), drop folder and copy of dist/, so that a spec which changes what a server holds
 *   (a published build, the drop folder, admin edits) disturbs no spec on the other worker. Its env vars are set in
 *   the worker: E2E_ADMIN_LINK, E2E_DROP_DIR, E2E_STATIC_DIR.
 * - Signed in once per server: the admin's sign-in link is opened once, and every test's context starts from that
 *   browser storage (the SPA keeps its session in localStorage, src/utils/session.ts). Tests about signing in opt
 *   out with `test.use({ signedIn: false })`.
 * - A pinned clock: every server's demo plant ends at SEED_DEMO_UNTIL, and every page's clock starts there and runs
 *   on, so the boards draw the same data whatever the day. Specs that watch data made at the real time opt out
 *   with `test.use({ pinnedClock: false })`, saying why.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { startBuiltServer } from './built-server';

export { expect };

/**
 * The demo plant's journal, condition timeline and change requests end here on every e2e server; pages start here.
 * The plant of this morning drew 系统改进看板's labels over each other ("6971 × 7.26", a change's name on a value).
 */
export const SEED_DEMO_UNTIL = '2026-12-02T08:00:00+08:00';

/** The environment of every e2e server besides its port and directories. */
export const E2E_SERVER_ENV = {
  SEED_DEMO_UNTIL,
  // 数据采集's drop root is looked at often, so that a dropped journal shows within a test's patience.
  COLLECTOR_POLL_MS: '250',
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts the browser clock of a context's pages at SEED_DEMO_UNTIL; time runs on from there. */
export async function pinClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: new Date(SEED_DEMO_UNTIL) });
}

export interface WorkerServer {
  baseURL: string;
  /** The admin sign-in link the server printed. */
  link: string;
  /** The admin's token (the link's): the one the stored session carries. */
  token: string;
  /** The signed-in admin's browser storage, saved once for this server. */
  adminState: string;
}

export const test = base.extend<
  { signedIn: boolean; pinnedClock: boolean; adminToken: string },
  { server: WorkerServer }
>({
  server: [
    async ({ browser }, use) => {
      const seeded = process.env.E2E_SEEDED_DB;
      if (!seeded) throw new Error('E2E_SEEDED_DB is set by e2e/global-setup.ts');
      const dir = mkdtempSync(path.join(tmpdir(), 'alarm-e2e-worker-'));
      const dataDir = path.join(dir, 'db');
      cpSync(seeded, dataDir, { recursive: true });
      // A copy of the built SPA, so a test can publish a "new build" without touching dist/.
      const staticDir = path.join(dir, 'dist');
      cpSync('dist', staticDir, { recursive: true });
      const dropDir = path.join(dir, 'drop');
      mkdirSync(dropDir);
      const port = await freePort();
      // ADMIN_LINK: the copied database was seeded by another start, which printed its link then.
      const started = await startBuiltServer({
        port,
        dataDir,
        staticDir,
        env: { ...E2E_SERVER_ENV, DROP_DIR: dropDir, ADMIN_LINK: '1' },
      });
      try {
        const baseURL = `http://127.0.0.1:${port}`;
        const link = new URL(started.link);
        const token = link.searchParams.get('token') as string;
        process.env.E2E_ADMIN_LINK = started.link;
        process.env.E2E_DROP_DIR = dropDir;
        process.env.E2E_STATIC_DIR = staticDir;
        // Signed in once, straight onto a page without charts: the storage keeps the session and nothing a
        // board would store for its next visit.
        const context = await browser.newContext({
          baseURL,
          storageState: { cookies: [], origins: [] },
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        await page.goto(`/alarm/base/type${link.search}`);
        await expect(page.getByRole('menu').first()).toBeVisible();
        await expect(page).toHaveURL(/\/alarm\/base\/type$/);
        const adminState = path.join(dir, 'admin-state.json');
        await context.storageState({ path: adminState });
        await context.close();
        await use({ baseURL, link: started.link, token, adminState });
      } finally {
        await started.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  signedIn: [true, { option: true }],
  storageState: async ({ server, signedIn }, use) => use(signedIn ? server.adminState : undefined),
  pinnedClock: [true, { option: true }],
  context: async ({ context, pinnedClock }, use) => {
    if (pinnedClock) await pinClock(context);
    await use(context);
  },
  adminToken: async ({ server }, use) => use(server.token),
});

export function adminLink(): string {
  const link = process.env.E2E_ADMIN_LINK;
  if (!link) throw new Error('E2E_ADMIN_LINK is set by the server fixture of e2e/fixtures.ts');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Opens the console's start page as the signed-in admin (the test's storage carries the session). */
export async function openConsole(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('menu').first()).toBeVisible();
}

/**
 * A browser context of its own, for another user to sign in by their link: without the admin's stored session
 * (contexts made in a test take its options, storage included), its clock pinned like the test's pages.
 */
export async function newUserContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await pinClock(context);
  return context;
}

/** The title ProComponents' PageContainer shows for the current route. */
export function pageTitle(page: Page) {
  return page.locator('.ant-page-header-heading-title');
}
