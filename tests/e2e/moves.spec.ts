import { expect, placePaidOrder, test, uniqueId, type Api, ORDER_CUSTOMER } from './fixtures';
import { emailTo } from './mailbox';
import type { CheckoutReply } from '../../src/shared/orders';
import type { AdminRefund } from '../../src/shared/payments';

// Taking a device off sale, the order moves the admin is offered, refund emails and the
// order's timeline, in a real browser at 1280 px against the real server.

/** An order of `deviceId` placed (not paid) by a guest at `email`. */
async function unpaidOrder(api: Api, deviceId: string, email: string) {
  return api.expect<CheckoutReply>(
    api.post('/api/checkout', { items: [{ deviceId, quantity: 1 }], customer: { ...ORDER_CUSTOMER, email } }),
    201,
  );
}

test('the admin marks a device Out of Stock in the list: the store stops selling it, its quantity kept', async ({
  signInAs,
  page,
  makeDevice,
}) => {
  const device = await makeDevice({ quantity: 3 });
  await page.goto(`/buy?q=${encodeURIComponent(device.model)}`);
  await expect(page.getByRole('heading', { name: device.name })).toBeVisible();

  await signInAs('admin');
  await page.goto(`/admin?tab=devices&q=${encodeURIComponent(device.model)}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: device.name }) });
  await expect(card.getByText('In Stock')).toBeVisible();
  await card.getByRole('button', { name: `Mark Out of Stock ${device.name}` }).click();
  await expect(page.getByText(`${device.name} is Out of Stock: off sale, its quantity kept`)).toBeVisible();
  await expect(card.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(card.getByText('Quantity').locator('xpath=following-sibling::dd[1]')).toHaveText('3');

  await page.goto(`/buy?q=${encodeURIComponent(device.model)}`);
  await expect(page.getByRole('heading', { name: device.name })).toHaveCount(0);
  await page.goto(`/device/${device.id}`);
  await expect(page.getByText('This device is not available for sale at the moment.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();

  // Back on sale from the Edit dialog's Stock control.
  await page.goto(`/admin?tab=devices&q=${encodeURIComponent(device.model)}`);
  await page.getByRole('button', { name: `Edit ${device.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Device' });
  await expect(edit.getByLabel(/^Stock/)).toHaveValue('false');
  await edit.getByLabel(/^Stock/).selectOption('In Stock');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Device updated successfully!')).toBeVisible();
  await page.goto(`/buy?q=${encodeURIComponent(device.model)}`);
  await expect(page.getByRole('heading', { name: device.name })).toBeVisible();
});

test('the Orders tab offers only the moves the order allows, unpaid and paid', async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  const device = await makeDevice({ quantity: 2 });
  const email = `moves-${uniqueId()}@example.co.za`;
  const unpaid = await unpaidOrder(api, device.id, email);
  const paid = await placePaidOrder(api, device);
  await signInAs('admin');

  await page.goto(`/admin?tab=orders&q=${unpaid.orderNumber}`);
  const unpaidCard = page.getByRole('listitem', { name: `Order ${unpaid.orderNumber}` });
  await expect(unpaidCard.getByRole('button', { name: 'View Details' })).toBeVisible();
  await expect(unpaidCard.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  await expect(unpaidCard.getByRole('button', { name: 'Mark Processing' })).toHaveCount(0);
  await expect(unpaidCard.getByRole('button', { name: 'Update Tracking' })).toHaveCount(0);

  await page.goto(`/admin?tab=orders&q=${paid.orderNumber}`);
  const paidCard = page.getByRole('listitem', { name: `Order ${paid.orderNumber}` });
  for (const name of ['View Details', 'Update Tracking', 'Mark Processing', 'Cancel Order']) {
    await expect(paidCard.getByRole('button', { name })).toBeVisible();
  }
  // Cancelled (and refunded), it has nothing left to move.
  await paidCard.getByRole('button', { name: 'Cancel Order' }).click();
  await page
    .getByRole('dialog', { name: `Cancel order ${paid.orderNumber}?` })
    .getByRole('button', { name: 'Cancel Order' })
    .click();
  await expect(paidCard.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(paidCard.getByRole('button')).toHaveText(['View Details']);
});

test('a refund from the Paystack tab reaches the customer by email with its amount and reference', async ({
  signInAs,
  page,
  api,
  admin,
  makeDevice,
}) => {
  const device = await makeDevice({ price: 4000, quantity: 1 });
  const email = `refund-${uniqueId()}@example.co.za`;
  const order = await placePaidOrder(api, device, email);
  const { reference } = order.payment;
  await signInAs('admin');

  await page.goto(`/admin?tab=paystack&q=${reference}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: 'Process Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Process Refund' });
  await dialog.getByLabel(/Refund amount/).fill('1500');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Refund processed successfully')).toBeVisible();

  const details = await admin.expect<{ refunds: AdminRefund[] }>(admin.get(`/api/admin/payments/${reference}`));
  const refundReference = details.refunds[0]!.providerReference!;
  const mail = await emailTo(email, new RegExp(`^Refund for order ${order.orderNumber}$`));
  expect(mail.text).toMatch(/We have refunded \S*1,500 for your order/);
  expect(mail.text).toContain(`Refund reference: ${refundReference}`);

  // The order, still paid, says on its Orders card that part of it went back, and how much.
  await page.goto(`/admin?tab=orders&q=${order.orderNumber}`);
  const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await expect(card.getByText('partly refunded', { exact: true })).toBeVisible();
  await expect(card).toContainText(/Refunded:?\s*\S*1,500 of \S*4,000/);
});

test("the order's timeline keeps the placing time after Mark Processing, and a tracking update is not a status", async ({
  signInAs,
  page,
  api,
  makeDevice,
}) => {
  const device = await makeDevice({ quantity: 1 });
  const order = await placePaidOrder(api, device);
  await signInAs('admin');
  await page.goto(`/admin?tab=orders&q=${order.orderNumber}`);
  const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Mark Processing' }).click();
  await expect(page.getByText('Order status updated to processing')).toBeVisible();
  await card.getByRole('button', { name: 'Update Tracking' }).click();
  const tracking = page.getByRole('dialog', { name: 'Update Tracking' });
  await tracking.getByLabel('Courier').fill('Aramex');
  await tracking.getByLabel('Tracking Number').fill('AX-100');
  await tracking.getByRole('button', { name: 'Save Tracking' }).click();
  await expect(page.getByText('Tracking details saved')).toBeVisible();

  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${order.orderNumber}` });
  await expect(details.getByText(/Tracking updated · Tracking: Aramex AX-100/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/track?number=${order.orderNumber}`);
  const timeline = page.getByRole('list').filter({ hasText: 'Delivered' });
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveCount(4);
  // 'Pending' is the first step's name; a step still ahead reads 'Not yet'.
  await expect(steps.nth(0)).toContainText('Pending');
  await expect(steps.nth(0)).not.toContainText('Not yet');
  await expect(steps.nth(0)).toContainText(/\d{4}/);
  await expect(steps.nth(1)).toContainText(/Processing.*\d{4}/);
  await expect(steps.nth(2)).toHaveText(/Shipped\s*Not yet/);
  await expect(steps.nth(3)).toHaveText(/Delivered\s*Not yet/);
});
