import routes, { type AppRoute } from '../config/routes';
import { expect, pageTitle, test } from './fixtures';

/**
 * A picture of every page of the route table as admin at 1440 × 900, saved in the test output (one PNG per
 * route under test-results/), so that a reviewer can look at all pages at once. Each page must show its
 * title and raise no error.
 */

interface Page {
  path: string;
  name: string;
  /** Drawn without the layout: no page header, the page is a main region named after its route. */
  bare: boolean;
}

function pagesOf(table: AppRoute[], bare = false): Page[] {
  return table.flatMap((route) => {
    const inner = bare || route.layout === false;
    const own = route.component && route.name ? [{ path: route.path, name: route.name, bare: inner }] : [];
    return [...own, ...pagesOf(route.routes ?? [], inner)];
  });
}

for (const route of pagesOf(routes)) {
  test(`${route.name} (${route.path})`, async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(route.path);
    if (route.bare) await expect(page.getByRole('main', { name: route.name })).toBeVisible();
    else await expect(pageTitle(page)).toHaveText(route.name);
    // The page's own requests answered and drawn.
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: testInfo.outputPath(`${route.path.slice(1).replaceAll('/', '-')}.png`),
      fullPage: true,
    });
    expect(errors).toEqual([]);
  });
}
