import type { MeReply } from '../../src/shared/accounts';
import { CSRF_HEADER } from '../../src/shared/errors';
import {
  Api,
  E2E_ADMIN as ADMIN,
  expect,
  ORDER_CUSTOMER,
  placePaidOrder,
  signInStaff,
  test,
  uniqueId,
} from './fixtures';
import { emailTo, linkIn } from './mailbox';
import { acceptOfferByEmail, submitTablet } from './sell-form';
import type { CancelOrderReply } from '../../src/shared/admin-orders';
import type { CheckoutReply } from '../../src/shared/orders';

// The admin's day, in a real browser against the real server: orders and agents.

/** An order of one `deviceId`, placed and paid through the sandbox as a shopper does. */
async function paidOrder(api: Api, deviceId: string, customer: { firstName: string; lastName: string; email: string }) {
  const order = await api.expect<CheckoutReply>(
    api.post('/api/checkout', {
      items: [{ deviceId, quantity: 1 }],
      customer: {
        ...customer,
        phone: '+27 82 000 0000',
        shippingAddress: { street: '3 Bree Street', city: 'Cape Town' },
      },
    }),
    201,
  );
  const { reference } = order.payment;
  await api.expect(
    api.post('/api/payments/sandbox/charge', {
      reference,
      cardNumber: '4084 0840 8408 4081',
      cvv: '408',
      expiry: '12/30',
    }),
  );
  await api.expect(api.post('/api/payments/verify', { reference }));
  return order;
}

