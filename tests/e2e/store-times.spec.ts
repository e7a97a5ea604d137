import type { Page } from '@playwright/test';
import { formatDateTime, STORE_TIME_NOTE } from '../../src/shared/dates';
import type { OrderView } from '../../src/shared/orders';
import { expect, placePaidOrder, test, uniqueId } from './fixtures';
import { submitTablet } from './sell-form';

// Every time in Johannesburg whatever the reader's zone, said once per
// view; a timeline step still ahead reads 'Not yet', not 'Pending' (a status's name).

/** Console errors of a page (a hydration mismatch among them): none is expected. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('at 1280 px, in a browser set to New York', () => {
  test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'America/New_York' });

  test('the buyer and the admin read the same order time, in South African time, said once', async ({
    page,
    api,
    customer,
    makeDevice,
    signInAs,
  }) => {
    const errors = consoleErrors(page);
    const device = await makeDevice({ price: 3100, quantity: 1 });
    const { orderNumber } = await placePaidOrder(api, device, customer.email);
    const { createdAt } = await api.expect<OrderView>(api.get(`/api/orders/${orderNumber}`));
    const placed = formatDateTime(createdAt);
    // The browser's own clock is 7 hours behind Johannesburg's: the pages do not use it.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

    // The account's order page.
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByText(STORE_TIME_NOTE)).toHaveCount(1);
    await page
      .getByRole('link', { name: new RegExp(orderNumber) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderNumber}`));
    const orderDate = page
      .getByRole('term')
      .filter({ hasText: 'Order Date' })
      .locator('xpath=following-sibling::dd[1]');
    await expect(orderDate).toHaveText(placed);
    await expect(page.getByText(/SAST|South African time/)).toHaveCount(1);
    await expect(page.getByText(STORE_TIME_NOTE)).toBeVisible();

    // The same page loaded afresh: the server's HTML and the hydrated page agree.
    await page.reload();
    await expect(orderDate).toHaveText(placed);

    // The admin's Orders tab and the order's details.
    await signInAs('admin');
    await page.goto('/admin?tab=orders');
    await page.getByLabel('Search by order number, name or email').fill(orderNumber);
    await page.getByLabel('Search by order number, name or email').press('Enter');
    const card = page.getByRole('listitem', { name: `Order ${orderNumber}` });
    await expect(card.getByText(placed)).toBeVisible();
    await expect(page.getByText(STORE_TIME_NOTE)).toHaveCount(1);
    await expect(card.getByText(/SAST|South African time/)).toHaveCount(0);

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    await expect(details.getByRole('listitem').filter({ hasText: 'Order placed' })).toContainText(placed);
    await expect(details.getByText(/SAST|South African time/)).toHaveCount(1);

    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the track page's order timeline says 'Not yet' for the steps ahead, and 'Pending' only as the status", async ({
    page,
    api,
    makeDevice,
  }) => {
    const device = await makeDevice({ price: 2900, quantity: 1 });
    const { orderNumber } = await placePaidOrder(api, device);

    await page.goto(`/track?number=${orderNumber}`);
    const order = page.getByRole('region', { name: `Order ${orderNumber}` });
    const steps = order.getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toHaveText(/^Pending\s*\d+ \w{3} \d{4}, \d{2}:\d{2} [AP]M$/);
    await expect(steps.nth(1)).toHaveText(/^Processing\s*Not yet$/);
    await expect(steps.nth(2)).toHaveText(/^Shipped\s*Not yet$/);
    await expect(steps.nth(3)).toHaveText(/^Delivered\s*Not yet$/);
    // 'Pending' is the order's status (and its first step's name), never a step not reached.
    await expect(order.getByText('Pending', { exact: true })).toHaveCount(2);
    await expect(order.getByText(STORE_TIME_NOTE)).toBeVisible();
    await expect(order.getByText(/SAST|South African time/)).toHaveCount(1);
    // The timeline fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("a trade-in's timeline says 'Not yet' for each step ahead, and never 'Pending'", async ({ page, api }) => {
    const number = await submitTablet(api, `times.${uniqueId()}@example.com`);

    await page.goto(`/track?number=${number}`);
    const timeline = page.getByRole('region', { name: 'Status Timeline' });
    const steps = timeline.getByRole('listitem');
    await expect(steps).toHaveCount(8);
    await expect(steps.nth(0)).toHaveText(/^Awaiting Confirmation\s*\d+ \w{3} \d{4}, \d{2}:\d{2} [AP]M$/);
    for (let i = 1; i < 8; i++) await expect(steps.nth(i)).toContainText('Not yet');
    await expect(page.getByText('Pending')).toHaveCount(0);
    await expect(timeline.getByText(STORE_TIME_NOTE)).toBeVisible();
    await expect(page.getByText(/SAST|South African time/)).toHaveCount(1);
  });
});
