import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The store's page router (src/web/lib/page-router.tsx, browser-pages.tsx) as a shopper meets it; the scroll
// positions of Back and Forward and the held Back during a payment are walked in storefront.spec.ts and
// checkout-steps.spec.ts.

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a reload opens the page where the shopper was on it', async ({ page }) => {
  await page.goto('/about');
  await expect(heading(page)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => scrollY(page)).toBe(700);
  await page.reload();
  await expect(heading(page)).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(700);
});

test("the page and its address stay, with the loading bar, until the next page's code has come; then it opens at the top", async ({
  page,
}) => {
  // Held from the start, should the browser ask for the device page's code early.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/device-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/buy');
  const details = page.getByRole('link', { name: 'View Details' }).first();
  await details.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(0);
  await details.click();

  // The address changes with the page, not before it.
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
  await expect(heading(page)).toHaveText('Buy Quality Devices');
  await expect(page).toHaveURL(/\/buy$/);
  release();
  await expect(page).toHaveURL(/\/device\/[\w-]+$/);
  await expect(heading(page)).not.toHaveText('Buy Quality Devices');
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('the first load of a page, and a move to the next, log no warning or error', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type())) messages.push(message.text());
  });
  for (const path of ['/', '/buy', '/about']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.getByRole('banner').getByRole('link', { name: 'QuickBuy home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop Smarter Today!');
  expect(messages).toEqual([]);
});