test('the admin advances a paid order to delivered with a tracking number', async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  // It waits for the Shipped email, one pass of the outbox's sender (as emailTo says).
  test.slow();
  const device = await makeDevice({ price: 4200, quantity: 1 });
  const email = `ops-${uniqueId()}@example.co.za`;
  const order = await paidOrder(api, device.id, { firstName: 'Ayanda', lastName: 'Zulu', email });
  await signInAs('admin');

  await page.goto('/admin?tab=orders');
  await page.getByLabel('Search by order number, name or email').fill(email);
  await page.getByLabel('Search by order number, name or email').press('Enter');
  const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`${device.name} (1x)`)).toBeVisible();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Update Tracking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Tracking' });
  await dialog.getByRole('button', { name: 'Save Tracking' }).click();
  await expect(dialog.getByText('Courier is required')).toBeVisible();
  await dialog.getByLabel('Courier').fill('The Courier Guy');
  await dialog.getByLabel('Tracking Number').fill('TCG-555-01');
  await dialog.getByRole('button', { name: 'Save Tracking' }).click();
  await expect(page.getByText('Tracking details saved')).toBeVisible();
  await expect(card.getByText('The Courier Guy TCG-555-01')).toBeVisible();

  const stepTo = async (button: string, status: string) => {
    await card.getByRole('button', { name: button }).click();
    await expect(page.getByText(`Order status updated to ${status}`)).toBeVisible();
    await expect(card.getByText(status, { exact: true })).toBeVisible();
  };
  await stepTo('Mark Processing', 'processing');

  // Shipping asks for the courier and number, filled with what the order has; the Shipped email carries them.
  await card.getByRole('button', { name: 'Mark Shipped' }).click();
  const ship = page.getByRole('dialog', { name: 'Mark Shipped' });
  await expect(ship.getByLabel('Courier')).toHaveValue('The Courier Guy');
  await ship.getByLabel('Courier').fill('');
  await ship.getByLabel('Tracking Number').fill('ARX 42!');
  await ship.getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(ship.getByText('Courier is required')).toBeVisible();
  await expect(ship.getByText('Use letters, digits, spaces and dashes only')).toBeVisible();
  await ship.getByLabel('Courier').fill('Aramex');
  await ship.getByLabel('Tracking Number').fill('ARX-0042');
  await ship.getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(page.getByText('Order status updated to shipped')).toBeVisible();
  await expect(ship).toBeHidden();
  await expect(card.getByText('shipped', { exact: true })).toBeVisible();
  await expect(card.getByText('Aramex ARX-0042')).toBeVisible();
  const shipped = await emailTo(email, new RegExp(`${order.orderNumber}: Shipped`));
  expect(shipped.text).toContain(`Order ${order.orderNumber} ships with Aramex.`);
  expect(shipped.text).toContain('Tracking number: ARX-0042');

  await stepTo('Mark Delivered', 'delivered');
  await expect(card.getByRole('button', { name: /^Mark / })).toHaveCount(0);

  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${order.orderNumber}` });
  await expect(details.getByText('Mark Delivered', { exact: false })).toBeVisible();
  await expect(details.getByText(`Order ${order.orderNumber}: tracking details`, { exact: false })).toBeVisible();
  // Each email's status in the Outbox's words (Queued, not pending).
  const emails = details.getByRole('region', { name: 'Emails' }).getByRole('listitem');
  await expect(emails.first()).toBeVisible();
  for (const line of await emails.allTextContents()) expect(line).toMatch(/ · (Queued|Sent|Failed) · /);
  await page.keyboard.press('Escape');

  // The order page (the customer's, here opened by the admin, who may read any order) shows the tracking.
  const view = await api.expect<{ status: string; trackingNumber: string }>(
    api.request.get(`/api/orders/${order.orderNumber}`, { headers: { 'x-order-token': order.accessToken } }),
  );
  expect(view).toMatchObject({ status: 'delivered', trackingNumber: 'ARX-0042' });
  await page.goto(`/order-confirmation/${order.orderNumber}`);
  await expect(page.getByText('Aramex ARX-0042')).toBeVisible();
});

test('the admin creates an agent, edits them, and deactivates them once they have history', async ({
  signInAs,
  page,
  playwright,
  baseURL,
}) => {
  const username = `ops.${uniqueId()}`;
  await signInAs('admin');
  await page.goto('/admin?tab=agents');
  await page.getByRole('button', { name: 'Create Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Agent' });
  await dialog.getByLabel('Full Name').fill('Thabo Molefe');
  await dialog.getByLabel('Email').fill(`${username}@quickbuy.co.za`);
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('placeholder', '+27 82 123 4567');
  await dialog.getByLabel('Phone').fill('+27 72 111 2222');
  await dialog.getByLabel('Role').selectOption('Supervisor');
  await dialog.getByLabel('Username').fill('sarah.mitchell');
  await dialog.getByLabel('Password').fill('Signal-Hill-2026');
  await dialog.getByRole('button', { name: 'Create Agent' }).click();
  await expect(dialog.getByText('This username is already taken')).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  // A password holding the agent's own name is refused in words about the agent, not the admin.
  await dialog.getByLabel('Password').fill(`${username}-2026`);
  await dialog.getByRole('button', { name: 'Create Agent' }).click();
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
    "Password must not contain QuickBuy, the agent's username or the part of the agent's email before the @",
  );
  await dialog.getByLabel('Password').fill('Signal-Hill-2026');
  await dialog.getByRole('button', { name: 'Create Agent' }).click();
  await expect(page.getByText('Agent created successfully')).toBeVisible();
  // The list is paged and searched on the server, like the other tabs.
  await page.getByLabel('Search agents').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${username.replace('.', '\\.')}`));
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Thabo Molefe' }).filter({ hasText: username });
  await expect(card.getByText('Supervisor')).toBeVisible();
  await expect(card.getByText('active', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Agent' });
  await edit.getByLabel('Role').selectOption('Senior Agent');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Agent updated successfully')).toBeVisible();
  await expect(card.getByText('Senior Agent')).toBeVisible();

  // The agent signs in and edits their own profile: an audited action, so they now have history.
  const agent = new Api(await playwright.request.newContext({ baseURL }));
  await signInStaff(agent, { username, password: 'Signal-Hill-2026' });
  const agentEdit = agent.request.put('/api/account/profile', {
    data: { name: 'Thabo Molefe', email: `${username}@quickbuy.co.za` },
    headers: { [CSRF_HEADER]: '1' },
  });
  await agent.expect(agentEdit);

  await card.getByRole('button', { name: 'Delete Thabo Molefe' }).click();
  await page.getByRole('dialog', { name: 'Delete Thabo Molefe?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Agent deactivated: their history is kept and their sessions ended')).toBeVisible();
  await expect(card.getByText('inactive', { exact: true })).toBeVisible();
  // Their session ended, and they cannot sign in again.
  expect((await agent.get('/api/agent/profile')).status()).toBe(401);
  const again = await agent.post('/api/auth/agent/signin', { username, password: 'Signal-Hill-2026' });
  expect(again.status()).toBe(401);
  await agent.request.dispose();
});

