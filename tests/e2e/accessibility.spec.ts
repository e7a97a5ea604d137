import type { Page } from '@playwright/test';
import { COLLECTION_SLUGS } from '../../src/shared/catalog';
import type { CheckoutReply } from '../../src/shared/orders';
import { paths } from '../../src/shared/paths';
import { RETURN_MESSAGES } from '../../src/shared/returns';
import { expectNoAxeViolations } from './axe';
import { fillCheckoutDetails, payInWidget } from './checkout-form';
import { addToCart, expect, ORDER_CUSTOMER, placePaidOrder, test, uniqueId } from './fixtures';
import { chooseFreePickup } from './repair-booking';
import { deliver, requestReturn } from './return-request';
import { fillPhone, submitTablet } from './sell-form';

// The storefront: axe-core finds nothing on any page of the store, at 1280 and at
// 375 px, in its open states (menus, dialogs, each wizard step, the chat panel, a toast). The staff pages
// have their own spec (accessibility-staff.spec.ts). States are grouped per test so each width visits
// every page once, and one customer signs up per width.

const WIDTHS = [
  { name: 'wide', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const CONTENT_PAGES = [
  paths.about,
  paths.contact,
  paths.warranty,
  paths.returns,
  paths.shipping,
  paths.terms,
  paths.privacy,
  paths.reviews,
];

/** Once the page has drawn its frame down to the footer, axe. */
async function scan(page: Page, state: string) {
  // By tag, not role: an open dialog hides the rest of the page from the accessibility tree.
  await expect(page.locator('footer').last()).toBeVisible();
  await expectNoAxeViolations(page, state);
}

/** Goes to `path` and runs axe once its first heading is shown. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await scan(page, path);
}

for (const { name, viewport } of WIDTHS) {
  const phone = viewport.width < 768;

  test.describe(`axe at ${viewport.width} px (${name})`, () => {
    test.describe.configure({ mode: 'parallel' });
    test.use({ viewport });

    test('home, the menus, /buy searched and filtered', async ({ page }) => {
      test.slow();
      await visit(page, paths.home);
      if (phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
        await scan(page, 'the phone menu open');
        await page.getByRole('button', { name: 'Close menu' }).click();
      } else {
        const nav = page.getByRole('navigation', { name: 'Main' });
        await nav.getByRole('button', { name: 'Shop' }).click();
        await expect(nav.getByRole('link', { name: 'Servers', exact: true })).toBeVisible();
        await scan(page, 'the Shop menu open');
        await page.keyboard.press('Escape');
        await nav.getByRole('button', { name: 'Company' }).click();
        await expect(nav.getByRole('link', { name: /^About/ })).toBeVisible();
        await scan(page, 'the Company menu open');
        await page.keyboard.press('Escape');
      }
      const search = page.getByRole('banner').getByLabel('Search devices');
      await search.click();
      await search.pressSequentially('mac');
      await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
      await scan(page, 'the header search suggestions open');
      await page.keyboard.press('Escape');
      await visit(page, paths.buy);
      await visit(page, `${paths.buy}?q=dell&category=laptop&brand=dell&price=10k-20k`);
      await page.goto(`${paths.buy}?q=no-such-device-${uniqueId()}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText('No devices found matching your criteria.')).toBeVisible();
      await scan(page, '/buy, a search with no result');
    });

    test('every collection', async ({ page }) => {
      test.slow();
      for (const slug of COLLECTION_SLUGS) await visit(page, paths.collection(slug));
    });

    test('a device with its gallery open, a toast, the cart and each checkout step', async ({ page, makeDevice }) => {
      test.slow();
      const device = await makeDevice({ images: 2, price: 6499, originalPrice: 7999 });
      await visit(page, paths.cart);

      await visit(page, paths.device(device.id));
      await page.getByRole('button', { name: 'Show image 2' }).click();
      await scan(page, 'a device page, its second image shown');
      await page.goto(paths.buy);
      await page.getByRole('button', { name: `Open ${device.name} gallery` }).click();
      const gallery = page.getByRole('dialog', { name: /- Gallery$/ });
      await expect(gallery).toBeVisible();
      await scan(page, 'the device gallery open');
      await gallery.getByRole('button', { name: 'Close' }).click();
      await expect(gallery).toHaveCount(0);

      await addToCart(page, device);
      await scan(page, 'the added-to-cart toast');

      await visit(page, paths.cart);
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page.getByLabel('Billing address same as shipping')).toBeChecked();
      await scan(page, 'checkout, shipping');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
      await scan(page, 'checkout, required fields flagged');

      await fillCheckoutDetails(page, { everything: true });
      await page.getByLabel('Billing address same as shipping').uncheck();
      await scan(page, 'checkout, billing address unticked');
      await page.getByLabel('Billing address same as shipping').check();

      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      const widget = page.getByRole('dialog', { name: 'Sandbox payment' });
      await expect(widget.getByLabel('Card number')).toBeVisible();
      await scan(page, 'checkout, the payment widget open');
      await payInWidget(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!');
      await scan(page, 'the order confirmation after paying');
    });

    test('signed in: every account tab, a paid order and an unpaid one', async ({
      page,
      api,
      customer,
      makeDevice,
    }) => {
      test.slow();
      void customer;
      const device = await makeDevice();
      const paid = await placePaidOrder(api, device, customer.email);
      const unpaid = await api.expect<CheckoutReply>(
        api.post('/api/checkout', { items: [{ deviceId: device.id, quantity: 1 }], customer: ORDER_CUSTOMER }),
        201,
      );

      await page.goto(paths.account);
      for (const tab of ['Profile', 'Payment', 'Orders', 'Repairs', 'Addresses', 'Privacy']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
        await scan(page, `/account, ${tab}`);
      }
      await page.getByRole('tab', { name: 'Addresses' }).click();
      await page.getByRole('button', { name: 'Edit Address' }).click();
      await scan(page, '/account, Addresses, editing');
      await page.getByRole('tab', { name: 'Privacy' }).click();
      await page.getByRole('button', { name: 'Delete My Account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      await scan(page, '/account, Privacy, the deletion dialog');
      await page.keyboard.press('Escape');

      await page.goto(paths.orderConfirmation(paid.orderNumber));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!');
      await scan(page, 'a paid order');
      await page.goto(paths.orderConfirmation(unpaid.orderNumber));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Awaiting Payment');
      await scan(page, 'an unpaid order');
    });

    test("returns: a delivered order's returns, the request form with its errors, a request's page", async ({
      page,
      api,
      admin,
      customer,
      makeDevice,
    }) => {
      test.slow();
      const device = await makeDevice();
      const paid = await placePaidOrder(api, device, customer.email);
      await deliver(admin, paid.orderNumber);
      await page.goto(paths.orderConfirmation(paid.orderNumber));
      await expect(page.getByRole('link', { name: 'Start a return' })).toBeVisible();
      await scan(page, 'a delivered order with its returns');
      await page.getByRole('link', { name: 'Make a warranty claim' }).click();
      await page.getByRole('button', { name: 'Submit claim' }).click();
      await expect(page.getByLabel(/^Reason/)).toHaveAccessibleDescription(RETURN_MESSAGES.chooseReason);
      await scan(page, 'the warranty claim form, errors shown');

      const returnNumber = await requestReturn(api, paid, device.id);
      await page.goto(paths.returnRequest(returnNumber));
      await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
      await scan(page, 'a return request');
      await page.goto(`/track?number=${returnNumber}`);
      await expect(page.getByRole('region', { name: `Return ${returnNumber}` })).toBeVisible();
      await scan(page, 'a return request tracked');
    });

    test('sign-in and sign-up pages, with validation errors shown', async ({ page }) => {
      test.slow();
      await visit(page, paths.auth);
      await page.getByRole('tab', { name: /Sign Up/i }).click();
      await scan(page, '/auth, Sign Up tab');
      await visit(page, paths.login);
      await page
        .getByRole('button', { name: /^Sign In$|^Login$/ })
        .first()
        .click();
      await scan(page, '/login, empty fields flagged');
      await visit(page, paths.signup);
      await page.getByLabel(/^Password/).fill('Table-bay-2026');
      await page.getByLabel('Confirm Password').fill('Not-the-same-1');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Passwords do not match').first()).toBeVisible();
      await scan(page, '/signup, errors shown');
      await visit(page, paths.forgotPassword);
      await visit(page, `${paths.resetPassword}?token=not-checked-before-submit`);
      await visit(page, `${paths.confirmEmail}?token=not-checked-before-submit`);
    });

    test('every content page, the FAQ with an answer open, the 404 page', async ({ page }) => {
      test.slow();
      for (const path of CONTENT_PAGES) await visit(page, path);
      await visit(page, paths.faq);
      await page.getByRole('main').locator('summary').first().click();
      await expect(page.getByRole('main').locator('details[open]')).toHaveCount(1);
      await scan(page, '/faq, an answer open');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await scan(page, 'the 404 page');
    });

    test('sell, each repair booking step, track empty and with a result', async ({ page, api }) => {
      test.slow();
      await visit(page, paths.sell);
      await page.getByLabel(/^Device Type/).selectOption('laptop');
      await page.getByLabel('I am the owner of this device').check();
      await page.getByRole('button', { name: 'Get Instant Quote' }).click();
      await expect(page.getByText('Model is required')).toBeVisible();
      await scan(page, '/sell, errors shown');
      await page.goto(paths.sell);
      await fillPhone(page, `seller.${uniqueId()}@example.com`);
      await page.getByRole('button', { name: 'Get Instant Quote' }).click();
      await expect(page.getByRole('heading', { name: 'Submission Successful!' })).toBeVisible();
      await scan(page, '/sell, submitted');

      await visit(page, paths.repairs);
      await page.getByRole('button', { name: 'Book a Repair Now' }).click();
      const step = (n: number) => page.getByRole('dialog', { name: `Book a Repair - Step ${n} of 6` });
      await expect(step(1)).toBeVisible();
      await scan(page, '/repairs, step 1');
      await step(1).getByText('Laptop').click();
      await step(1).getByRole('button', { name: 'Next' }).click();
      await expect(step(2)).toBeVisible();
      await scan(page, '/repairs, step 2');
      await step(2).getByText('Battery Replacement').click();
      await step(2).getByRole('button', { name: 'Next' }).click();
      await expect(step(3)).toBeVisible();
      await scan(page, '/repairs, step 3');
      await step(3).getByText('1 week').click();
      await step(3).getByRole('button', { name: 'Next' }).click();
      await expect(step(4)).toBeVisible();
      await scan(page, '/repairs, step 4');
      await step(4).getByRole('button', { name: 'Next' }).click();
      await expect(step(5)).toBeVisible();
      await step(5).getByLabel('Full Name').fill('Pieter Botha');
      await step(5).getByLabel('Phone').fill('021 555 0199');
      await step(5).getByLabel('Email').fill('pieter@example.co.za');
      await step(5).getByLabel('Pickup Address').fill('3 Long Street');
      await scan(page, '/repairs, step 5');
      await step(5).getByRole('button', { name: 'Next' }).click();
      await expect(step(6)).toBeVisible();
      await chooseFreePickup(step(6));
      await scan(page, '/repairs, step 6');
      await step(6).getByRole('button', { name: 'Submit Booking' }).click();
      await expect(page.getByRole('dialog', { name: 'Booking Confirmed!' })).toBeVisible();
      await scan(page, '/repairs, booking confirmed');

      await visit(page, paths.track);
      const number = await submitTablet(api, `seller.${uniqueId()}@example.com`);
      await page.goto(paths.trackNumber(number));
      await expect(page.getByRole('heading', { name: 'Transaction Details' })).toBeVisible();
      await scan(page, '/track with a result');
    });

    test('the chat panel open with a reply', async ({ page }) => {
      test.slow();
      await page.goto(paths.about);
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Chat with us' });
      await panel.getByRole('textbox', { name: 'Write message' }).fill('Do you have laptops?');
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).not.toHaveCount(1);
      await expect(panel.getByRole('link').first()).toBeVisible();
      await scan(page, 'the chat panel with a reply');
    });
  });
}
