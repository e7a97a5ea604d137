import type { Page } from '@playwright/test';
import { fillCheckoutDetails, payInWidget } from './checkout-form';
import { addToCart, expect, test } from './fixtures';

// At the width each was found (1280 px): a reload while the payment
// widget is open, a billing address left empty, an expired card.

test.use({ viewport: { width: 1280, height: 800 } });

async function openWidget(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckoutDetails(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a reload while the widget is open leaves the last unit the shopper's: the cart offers to resume, and the payment completes", async ({
  page,
  makeDevice,
}) => {
  const device = await makeDevice({ brand: 'Apple', model: 'iPhone 13 Mini', type: 'phone', quantity: 1 });
  await addToCart(page, device);
  await openWidget(page);

  await page.reload();
  const line = page.getByRole('listitem', { name: device.name });
  await expect(line).toBeVisible();
  const notice = page.getByRole('complementary').getByText(/^Order ORD-\d{4}-\d{6} is waiting for payment$/);
  await expect(notice).toBeVisible();
  await expect(page.getByRole('complementary').getByRole('timer')).toHaveText(
    /^Your devices are held for you for 1[45]:\d\d more$/,
  );
  // The unit the shopper's own order holds is not out of stock for them (enabled once every line is checked).
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  await expect(line.getByText('Out of Stock')).toHaveCount(0);

  const orderNumber = /ORD-\d{4}-\d{6}/.exec((await notice.textContent()) ?? '')![0];
  await page.getByRole('button', { name: 'Resume Payment' }).click();
  await payInWidget(page);
  await expect(page.getByText('Payment successful! Order placed.')).toBeVisible();
  // The order paid is the one the reload left unpaid.
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderNumber}$`));
});

test('after a reload, a new checkout replaces the unpaid order and takes its last unit', async ({
  page,
  makeDevice,
}) => {
  const device = await makeDevice({ brand: 'Google', model: 'Pixel 6a', type: 'phone', quantity: 1 });
  await addToCart(page, device);
  await openWidget(page);
  await page.reload();
  await expect(page.getByText(/is waiting for payment$/)).toBeVisible();
  await openWidget(page);
  await payInWidget(page);
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{4}-\d{6}$/);
});

test('an unticked same-as-shipping with the billing address empty is refused under its fields', async ({
  page,
  makeDevice,
}) => {
  const device = await makeDevice({ brand: 'Dell', model: 'Latitude 5420', type: 'laptop' });
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckoutDetails(page);
  await page.getByLabel('Billing address same as shipping').uncheck();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  for (const label of ['Billing Street Address', 'Billing City']) {
    const input = page.getByRole('textbox', { name: label, exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Please provide complete billing address/);
  }
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Billing Street Address', exact: true }).fill('1 Main Road');
  await page.getByRole('textbox', { name: 'Billing City', exact: true }).fill('Durban');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeVisible();
});

test('the sandbox refuses an expired card under its expiry field', async ({ page, makeDevice }) => {
  const device = await makeDevice({ brand: 'Samsung', model: 'Galaxy A54', type: 'phone' });
  await addToCart(page, device);
  await openWidget(page);
  const dialog = await payInWidget(page, { expiry: '01/20' });
  const expiry = dialog.getByLabel('Expiry (MM/YY)');
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toHaveAccessibleDescription('This card has expired: check the expiry date');
  await expect(expiry).toBeFocused();

  await expiry.fill('12/30');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{4}-\d{6}$/);
});
