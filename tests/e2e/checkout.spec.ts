import type { APIRequestContext, Page } from '@playwright/test';
import type { Device } from '../../src/shared/catalog';
import { addToCart, expect, ORDER_CUSTOMER, placePaidOrder, SANDBOX_SUCCESS_CARD, test } from './fixtures';
import { orderLinkInMail } from './mailbox';
import { fillCheckoutDetails, payInWidget } from './checkout-form';

// User stories of spec 000 sections 2 ('Cart and checkout', 'Order confirmation'), 5 and 8,
// against the real server with the sandbox payment provider. Each test buys devices made for it.

const HELD = /^Your devices are held for you for 1[45]:\d\d more$/;

async function quantityOf(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get(`/api/devices/${id}`, { headers: { 'cache-control': 'no-cache' } });
  return ((await response.json()) as Device).quantity;
}

const money = (amount: number) => `₦${amount.toLocaleString('en-US')}`;

async function payWith(page: Page, card: string) {
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Test mode: no real money moves')).toBeVisible();
  await expect(dialog.getByText(HELD)).toBeVisible();
  // The page shows the same countdown beside the order summary: Paystack's own widget shows no time left.
  await expect(page.getByRole('complementary').getByRole('timer')).toHaveText(HELD);
  return payInWidget(page, { card });
}

test('a guest buys two devices with the sandbox card and sees the order confirmation, in a new tab too', async ({
  page,
  request,
  makeDevice,
}) => {
  const first = await makeDevice({ brand: 'Apple', model: 'iPad Air', type: 'tablet', price: 8499, quantity: 3 });
  const second = await makeDevice({ brand: 'Samsung', model: 'Galaxy Buds', type: 'accessory', price: 1299 });
  await addToCart(page, first);
  await addToCart(page, second);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await page.getByLabel(`Quantity for ${first.name}`).fill('2');
  const total = first.price * 2 + second.price;
  await expect(page.getByTestId('cart-total')).toHaveText(money(total));
  await expect(page.getByRole('complementary').getByText('Free', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText('Billing address same as shipping')).toBeVisible();
  await expect(page.getByLabel('Billing address same as shipping')).toBeChecked();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('South Africa');

  // The required names first, then the address.
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First Name').fill('Thandi');
  await page.getByLabel('Last Name').fill('Nkosi');
  await page.getByLabel('Email').fill('thandi@example.co.za');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Please provide complete shipping address').first()).toBeVisible();

  await fillCheckoutDetails(page, { everything: true });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWith(page, SANDBOX_SUCCESS_CARD);

  await expect(page.getByText('Payment successful! Order placed.')).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{4}-\d{6}$/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  // The same browser opens it again in a new tab (the order's token is kept).
  const tab = await page.context().newPage();
  await tab.goto(page.url());
  await expect(tab.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(tab.getByTestId('order-total')).toHaveText(money(total));
  await tab.close();
  await expect(page.getByTestId('order-total')).toHaveText(money(total));
  await expect(page.getByRole('listitem', { name: first.name })).toContainText('Quantity: 2');
  await expect(page.getByRole('listitem', { name: first.name })).toContainText(money(first.price * 2));
  await expect(page.getByRole('listitem', { name: second.name })).toContainText('Quantity: 1');
  await expect(page.getByText('Payment Reference')).toBeVisible();
  await expect(page.getByText('A confirmation email has been sent to thandi@example.co.za.')).toBeVisible();
  await expect(page.getByText('12 Long Street')).toBeVisible();
  const orderNumber = page.url().split('/').at(-1)!;
  await expect(page.getByRole('link', { name: 'Track Order', exact: true })).toHaveAttribute(
    'href',
    `/track?number=${orderNumber}`,
  );

  expect(await quantityOf(request, first.id)).toBe(first.quantity - 2);

  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/buy');

  // Track Order opens the order's own tracking, under a heading for an order.
  await page.goto(`/order-confirmation/${orderNumber}`);
  await page.getByRole('link', { name: 'Track Order', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track Your Order');
  await expect(page.getByRole('textbox').first()).toHaveValue(orderNumber);
});

test('a declined card then Cancel, and a closed widget, leave the cart and the stock as they were', async ({
  page,
  request,
  makeDevice,
}) => {
  const device = await makeDevice({ quantity: 3 });
  const before = await quantityOf(request, device.id);
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckoutDetails(page, { everything: true });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  const dialog = await payWith(page, '4000 0000 0000 0002');
  await expect(dialog.getByText('Card declined: use the sandbox test card 4084 0840 8408 4081')).toBeVisible();
  expect(await quantityOf(request, device.id)).toBe(before - 1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: device.name })).toBeVisible();
  await expect.poll(() => quantityOf(request, device.id)).toBe(before);

  // Closing the widget with Escape is a cancel too.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckoutDetails(page, { everything: true });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeHidden();
  await expect(page.getByRole('listitem', { name: device.name })).toBeVisible();
  await expect.poll(() => quantityOf(request, device.id)).toBe(before);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('quickbuy_cart') ?? '[]'));
  expect(stored).toEqual([expect.objectContaining({ id: device.id, quantity: 1 })]);
});

