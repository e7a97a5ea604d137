import type { Page } from '@playwright/test';
import type { Device } from '../../src/shared/catalog';
import { ERROR_CODES } from '../../src/shared/errors';
import {
  addToCart,
  customerDetails,
  E2E_AGENT,
  expect,
  fillSignUpForm,
  signUpThroughEmail,
  test,
  uniqueId,
} from './fixtures';
import { inbox } from './mailbox';

// The one way forms work (docs/decisions/015): the shared schema checks in the browser with the
// server's messages, a server refusal lands under its input, and what was typed is not lost.

/** Every request the page makes to `path`, counted from now. */
function requestsTo(page: Page, path: string, method = 'POST'): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return seen;
}

/** From the device's page to the checkout form, one of it in the cart. */
async function startCheckout(page: Page, device: Device) {
  await addToCart(page, device);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
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

test('sign-up with an email already registered answers as for a new one, and its owner is told by email', async ({
  page,
  api,
  customer,
}) => {
  await api.expect(api.post('/api/auth/signout'));
  await page.goto('/signup');
  await fillSignUpForm(page, customerDetails({ email: customer.email, password: 'Lions-head-2026' }));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await answered).status()).toBe(202);
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your email to finish creating your account' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect
    .poll(async () => (await inbox(customer.email)).some((m) => m.subject.startsWith('Someone tried to sign up')), {
      timeout: 15_000,
    })
    .toBe(true);
});

test("the server's refusal of a password holding QuickBuy or the email's name lands under Password", async ({
  page,
}) => {
  await page.goto('/signup');
  const details = customerDetails({ password: 'Quickbuy-2026!' });
  await fillSignUpForm(page, details);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await refused).status()).toBe(400);
  const password = page.getByLabel(/^Password/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(
    'Password must not contain QuickBuy or the part of your email before the @',
  );
  await expect(password).toBeFocused();
});

test('a device sold out between cart and checkout shows the refusal on its cart line', async ({
  page,
  admin,
  makeDevice,
}) => {
  const device = await makeDevice({ quantity: 1 });
  await startCheckout(page, device);
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
  await startCheckout(page, device);
  await fillCheckout(page, 'not-an-email');
  const checkouts = requestsTo(page, '/api/checkout');

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('Enter a valid email address');
  await expect(email).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeHidden();
  expect(checkouts).toEqual([]);
});

test('checkout: the server refusing the phone lands under Phone, focused, the rest as typed', async ({
  page,
  makeDevice,
}) => {
  const device = await makeDevice();
  await startCheckout(page, device);
  await fillCheckout(page);
  // The browser checks with the route's own schema, so nothing the form lets through is refused by the
  // route: the phone is lengthened on its way, past the schema's 30 characters. The 400 is the server's.
  await page.route('**/api/checkout', (route) => {
    const body = route.request().postDataJSON() as { customer: { phone: string } };
    body.customer.phone = body.customer.phone.padEnd(31, '0');
    return route.continue({ postData: JSON.stringify(body) });
  });
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const reply = await refused;
  expect(reply.status()).toBe(400);
  expect(await reply.json()).toMatchObject({
    error: { code: ERROR_CODES.validationFailed, fields: { 'customer.phone': 'At most 30 characters' } },
  });

  const phone = page.getByLabel('Phone');
  await expect(phone).toHaveAccessibleDescription('At most 30 characters');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue('+27 82 111 2222');
  await expect(page.getByLabel('First Name')).toHaveValue('Sipho');
  await expect(page.getByLabel('Last Name')).toHaveValue('Ndlovu');
  await expect(page.getByLabel('Email')).toHaveValue('sipho@example.co.za');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Street Address/)).toHaveValue('3 Bree Street');
  await expect(page.getByLabel(/^City/)).toHaveValue('Cape Town');
  await expect(page.getByLabel('Postal Code', { exact: true })).toHaveValue('8001');
  await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeHidden();
});

