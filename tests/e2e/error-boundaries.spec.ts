import type { Page } from '@playwright/test';
import { E2E_AGENT, expect, test } from './fixtures';

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