test('a stranger opening an order number sees Order Not Found', async ({ page }) => {
  await page.goto('/order-confirmation/ORD-2026-000001');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/buy');
});

test('a guest in another browser asks for the order by its email, follows the emailed link, and sees the order in test mode', async ({
  api,
  browser,
  makeDevice,
}) => {
  const device = await makeDevice({ brand: 'Nokia', model: 'G42', type: 'phone', price: 2999, quantity: 2 });
  const placed = await placePaidOrder(api, device);
  const sent = 'If that email placed this order, we have sent it a link to the order.';

  // A browser that never saw the order: Order Not Found, then the email used for it. Any email gets the same answer.
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.goto(`/order-confirmation/${placed.orderNumber}`);
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await page.getByLabel('Enter the email used for this order').fill('someone.else@example.co.za');
  await page.getByRole('button', { name: 'Email Me a Link' }).click();
  await expect(page.getByText(sent)).toBeVisible();
  await expect(page.getByLabel('Enter the email used for this order')).toHaveCount(0);
  // Asked for, the link may be on its way: the page says where to look, not that there is no order.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check Your Email');
  await expect(page.getByText('Order Not Found')).toHaveCount(0);
  await expect(page.getByText("We couldn't find this order.")).toHaveCount(0);
  await page.reload();
  await page.getByLabel('Enter the email used for this order').fill('Thandi@example.co.za');
  await page.getByRole('button', { name: 'Email Me a Link' }).click();
  await expect(page.getByText(sent)).toBeVisible();

  // The link arrives in the order's inbox; it opens the order, and the page takes its token out of the address bar.
  const link = await orderLinkInMail(ORDER_CUSTOMER.email, `Your link to order ${placed.orderNumber}`);
  expect(link).toMatch(new RegExp(`/order-confirmation/${placed.orderNumber}#token=`));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Test mode: no real money moves')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${placed.orderNumber}$`));
  // The browser keeps it: a new tab opens the order straight away.
  const tab = await other.newPage();
  await tab.goto(`/order-confirmation/${placed.orderNumber}`);
  await expect(tab.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await other.close();
});

test("the admin revokes an order's links from its details: the browser that followed one sees Order Not Found", async ({
  page,
  api,
  browser,
  makeDevice,
  signInAs,
}) => {
  const device = await makeDevice();
  const placed = await placePaidOrder(api, device);
  const buyer = await browser.newContext();
  const order = await buyer.newPage();
  await order.goto(await orderLinkInMail(ORDER_CUSTOMER.email, `Order Confirmed! ${placed.orderNumber}`));
  await expect(order.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  await signInAs('admin');
  await page.goto('/admin?tab=orders');
  await page.getByLabel('Search by order number, name or email').fill(placed.orderNumber);
  await page.getByLabel('Search by order number, name or email').press('Enter');
  await page
    .getByRole('listitem', { name: `Order ${placed.orderNumber}` })
    .getByRole('button', { name: 'View Details' })
    .click();
  await page.getByRole('button', { name: 'Revoke links' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the links to order ${placed.orderNumber}?` });
  await confirm.getByRole('button', { name: 'Revoke links' }).click();
  await expect(page.getByText('Order links revoked')).toBeVisible();

  await order.reload();
  await expect(order.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await buyer.close();
});
