import type { CheckoutReply } from '../../src/shared/orders';
import { addToCart, expect, ORDER_CUSTOMER, placePaidOrder, test, uniqueId, type Api } from './fixtures';
import { payInWidget } from './checkout-form';

// At 1280 px: an unpaid order's page says what it is, the account's Orders list
// holds the orders that matter, and a refund's cents show in the admin's order details.

test.use({ viewport: { width: 1280, height: 900 } });

const placeUnpaid = (api: Api, deviceId: string) =>
  api.expect<CheckoutReply>(
    api.post('/api/checkout', { items: [{ deviceId, quantity: 1 }], customer: ORDER_CUSTOMER }),
    201,
  );

const cancelUnpaid = (api: Api, order: CheckoutReply) =>
  api.expect(api.post(`/api/checkout/${order.orderNumber}/cancel`, { accessToken: order.accessToken }));

test('a cancelled unpaid order says so, with no confirmation and no email, and offers the cart', async ({
  page,
  api,
  customer,
  makeDevice,
}) => {
  void customer;
  const order = await placeUnpaid(api, (await makeDevice()).id);
  await cancelUnpaid(api, order);

  await page.goto(`/order-confirmation/${order.orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Cancelled');
  await expect(page.getByText('The payment for this order was cancelled, so it was not placed.')).toBeVisible();
  await expect(page.getByText('Cancelled (not paid)')).toBeVisible();
  await expect(page.getByText('Order Confirmed!')).toHaveCount(0);
  await expect(page.getByText(/confirmation email/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('an abandoned unpaid order: Pay Now while its hold lasts pays it and takes it out of the cart; past the hold it reads as expired', async ({
  page,
  api,
  customer,
  makeDevice,
}) => {
  void customer;
  const device = await makeDevice();
  const other = await makeDevice();
  // The shopper's cart still holds the device the order is for, and another one.
  await addToCart(page, device);
  await addToCart(page, other);
  const order = await placeUnpaid(api, device.id);

  // Within its hold: awaiting payment, with the time the hold ends.
  const orderPage = `/order-confirmation/${order.orderNumber}`;
  await page.goto(orderPage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Awaiting Payment');
  await expect(page.getByText(/Its devices are held for you until \d\d:\d\d [AP]M\./)).toBeVisible();
  await expect(page.getByText('Order Confirmed!')).toHaveCount(0);
  await expect(page.getByText(/confirmation email/)).toHaveCount(0);

  // Past its hold (the browser's clock 20 minutes on), even before the server's expiry closes it: expired,
  // only the cart to go back to.
  await page.clock.setFixedTime(new Date(Date.now() + 20 * 60_000));
  await page.goto(orderPage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Expired');
  await expect(page.getByText('This order was not paid in time, so its devices went back on sale.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Cart' })).toBeVisible();
  await expect(page.getByText(/confirmation email/)).toHaveCount(0);

  // Back within the hold, Pay Now opens the order's own payment in the widget, and pays it.
  await page.clock.setFixedTime(new Date());
  await page.goto(orderPage);
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  // The widget closed leaves the order as it was, and gives the focus back to Pay Now.
  await payNow.click();
  const widget = page.getByRole('dialog', { name: 'Sandbox payment' });
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget).toBeHidden();
  await expect(payNow).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Awaiting Payment');
  await payNow.click();
  await payInWidget(page);
  await expect(page.getByText('Payment successful! Order placed.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!');
  await expect(page.getByText(`A confirmation email has been sent to ${ORDER_CUSTOMER.email}.`)).toBeVisible();

  // What the order paid for cannot be bought twice: only the other device is left in the cart.
  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name: other.name })).toBeVisible();
  await expect(page.getByRole('listitem', { name: device.name })).toHaveCount(0);
});

test("the account's Orders list: paid orders and a held unpaid one awaiting payment, not cancelled attempts", async ({
  page,
  api,
  customer,
  makeDevice,
}) => {
  void customer;
  const device = await makeDevice();
  const paid = await placePaidOrder(api, device);
  const cancelled = await placeUnpaid(api, device.id);
  await cancelUnpaid(api, cancelled);
  const held = await placeUnpaid(api, device.id);

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  const rows = page.getByRole('tabpanel').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const heldRow = rows.filter({ hasText: held.orderNumber });
  await expect(heldRow.getByText('Awaiting payment')).toBeVisible();
  await expect(rows.filter({ hasText: paid.orderNumber }).getByText('pending', { exact: true })).toBeVisible();
  await expect(page.getByText(cancelled.orderNumber)).toHaveCount(0);

  await heldRow.getByRole('link', { name: `Pay now for order ${held.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${held.orderNumber}$`));
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});

test("the admin's order details show a refund's cents: 5,000.50 and 18,497.50", async ({
  page,
  api,
  admin,
  signInAs,
  makeDevice,
}) => {
  const device = await makeDevice({ price: 30000 });
  const email = `cents-${uniqueId()}@example.co.za`;
  const order = await placePaidOrder(api, device, email);
  const { reference } = order.payment;
  for (const amount of [5000.5, 18497.5]) {
    await admin.expect(admin.post(`/api/admin/payments/${reference}/refund`, { amount, reason: 'Part returned' }));
  }

  await signInAs('admin');
  await page.goto('/admin?tab=orders');
  await page.getByLabel('Search by order number, name or email').fill(email);
  await page.getByLabel('Search by order number, name or email').press('Enter');
  const card = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${order.orderNumber}` });
  await expect(details.getByText(/^Refund ₦5,000\.50:/)).toBeVisible();
  await expect(details.getByText(/^Refund ₦18,497\.50:/)).toBeVisible();
  // Whole amounts read as before.
  await expect(details.getByText('Total ₦30,000')).toBeVisible();
});