test("the admin resets an agent's authenticator: they are signed out and set up a new one at their next sign-in", async ({
  signInAs,
  page,
  admin,
  playwright,
  browser,
  baseURL,
}) => {
  const id = uniqueId();
  const username = `phone.${id}`;
  const password = 'Lions-Head-2026';
  await admin.expect(
    admin.post('/api/admin/agents', {
      name: `Zanele Dube ${id}`,
      email: `${username}@quickbuy.co.za`,
      phone: '+27 72 555 0303',
      role: 'Agent',
      username,
      password,
    }),
    201,
  );
  const agent = new Api(await playwright.request.newContext({ baseURL }));
  await signInStaff(agent, { username, password });

  await signInAs('admin');
  await page.goto(`/admin?tab=agents&q=${username}`);
  const card = page.getByRole('listitem', { name: `Zanele Dube ${id}` });
  await card.getByRole('button', { name: `Reset Zanele Dube ${id}'s authenticator` }).click();
  const confirm = page.getByRole('dialog', { name: `Reset Zanele Dube ${id}'s authenticator?` });
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Authenticator reset: the agent sets up a new one at their next sign-in')).toBeVisible();

  expect((await agent.get('/api/agent/summary')).status()).toBe(401);
  const again = await agent.expect<MeReply>(agent.post('/api/auth/agent/signin', { username, password }));
  expect(again.secondFactor?.step).toBe('enrol');
  await agent.request.dispose();

  // In the portal they are asked to set the app up again, not told it is their first sign-in.
  const portal = await browser.newPage({ baseURL });
  await portal.goto('/agent-login');
  await portal.getByLabel('Username').fill(username);
  await portal.getByLabel('Password').fill(password);
  await portal.getByRole('button', { name: 'Sign In as Agent' }).click();
  await expect(portal.getByText('One more step: set up your authenticator app.', { exact: true })).toBeVisible();
  await expect(portal.getByText(/first sign-in/)).toHaveCount(0);
  await portal.close();
});

test('an order card labels its payment badge and never says cancelled twice', async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  const device = await makeDevice({ price: 3100, quantity: 2 });
  const email = `badges-${uniqueId()}@example.co.za`;
  const order = (customerEmail: string) =>
    api.expect<CheckoutReply>(
      api.postAsShopper('/api/checkout', {
        items: [{ deviceId: device.id, quantity: 1 }],
        customer: { ...ORDER_CUSTOMER, email: customerEmail },
      }),
      201,
    );
  const waiting = await order(email);
  const dropped = await order(email);
  await api.expect(api.post(`/api/checkout/${dropped.orderNumber}/cancel`, { accessToken: dropped.accessToken }));
  await signInAs('admin');
  await page.goto(`/admin?tab=orders&q=${email}`);
  const waitingCard = page.getByRole('listitem', { name: `Order ${waiting.orderNumber}` });
  await expect(waitingCard.getByText('Payment: awaiting payment', { exact: true })).toBeVisible();
  await expect(waitingCard.getByText('pending', { exact: true })).toBeVisible();
  const droppedCard = page.getByRole('listitem', { name: `Order ${dropped.orderNumber}` });
  await expect(droppedCard.getByText('cancelled', { exact: true })).toHaveCount(1);
  await expect(droppedCard.getByText(/^Payment:/)).toHaveCount(0);
});

