import type { BrowserContext, ConsoleMessage, Page, Request } from '@playwright/test';
import { forSale, type Device, type DeviceListReply } from '../../src/shared/catalog';
import { expect, test, type Api } from './fixtures';
import { hydrated } from './live-page';

// Server rendering (docs/decisions/032): the storefront reads without JavaScript, and with it
// the page the server sent is hydrated as it is: no console error, no second request for its data.
// These stories read the demo catalog and add no device (other specs count the whole catalog).

/** An in-stock device of the demo catalog, by the listing's filters. */
async function demoDevice(api: Api, query: string): Promise<Device> {
  const { items } = await api.expect<DeviceListReply>(api.get(`/api/devices?${query}&pageSize=100`));
  const device = items.find(forSale);
  expect(device, `an in-stock device for ${query}`).toBeDefined();
  return device!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper reads the home page, filters and pages through /buy, and opens a device', async ({ page, api }) => {
    const laptop = await demoDevice(api, 'category=laptop');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Smarter Today!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Trending Products' }).getByRole('link').first()).toBeVisible();
    // The parts that hydrate later are in the page as sent, not hidden copies waiting for a script.
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' })).toBeVisible();

    await page.goto('/buy');
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Quality Devices' })).toBeVisible();
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();

    // The filters are a GET form: choose, then Apply (shown only without JavaScript), or Enter in the search.
    await page.getByLabel('Category', { exact: true }).selectOption('laptop');
    await page.getByLabel('Price Range', { exact: true }).selectOption('all');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/category=laptop/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('laptop');
    await page.getByLabel('Search', { exact: true }).fill(laptop.name);
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('laptop');

    await page
      .getByRole('link', { name: new RegExp(laptop.name) })
      .first()
      .click();
    await expect(page).toHaveURL(`/device/${laptop.id}`);
    await expect(page.getByRole('heading', { level: 1, name: laptop.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  });
});

/** Console errors and warnings, uncaught errors, and the catalog API requests a page makes. */
function watch(page: Page) {
  const problems: string[] = [];
  const catalogRequests: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(devices|home|collections)/.test(pathname)) catalogRequests.push(pathname);
  });
  return { problems, catalogRequests };
}

/**
 * Opens `path` in a page of its own (the fixture's waits for the app on every goto) whose app code is held
 * back until `release` is called: the page shows what the server sent, and nothing of it is live.
 */
async function openHeldBack(context: BrowserContext, path: string) {
  const page = await context.newPage();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { page, release };
}

test.describe('with JavaScript', () => {
  test('the home page, the listing and a device page hydrate without errors or refetching their data', async ({
    page,
    api,
  }) => {
    const device = await demoDevice(api, 'category=phone');
    for (const path of ['/', '/buy?category=phone', `/device/${device.id}`]) {
      const seen = watch(page);
      const response = await page.goto(path);
      expect(await response!.text()).toContain('id="quickbuy-page"');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(seen.problems, path).toEqual([]);
      expect(seen.catalogRequests, path).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('request');
    }
    await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
  });

  test('Add to Cart pressed before the page is live adds the device once it is', async ({ context, api }) => {
    const device = await demoDevice(api, 'category=phone');
    const { page, release } = await openHeldBack(context, `/device/${device.id}`);
    await page.getByRole('button', { name: /Add to Cart/ }).click();
    expect(await page.evaluate(() => performance.getEntriesByName('quickbuy:ready').length)).toBe(0);

    release();
    await expect(page.getByText(`${device.name} added to cart!`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await page.close();
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("a search typed in /buy's box before the page is live is applied once it is", async ({ context, api }) => {
      const laptop = await demoDevice(api, 'category=laptop');
      const { page, release } = await openHeldBack(context, '/buy');
      await page.getByLabel('Search', { exact: true }).pressSequentially(laptop.name);
      expect(await page.evaluate(() => performance.getEntriesByName('quickbuy:ready').length)).toBe(0);

      release();
      await expect(page).toHaveURL(`/buy?${new URLSearchParams({ q: laptop.name })}`);
      await expect(page.getByLabel('Search', { exact: true })).toHaveValue(laptop.name);
      await expect(page.getByRole('link', { name: new RegExp(laptop.name) }).first()).toBeVisible();
      await page.close();
    });
  });

  test('the hydrated listing filters in place and the cart badge fills in from browser storage', async ({
    page,
    api,
  }) => {
    const device = await demoDevice(api, 'category=tablet');
    await page.goto(`/device/${device.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    // A new document: the server renders an empty cart, the badge appears after hydration.
    const seen = watch(page);
    await page.goto('/buy');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption('laptop');
    await expect(page).toHaveURL(/category=laptop/);
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    expect(seen.problems).toEqual([]);
  });
});
