import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright's own browser download is neither wanted nor possible here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Two workers, each with a built server of its own (the `server` fixture of e2e/fixtures.ts): tests of one file
 * may run on both. e2e/dev.spec.ts starts the dev commands instead, one after the other on one worker; listed first,
 * it starts at once beside the built app's tests.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/file-times.ts']],
  projects: [
    { name: 'dev', testMatch: 'dev.spec.ts' },
    { name: 'built', testIgnore: 'dev.spec.ts' },
  ],
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