test("the Overview's Total Customers counts a guest who paid", async ({ signInAs, page, api, makeDevice }) => {
  await signInAs('admin');
  await page.goto('/admin');
  const card = page.getByText('Total Customers', { exact: true }).locator('xpath=../..');
  await expect(card.getByText('Accounts and guests who paid, each once', { exact: true })).toBeVisible();
  const figure = async () => Number((await card.locator('p').nth(1).textContent())!.replaceAll(',', ''));
  const before = await figure();
  await placePaidOrder(api, await makeDevice(), `guest.${uniqueId()}@example.co.za`);
  await page.reload();
  await expect.poll(figure).toBeGreaterThanOrEqual(before + 1);
});

test("the Overview's Recent Transactions names the seller of each trade-in and its amount in rand", async ({
  signInAs,
  page,
  api,
}) => {
  const id = uniqueId();
  const seller = `Thabo Mokoena ${id}`;
  const number = await submitTablet(api, `seller.${id}@example.com`, seller);
  await signInAs('admin');
  await page.goto('/admin');
  const recent = page.getByRole('region', { name: 'Recent Transactions' });
  const row = recent.getByRole('listitem').filter({ hasText: number });
  await expect(row.getByText(`${seller} · Apple iPad Air`, { exact: true })).toBeVisible();
  await expect(row.getByText('Awaiting Confirmation', { exact: true })).toBeVisible();
  // Its amount in rand, the currency its offer is made and paid in.
  await expect(row.getByText(/^R[\d,]+$/)).toBeVisible();

  // The admin's email about it opens the trade-in itself, not just the tab.
  const notice = await emailTo(ADMIN.email, new RegExp(`New trade-in ${number}`));
  const link = new URL(linkIn(notice, 'Open the trade-in'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('dialog', { name: `Trade-in ${number}` })).toBeVisible();
});

test('the admin confirms a trade-in, assigns it to an agent, and marks the accepted offer paid', async ({
  signInAs,
  page,
  api,
  admin,
  playwright,
  baseURL,
}) => {
  const id = uniqueId();
  const email = `seller.${id}@example.com`;
  const agentName = `Lerato Khumalo ${id}`;
  const password = 'Table-Mountain-2026';
  const agentUser = await admin.expect<{ id: string; username: string }>(
    admin.post('/api/admin/agents', {
      name: agentName,
      email: `agent.${id}@quickbuy.co.za`,
      phone: '+27 72 555 0101',
      role: 'Agent',
      username: `agent.${id}`,
      password,
    }),
    201,
  );
  const number = await submitTablet(api, email);
  await signInAs('admin');

  await page.goto('/admin?tab=transactions');
  await page.getByLabel('Search by transaction number, name or email').fill(number);
  await page.getByLabel('Search by transaction number, name or email').press('Enter');
  const card = page.getByRole('listitem', { name: number });
  await expect(card.getByText('Awaiting Confirmation')).toBeVisible();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Trade-in confirmed')).toBeVisible();
  await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Assign to Agent' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign to Agent' });
  await assign.getByLabel('Agent').selectOption({ label: `${agentName} (Agent)` });
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`Assigned to ${agentName}`)).toBeVisible();
  await expect(card.getByText('Assigned to Agent', { exact: true })).toBeVisible();
  await expect(card.getByText(`Agent: ${agentName}`)).toBeVisible();

  // The agent assesses and offers, the seller accepts: then the admin pays out.
  const agent = new Api(await playwright.request.newContext({ baseURL }));
  await signInStaff(agent, { username: agentUser.username, password });
  await agent.expect(agent.post(`/api/agent/trade-ins/${number}/assess`));
  await agent.expect(agent.post(`/api/agent/trade-ins/${number}/offer`, { amount: 6500, notes: '' }));
  await agent.request.dispose();
  // The seller answers from the offer email's link.
  await acceptOfferByEmail(api, email, number);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByText('Awaiting Payment', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Mark Paid' }).click();
  const paid = page.getByRole('dialog', { name: 'Mark Paid' });
  await paid.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(paid.getByText('Payout reference is required')).toBeVisible();
  await paid.getByLabel('Payout Reference').fill(`EFT-${id}`);
  await paid.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByText('Trade-in marked as paid')).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();

  const tracked = await api.expect<{ tradeIn: { status: string } }>(api.get(`/api/track/${number}`));
  expect(tracked.tradeIn.status).toBe('Paid');
});

