import { FIRST_LOAD_BUDGETS, kib, measureFirstLoad } from './first-load';
import { adminLink, expect, test } from './fixtures';

/**
 * Bytes are deterministic for a given build, so the budgets of docs/quality.md are checked here, not only
 * printed by `npm run bench`: a change that pushes a route over its budget fails the suite.
 */
for (const route of FIRST_LOAD_BUDGETS) {
  test(`first load of ${route.path} stays within ${kib(route.budget)} gzip`, async ({ browser, baseURL }) => {
    const load = await measureFirstLoad(browser, baseURL as string, new URL(adminLink(), baseURL).search, route);
    const heaviest = load.files
      .slice(0, 5)
      .map((file) => `${file.url} ${kib(file.bytes)}`)
      .join(', ');
    expect(load.bytes, `${kib(load.bytes)}; heaviest: ${heaviest}`).toBeLessThanOrEqual(route.budget);
  });
}
