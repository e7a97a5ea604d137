import { Api, expect, placePaidOrder, test, uniqueId } from './fixtures';
import { emailTo, linkIn } from './mailbox';

test('the account tabs: profile update, payment details saved masked, empty orders, address edit', async ({
  page,
  customer,
}) => {
  await page.goto('/account');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('•••••••••9081')).toBeVisible();

  await page.getByLabel(/^Name/).fill('Ayanda Mkhize');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await page.getByRole('tab', { name: 'Payment' }).click();
  const save = page.getByRole('button', { name: 'Save Payment Details' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Bank Transfer').check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Please fill in all required bank details').first()).toBeVisible();
  await page.getByLabel(/^Bank Name/).selectOption('Capitec');
  await page.getByLabel(/^Account Type/).selectOption('savings');
  await page.getByLabel(/^Account Holder/).fill('A Mkhize');
  await page.getByLabel(/^Account Number/).fill('1234567890');
  await save.click();
  await expect(page.getByText('Payment details saved successfully')).toBeVisible();
  await expect(page.getByText(/Account ••••7890/)).toBeVisible();

  await page.getByLabel('Credit/Debit Card').check();
  await expect(page.getByLabel(/^Card Number/)).toHaveAttribute('maxlength', '19');
  await expect(page.getByLabel(/^Expiry Date/)).toHaveAttribute('maxlength', '5');
  await expect(page.getByLabel(/^CVV/)).toHaveAttribute('maxlength', '4');
  await page.getByLabel(/^Card Number/).fill('4084084084084081');
  await save.click();
  await expect(page.getByText('Please fill in all required card details').first()).toBeVisible();
  await page.getByLabel(/^Expiry Date/).fill('12/29');
  await page.getByLabel(/^CVV/).fill('408');
  await save.click();
  await expect(page.getByText('Visa ending in 4081')).toBeVisible();

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByText('No orders yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page.getByText(customer.city)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Address' }).click();
  await page.getByLabel(/^City/).fill('Pietermaritzburg');
  await page.getByLabel(/^Postal Code/).fill('3201');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved successfully')).toBeVisible();
  await expect(page.getByText('Pietermaritzburg')).toBeVisible();
});

test('the open tab is in the address: a reload keeps it, Profile leaves it out', async ({ page, customer }) => {
  void customer;
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/account\?tab=addresses$/);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test("an order placed as a guest with the account's address is in its Orders, saying so, and opens", async ({
  page,
  customer,
  playwright,
  baseURL,
  makeDevice,
}) => {
  // A browser with no session buys with the same address.
  const guest = await playwright.request.newContext({ baseURL });
  const device = await makeDevice();
  const order = await placePaidOrder(new Api(guest), device, customer.email);
  await guest.dispose();

  await page.goto('/account?tab=orders');
  const item = page.getByRole('listitem').filter({ hasText: order.orderNumber });
  await expect(item.getByText('Placed as a guest with this email address', { exact: false })).toBeVisible();
  await item.getByRole('link', { name: order.orderNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.orderNumber}`));
  await expect(page.getByText(device.name).first()).toBeVisible();
  await expect(page.getByText('Order Not Found')).toHaveCount(0);
});

test('a customer changes their email: the new address gets a link, and their password there makes the change', async ({
  page,
  customer,
}) => {
  const newEmail = `moved.${uniqueId()}@example.co.za`;
  await page.goto('/account');
  // The profile's own form: the Change Password form below has a Current Password too.
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await profile.getByLabel(/^Email/).fill(newEmail);
  await profile.getByLabel('Current Password').fill(customer.password);
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  // The account keeps its email until the link is used; the field says where the link went.
  await expect(page.getByLabel(/^Email/)).toHaveValue(customer.email);
  await expect(page.getByLabel(/^Email/)).toHaveAccessibleDescription(
    `We sent a link to ${newEmail}: your email changes once you open it and enter your password.`,
  );

  await page.goto(linkIn(await emailTo(newEmail, /^Confirm your new QuickBuy email$/), 'Confirm my new email'));
  await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
  await page.getByLabel(/^Password/).fill('Not-my-password-1');
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription('Current password is incorrect');
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email has been changed. Use it to sign in from now on.' }),
  ).toBeVisible();
  await page.goto('/account');
  await expect(page.getByLabel(/^Email/)).toHaveValue(newEmail);
});

test('forgot password answers the same whatever the email', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/^Email/).fill('nobody-here@example.co.za');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, we have sent a reset link.')).toBeVisible();
});