test('the admin cancels a paid order: the stock goes back and the payment is refunded', async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  const device = await makeDevice({ price: 3100, quantity: 1 });
  const email = `cancel-${uniqueId()}@example.co.za`;
  const order = await paidOrder(api, device.id, { firstName: 'Sipho', lastName: 'Dlamini', email });
  const { reference } = order.payment;
  expect((await api.expect<{ quantity: number }>(api.get(`/api/devices/${device.id}`))).quantity).toBe(0);
  await signInAs('admin');

  await page.goto('/admin?tab=orders');
  await page.getByLabel('Search by order number, name or email').fill(email);
  await page.getByLabel('Search by order number, name or email').press('Enter');
  const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(confirm.getByText('the payment is refunded to the customer')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.getByText('Order cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Payment: refunded', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  expect((await api.expect<{ quantity: number }>(api.get(`/api/devices/${device.id}`))).quantity).toBe(1);
  const payment = await api.expect<{ payment: { refundedAmount: number; amount: number } }>(
    api.get(`/api/admin/payments/${reference}`),
  );
  expect(payment.payment.refundedAmount).toBe(payment.payment.amount);
});

test('a cancel whose refund Paystack refuses says so, and where to retry it', async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  const device = await makeDevice({ price: 2600, quantity: 1 });
  const email = `refused-${uniqueId()}@example.co.za`;
  const order = await paidOrder(api, device.id, { firstName: 'Kagiso', lastName: 'Mokoena', email });
  await signInAs('admin');
  // The sandbox never refuses a refund: the real reply comes back as it does when Paystack refuses.
  await page.route('**/api/admin/orders/*/cancel', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as CancelOrderReply;
    await route.fulfill({
      response,
      json: { ...body, refund: { ...body.refund, status: 'failed', failureMessage: 'Transaction not found' } },
    });
  });

  await page.goto('/admin?tab=orders');
  await page.getByLabel('Search by order number, name or email').fill(email);
  await page.getByLabel('Search by order number, name or email').press('Enter');
  const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  await page
    .getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` })
    .getByRole('button', { name: 'Cancel Order' })
    .click();
  await expect(page.getByText('Failed to process refund', { exact: true })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNumber} is cancelled and its stock is back on sale`)).toBeVisible();
  await expect(page.getByText('Order cancelled', { exact: true })).toHaveCount(0);
  await expect(card.getByText('cancelled', { exact: true })).toBeVisible();
});

test("an order list the server refuses shows 'Failed to load orders' with the server's reason", async ({
  signInAs,
  page,
}) => {
  await signInAs('admin');
  await page.route('**/api/admin/orders?**', (route) =>
    route.fulfill({
      status: 503,
      json: { error: { code: 'UNAVAILABLE', message: 'The database is not answering' } },
    }),
  );
  await page.goto('/admin?tab=orders');
  await expect(page.getByRole('alert')).toContainText('Failed to load orders: The database is not answering');
});
