import type { Page } from '@playwright/test';
import { E2E_AGENT, expect, test } from './fixtures';
import { hydrated } from './live-page';

// A part of the app that fails to render shows the failure in its place, with Try again, and the frame
// around it stays: the header and footer on the storefront and the account, a dashboard's title and tabs
// on the back office. Each story makes a page fail by answering one of its reads with a body of the wrong
// shape (the browser's request is intercepted), then lets the read through again and presses Try again.

/** Answers the browser's requests to `url` with `body`, a reply the page cannot draw. */
async function breakRead(page: Page, url: string, body: unknown) {
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'Unexpected Application Error!' });

async function expectStorefrontFrame(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

test.describe('error boundaries', () => {
  test('a storefront page that fails to render keeps the header and footer, and Try again shows it', async ({
    page,
  }) => {
    const number = 'TXN1732262400000999';
    await breakRead(page, `**/api/track/${number}`, { kind: 'trade-in' });
    await page.goto(`/track?number=${number}`);

    await expect(failure(page)).toBeVisible();
    await expect(failure(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectStorefrontFrame(page);
    await expect(page.getByRole('heading', { name: 'Track Your Device' })).toHaveCount(0);

    await page.unroute(`**/api/track/${number}`);
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Track Your Device' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transaction Not Found' })).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    await expectStorefrontFrame(page);
  });

  test('a catalog page that fails to render reads its device anew on Try again', async ({ page, makeDevice }) => {
    const device = await makeDevice();
    await page.goto(`/buy?q=${encodeURIComponent(device.name)}`);
    await breakRead(page, `**/api/devices/${device.id}`, {});
    await page.getByRole('link', { name: device.name, exact: true }).click();

    await expect(failure(page)).toBeVisible();
    await expectStorefrontFrame(page);

    await page.unroute(`**/api/devices/${device.id}`);
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
  });

  test("an admin tab that fails to render keeps the dashboard's title and tabs, and Try again shows it", async ({
    page,
    signInAs,
  }) => {
    await signInAs('admin');
    await breakRead(page, '**/api/admin/overview', {});
    await page.goto('/admin');

    await expect(failure(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Admin Dashboard/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    // The other tabs still work while the failed one shows its failure.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(failure(page)).toBeVisible();

    await page.unroute('**/api/admin/overview');
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Total Customers')).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
  });

  test("the agent's dashboard keeps its welcome and tabs when a part fails, and Try again shows it", async ({
    page,
    signInAs,
  }) => {
    await signInAs('agent');
    await breakRead(page, '**/api/agent/summary', {});
    await page.goto('/agent-dashboard');

    await expect(failure(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome, ${E2E_AGENT.name}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();

    await page.unroute('**/api/agent/summary');
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Awaiting Assessment')).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
  });

  test('an account tab that fails to render keeps the header, the title and the tabs', async ({ page, customer }) => {
    await breakRead(page, '**/api/account/orders', { orders: {} });
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Orders' }).click();

    await expect(failure(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    await expectStorefrontFrame(page);

    await page.unroute('**/api/account/orders');
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
  });
});

// Code loaded on demand that cannot be had (a flaky network, a tab left open across a deploy whose file
// names are gone): an optional part is left out and the page stands; a page's own code reloads the page once.
test.describe('code that fails to download', () => {
  test('without the chat assistant, /buy stands whole: the grid, the header, no failure', async ({
    page,
    makeDevice,
  }) => {
    const device = await makeDevice();
    let refused = 0;
    await page.route('**/assets/chat-launcher-*.js', (route) => {
      refused += 1;
      return route.abort('failed');
    });
    await page.goto(`/buy?q=${encodeURIComponent(device.name)}`);
    await hydrated(page);
    await expect.poll(() => refused).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('link', { name: device.name, exact: true })).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    await expectStorefrontFrame(page);
    // The rest of the page still works: Add to Cart answers.
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page.getByText(`${device.name} added to cart!`)).toBeVisible();
  });

  test("without the footer's code, the footer stays as the server drew it and its links still lead on", async ({
    page,
  }) => {
    await page.route('**/assets/site-footer-*.js', (route) => route.abort('failed'));
    const leftAsDrawn = page.waitForEvent('console', (message) => message.text().includes('as the server drew it'));
    await page.goto('/about');
    await leftAsDrawn;
    await expect(failure(page)).toHaveCount(0);
    await expectStorefrontFrame(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  });

  test('a page whose code is gone after a deploy reloads once and shows, where it showed the failure', async ({
    page,
  }) => {
    await page.goto('/about');
    await hydrated(page);
    // The old deploy's file for the FAQ page is gone until the page is loaded anew.
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    let codeRequests = 0;
    await page.route('**/assets/faq-page-*.js', (route) => {
      codeRequests += 1;
      return codeRequests === 1 ? route.abort('failed') : route.continue();
    });
    // The footer's link is a plain link until the footer hydrates (a document load), then the router's: either
    // way the first try at the page's code fails, and one reload brings the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();

    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await expect.poll(() => codeRequests).toBe(2);
    await hydrated(page);
    expect(documents).toBeLessThanOrEqual(2);
    await expect(failure(page)).toHaveCount(0);
  });

  test("a page whose code stays gone after the reload keeps the server's page and never reloads again", async ({
    page,
  }) => {
    await page.goto('/about');
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await page.route('**/assets/faq-page-*.js', (route) => route.abort('failed'));
    // Not page.goto: it waits for the page to come alive, which this one never does.
    await page.evaluate(() => window.location.assign('/faq'));

    // The visit and one reload; the reload's server-rendered page stays on screen when its code fails again.
    await expect.poll(() => documents).toBe(2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    await page.waitForLoadState('networkidle');
    expect(documents).toBe(2);
    await expectStorefrontFrame(page);
  });
});
