import type { Locator, Page } from '@playwright/test';
import type { SellReply } from '../../src/shared/sell-form';
import { TRACK_MESSAGES } from '../../src/shared/tracking';
import { Api, expect, placePaidOrder, test, uniqueId } from './fixtures';
import { emailTo, linkIn } from './mailbox';

// The back office: forms that name every mistake at once and say what is wrong in words
// (items 13 and 16), who a guest is in the audit log (15), admin tables on a phone (17), and the
// small things. Each at the width where it was found.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** Scrolled to, the element lies within the screen's width: not cut off or scrolled sideways out of sight. */
async function onScreen(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A guest's Samsung phone (a R10,450 estimate), confirmed, assigned to the demo agent and offered R9,000. */
async function offeredToGuest(api: Api, admin: Api, agent: Api) {
  const email = `words.${uniqueId()}@example.com`;
  const sold = await api.expect<SellReply>(
    api.postAsShopper('/api/trade-ins', {
      deviceType: 'phone',
      brand: 'Samsung',
      model: 'Galaxy S23',
      condition: 'excellent',
      storage: '256GB',
      customerName: 'Naledi Mokoena',
      address: '9 Long Street, Cape Town',
      contactPhone: '082 555 0190',
      contactEmail: email,
      isOwner: true,
    }),
    201,
  );
  const number = sold.transactionNumber;
  const agentId = (await agent.expect<{ user: { id: string } }>(agent.get('/api/auth/me'))).user.id;
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/confirm`));
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/assign`, { agentId }));
  await agent.expect(agent.post(`/api/agent/trade-ins/${number}/offer`, { amount: 9000 }));
  return { email, number };
}

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('Accept Offer names every mistake on the first submit; the audit log names the guest; the guest row names the seller', async ({
    page,
    api,
    admin,
    staffApi,
    signInAs,
  }) => {
    const { email, number } = await offeredToGuest(api, admin, await staffApi('agent'));
    await page.goto(linkIn(await emailTo(email, new RegExp(`^Your offer for ${number}`)), 'Accept Offer'));
    // What's Next points at the offer panel, which is above it.
    await expect(page.getByText('Review the offer above, then accept it')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Accept Offer' });
    await dialog.getByLabel(/^Account Number/).fill('12ab');
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(dialog.getByLabel(/^Account Holder/)).toHaveAccessibleDescription(/Account holder is required/);
    await expect(dialog.getByLabel(/^Bank/)).toHaveAccessibleDescription('Choose a bank from the list');
    await expect(dialog.getByLabel(/^Account Number/)).toHaveAccessibleDescription(
      'Enter the account number: 6 to 16 digits',
    );
    await expect(dialog.getByLabel(/^Branch Code/)).toHaveAccessibleDescription('Branch code is required');
    await dialog.getByLabel(/^Account Holder/).fill('Thandi Nkosi');
    await dialog.getByLabel(/^Bank/).selectOption('FNB');
    await dialog.getByLabel(/^Account Number/).fill('62 1234 5678');
    await dialog.getByLabel(/^Branch Code/).fill('250655');
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(dialog).toBeHidden();

    await signInAs('admin');
    await page.goto(`/admin?tab=audit&target=${number}&action=trade_in.accept`);
    const accepted = page.getByRole('row').filter({ hasText: 'trade_in.accept' });
    await expect(accepted.getByRole('cell', { name: 'Guest (email proof)' })).toBeVisible();
    // The action in words above its code, the details as lines, not JSON; the table fits the page at 1280.
    await expect(accepted.getByText('Trade in: accept', { exact: true })).toBeVisible();
    await expect(accepted.locator('pre')).toHaveCount(0);
    const table = page.getByRole('region', { name: 'Audit log table' });
    expect(await table.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);

    await page.goto(`/admin?tab=transactions&q=${number}`);
    await expect(page.getByText(`Naledi Mokoena · ${email}`, { exact: true })).toBeVisible();
  });

  test('a 300-character track number is refused in the box and by the route, in words', async ({ page, api }) => {
    await page.goto('/track');
    await page.getByLabel('Transaction number').fill(`TXN${'1'.repeat(297)}`);
    await page.getByRole('button', { name: 'Track Now' }).click();
    await expect(page.getByRole('alert')).toHaveText(TRACK_MESSAGES.tooLong);
    await expect(page).not.toHaveURL(/number=/);
    const res = await api.request.get(`/api/track/TXN${'1'.repeat(297)}`);
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toBe(TRACK_MESSAGES.tooLong);
  });

  test('an empty device price is required; a refund above what is left names the maximum', async ({
    page,
    api,
    makeDevice,
    signInAs,
  }) => {
    const device = await makeDevice({ price: 3000 });
    const order = await placePaidOrder(api, device);
    await signInAs('admin');
    await page.goto('/admin?tab=devices');
    await page.getByRole('button', { name: 'Add Device' }).click();
    const form = page.getByRole('dialog', { name: 'Add Device' });
    await form.getByRole('button', { name: 'Add Device' }).click();
    await expect(form.getByLabel(/^Price/)).toHaveAccessibleDescription('Price is required');
    await page.keyboard.press('Escape');

    await page.goto(`/admin?tab=paystack&q=${order.payment.reference}`);
    await page.getByRole('button', { name: 'Process Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Process Refund' });
    await refund.getByLabel(/Refund amount/).fill('999999');
    await refund.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      refund.getByText(/^The refund can be at most NGN 3,\d{3}\.\d{2}, what is left of this payment to refund$/),
    ).toBeVisible();
  });

  test('the cancel dialog keeps the order; the chart has a legend; a search with no match says so and clears', async ({
    page,
    api,
    makeDevice,
    signInAs,
  }) => {
    const order = await placePaidOrder(api, await makeDevice());
    await signInAs('admin');
    await page.goto(`/admin?tab=orders&q=${order.orderNumber}`);
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep Order' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel Order' })).toBeVisible();

    await page.goto('/admin?tab=overview');
    await expect(page.getByText('Revenue (left axis)')).toBeVisible();
    await expect(page.getByText('Paid orders (right axis)')).toBeVisible();

    await page.goto(`/admin?tab=devices&q=no-such-device-${uniqueId()}`);
    await expect(page.getByText('No devices found')).toBeVisible();
    await expect(page.getByText('Nothing matches this search or filter.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await expect(page.getByText('No devices found')).toBeHidden();

    // Clear search clears the search alone: the status chosen stays, and has its own Clear filters.
    await page.goto(`/admin?tab=orders&status=delivered&q=no-such-order-${uniqueId()}`);
    await expect(page.getByText('Nothing matches this search or filter.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(page).toHaveURL(/status=delivered/);
    await expect(page.getByLabel('Status')).toHaveValue('delivered');
  });

  test('the IMEI dial hint shows for a phone only', async ({ page }) => {
    await page.goto('/sell');
    const deviceType = page.getByLabel(/^Device Type/);
    await deviceType.selectOption('laptop');
    await expect(page.getByText('Dial *#06#')).toHaveCount(0);
    await deviceType.selectOption('phone');
    await expect(page.getByText('Dial *#06# on the phone to see its 15-digit IMEI.')).toBeVisible();
  });
});