test("after 'Payment cancelled' the checkout form still holds what was typed", async ({ page, makeDevice }) => {
  const device = await makeDevice();
  await startCheckout(page, device);
  await fillCheckout(page);
  await page.getByLabel('Billing address same as shipping').uncheck();
  await page.getByLabel('Billing Street Address').fill('9 Loop Street');
  await page.getByRole('textbox', { name: 'Billing City', exact: true }).fill('Cape Town');
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
  await expect(page.getByRole('textbox', { name: 'Billing City', exact: true })).toHaveValue('Cape Town');
});

test("a signed-in customer's names, email, phone and saved address fill the checkout form; what they type is theirs", async ({
  page,
  api,
  makeDevice,
}) => {
  const customer = customerDetails({ apartment: '14 Florida Road' });
  await signUpThroughEmail(api, customer);
  const device = await makeDevice();
  await startCheckout(page, device);
  await expect(page.getByLabel('First Name')).toHaveValue(customer.firstName);
  await expect(page.getByLabel('Last Name')).toHaveValue(customer.lastName);
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByLabel('Phone')).toHaveValue(customer.phone);
  await expect(page.getByLabel('Street Address')).toHaveValue('14 Florida Road');
  await expect(page.getByLabel('City')).toHaveValue('Durban');
  await expect(page.getByLabel('State/Province')).toHaveValue('KwaZulu-Natal');
  await expect(page.getByLabel('Postal Code')).toHaveValue('4001');
  await expect(page.getByLabel('Country')).toHaveValue('South Africa');

  await page.getByLabel('First Name').fill('Nomsa');
  await page.getByLabel('Phone').fill('+27 82 000 1111');
  await page.getByRole('button', { name: 'Back to Cart' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Nomsa');
  await expect(page.getByLabel('Phone')).toHaveValue('+27 82 000 1111');
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByLabel('City')).toHaveValue('Durban');
});

/** Seven characters: one short of the one password rule (docs/decisions/017), and its one message. */
const tooShort = 'Short-1';
const tooShortMessage = 'Password must be at least 8 characters long';

/** Submits the Profile tab's Change Password form with `newPassword` typed twice. */
async function changePassword(page: Page, currentPassword: string, newPassword: string) {
  await page.getByLabel('Current Password').fill(currentPassword);
  await page.getByLabel(/^New Password/).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
}

test('one password rule: 8 characters and one message at sign-up, reset and password change', async ({
  page,
  api,
  customer,
}) => {
  const change = { currentPassword: customer.password, newPassword: tooShort, confirmPassword: tooShort };
  const server = await api.expect<{ error: { message: string } }>(api.post('/api/account/password', change), 400);
  expect(server.error.message).toBe(tooShortMessage);

  await page.goto('/account');
  await changePassword(page, customer.password, tooShort);
  await expect(page.getByLabel(/^New Password/)).toHaveAccessibleDescription(tooShortMessage);

  await page.goto('/reset-password?token=not-checked-before-submit');
  await page.getByLabel(/^New Password/).fill(tooShort);
  await page.getByLabel('Confirm New Password').fill(tooShort);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByLabel(/^New Password/)).toHaveAccessibleDescription(tooShortMessage);

  await page.goto('/signup');
  await fillSignUpForm(page, customerDetails({ password: tooShort }));
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(tooShortMessage);
});

test("the agent dashboard's password change refuses 7 characters with the same one message", async ({
  page,
  signInAs,
}) => {
  await signInAs('agent');
  await page.goto('/agent-dashboard?tab=profile');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const changes = requestsTo(page, '/api/account/password');
  await changePassword(page, E2E_AGENT.password, tooShort);
  const newPassword = page.getByLabel(/^New Password/);
  await expect(newPassword).toHaveAccessibleDescription(tooShortMessage);
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  expect(changes).toEqual([]);
});

test("the ID number placeholder reads 'ID number'", async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByLabel('ID Type')).toHaveValue('id');
  await expect(page.getByLabel('ID Number')).toHaveAttribute('placeholder', 'ID number');
  await page.getByLabel('ID Type').selectOption('passport');
  await expect(page.getByLabel('Passport Number')).toHaveAttribute('placeholder', 'Passport number');
});
