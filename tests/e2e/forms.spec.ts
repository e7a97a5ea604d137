import type { Page } from '@playwright/test';
import type { Device } from '../../src/shared/catalog';
import { customerDetails, expect, fillSignUpForm, test, uniqueId } from './fixtures';

// The one way forms work (docs/decisions/015): the shared schema checks in the browser with the
// server's messages, a server refusal lands under its input, and what was typed is not lost.

test.beforeEach(async ({ page }) => {
  // The chat's first-visit greeting would open over the forms.
  await page.addInitScript(() => window.localStorage.setItem('quickbuy_chat_visited', 'true'));
});

/** Every request the page makes to `path`, counted from now. */
function requestsTo(page: Page, path: string, method = 'POST'): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return seen;
}

async function addToCart(page: Page, device: Device) {
  await page.goto(`/device/${device.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText(`${device.name} added to cart!`)).toBeVisible();
}

async function fillCheckout(page: Page, email = 'sipho@example.co.za') {
  await page.getByLabel('First Name').fill('Sipho');
  await page.getByLabel('Last Name').fill('Ndlovu');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+27 82 111 2222');
  await page.getByLabel(/^Street Address/).fill('3 Bree Street');
  await page.getByLabel(/^City/).fill('Cape Town');
  await page.getByLabel('Postal Code', { exact: true }).fill('8001');
}

test('sign-up with an email already registered shows the server refusal under Email', async ({
  page,
  api,
  customer,
}) => {
  await api.expect(api.post('/api/auth/signout'));
  await page.goto('/signup');
  await fillSignUpForm(page, customerDetails({ email: customer.email, password: 'Lions-head-2026' }));
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await refused).status()).toBe(409);

  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('An account with this email already exists');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a device sold out between cart and checkout shows the refusal on its cart line', async ({
  page,
  admin,
  makeDevice,
}) => {
  const device = await makeDevice({ quantity: 1 });
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(page);

  // Another buyer takes the last unit while this shopper types.
  await admin.expect(
    admin.post('/api/checkout', {
      items: [{ deviceId: device.id, quantity: 1 }],
      customer: {
        firstName: 'Other',
        lastName: 'Buyer',
        email: `other.${uniqueId()}@example.co.za`,
        shippingAddress: { street: '1 Main Road', city: 'Durban' },
      },
    }),
    201,
  );

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const line = page.getByRole('listitem', { name: device.name });
  await expect(line.getByRole('status').filter({ hasText: `${device.name} is out of stock` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
});

test("checkout: 'not-an-email' is refused under Email before any request", async ({ page, makeDevice }) => {
  const device = await makeDevice();
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(page, 'not-an-email');
  const checkouts = requestsTo(page, '/api/checkout');

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('Enter a valid email address');
  await expect(email).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeHidden();
  expect(checkouts).toEqual([]);
});

test("after 'Payment cancelled' the checkout form still holds what was typed", async ({ page, makeDevice }) => {
  const device = await makeDevice();
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillCheckout(page);
  await page.getByLabel('Billing address same as shipping').uncheck();
  await page.getByLabel('Billing Street Address').fill('9 Loop Street');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Sipho');
  await expect(page.getByLabel('Last Name')).toHaveValue('Ndlovu');
  await expect(page.getByLabel('Email')).toHaveValue('sipho@example.co.za');
  await expect(page.getByLabel('Phone')).toHaveValue('+27 82 111 2222');
  await expect(page.getByLabel(/^Street Address/)).toHaveValue('3 Bree Street');
  await expect(page.getByLabel('Billing address same as shipping')).not.toBeChecked();
  await expect(page.getByLabel('Billing Street Address')).toHaveValue('9 Loop Street');
});

test("a signed-in customer's names and email fill the checkout form; what they type is theirs", async ({
  page,
  customer,
  makeDevice,
}) => {
  const device = await makeDevice();
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue(customer.firstName);
  await expect(page.getByLabel('Last Name')).toHaveValue(customer.lastName);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);

  await page.getByLabel('First Name').fill('Nomsa');
  await page.getByRole('button', { name: 'Back to Cart' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Nomsa');
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
});

test('one password rule: 8 characters and one message at sign-up, reset and password change', async ({
  page,
  api,
  customer,
}) => {
  const tooShort = 'Short-1';
  const message = 'Password must be at least 8 characters long';
  const change = { currentPassword: customer.password, newPassword: tooShort, confirmPassword: tooShort };
  const server = await api.expect<{ error: { message: string } }>(api.post('/api/account/password', change), 400);
  expect(server.error.message).toBe(message);

  await page.goto('/account');
  await page.getByLabel('Current Password').fill(customer.password);
  await page.getByLabel(/^New Password/).fill(tooShort);
  await page.getByLabel('Confirm New Password').fill(tooShort);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByLabel(/^New Password/)).toHaveAccessibleDescription(message);

  await page.goto('/reset-password?token=not-checked-before-submit');
  await page.getByLabel(/^New Password/).fill(tooShort);
  await page.getByLabel('Confirm New Password').fill(tooShort);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByLabel(/^New Password/)).toHaveAccessibleDescription(message);

  await page.goto('/signup');
  await fillSignUpForm(page, customerDetails({ password: tooShort }));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(message);
});

test("the ID number placeholder reads 'ID number'", async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByLabel('ID Type')).toHaveValue('id');
  await expect(page.getByLabel('ID Number')).toHaveAttribute('placeholder', 'ID number');
  await page.getByLabel('ID Type').selectOption('passport');
  await expect(page.getByLabel('Passport Number')).toHaveAttribute('placeholder', 'Passport number');
});