test('between 1024 and 1330 px the FOLLOW US rail leaves every admin tab clear', async ({ page, signInAs }) => {
  await signInAs('admin');
  for (const width of [1024, 1180, 1330]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin?tab=devices');
    // Measured once the tab is drawn (the server's frame shows before the app).
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Follow us' })).toBeVisible();
    const rail = await page.getByRole('complementary', { name: 'Follow us' }).boundingBox();
    const search = await page.getByRole('searchbox').boundingBox();
    const heading = await page.getByRole('heading', { name: 'Admin Dashboard' }).boundingBox();
    expect(rail, `rail at ${width}`).not.toBeNull();
    expect(search!.x, `search box at ${width}`).toBeGreaterThanOrEqual(rail!.x + rail!.width);
    expect(heading!.x, `heading at ${width}`).toBeGreaterThanOrEqual(rail!.x + rail!.width);
  }
});

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE });

  test('Paystack, Outbox and Audit show each row as a card with its status, amount and actions', async ({
    page,
    api,
    makeDevice,
    signInAs,
  }) => {
    const order = await placePaidOrder(api, await makeDevice());
    await signInAs('admin');
    await page.goto(`/admin?tab=paystack&q=${order.payment.reference}`);
    const payment = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
    await expect(payment).toHaveCount(1);
    await onScreen(payment.getByText('success'));
    await onScreen(payment.getByText(/^NGN /).first());
    await onScreen(payment.getByRole('button', { name: 'Process Refund' }));
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto('/admin?tab=outbox');
    const email = page.getByRole('list', { name: /email/i }).getByRole('listitem').first();
    await onScreen(email.getByText('Status', { exact: true }));
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto('/admin?tab=audit');
    const entry = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first();
    await onScreen(entry.getByText('Who', { exact: true }));
    await onScreen(entry.getByText('Action', { exact: true }));
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('the Agents tab fits 375 px', async ({ page, signInAs }) => {
    await signInAs('admin');
    await page.goto('/admin?tab=agents');
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
