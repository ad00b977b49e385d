import { expect, type Page } from '@playwright/test';

export function adminLink(): string {
  const link = process.env.E2E_ADMIN_LINK;
  if (!link) throw new Error('E2E_ADMIN_LINK is set by e2e/global-setup.ts');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs in through the printed link, as an admin would. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(adminLink());
  await expect(page.getByRole('menu').first()).toBeVisible();
}

/** The title ProComponents' PageContainer shows for the current route. */
export function pageTitle(page: Page) {
  return page.locator('.ant-page-header-heading-title');
}
