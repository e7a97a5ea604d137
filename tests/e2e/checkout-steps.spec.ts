import type { Page } from '@playwright/test';
import { fillCheckoutDetails, payInWidget } from './checkout-form';
import { addToCart, expect, ORDER_CUSTOMER, test } from './fixtures';

// Each checkout step (docs/decisions/055) has its own address on /cart, so Reload keeps
// the step and what was typed, Back goes to the step before, and Back while the widget is open leaves the
// page under it alone. Found at 1280 px; the steps' Back is checked at 375 px too.

const DETAILS = /\/cart\?step=details$/;
const CART = /\/cart$/;

/** The details a shopper types, with a billing address of its own. */
async function fillDetails(page: Page) {
  await fillCheckoutDetails(page);
  await page.getByLabel('Billing address same as shipping').uncheck();
  await page.getByRole('textbox', { name: 'Billing Street Address', exact: true }).fill('9 Loop Street');
  await page.getByRole('textbox', { name: 'Billing City', exact: true }).fill('Durban');
}

async function expectDetailsAsTyped(page: Page) {
  const { firstName, email, shippingAddress } = ORDER_CUSTOMER;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
  await expect(page.getByLabel('First Name')).toHaveValue(firstName);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Street Address', exact: true })).toHaveValue(shippingAddress.street);
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue(shippingAddress.city);
  await expect(page.getByLabel('Billing address same as shipping')).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Billing Street Address', exact: true })).toHaveValue('9 Loop Street');
  await expect(page.getByRole('textbox', { name: 'Billing City', exact: true })).toHaveValue('Durban');
}

async function toDetails(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(DETAILS);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a reload on the details step keeps the step and the typed addresses; Back returns to the cart on /cart', async ({
    page,
    makeDevice,
  }) => {
    const device = await makeDevice({ brand: 'Apple', model: 'iPad Mini', type: 'tablet' });
    await addToCart(page, device);
    await toDetails(page);
    await fillDetails(page);

    await page.reload();
    await expect(page).toHaveURL(DETAILS);
    await expectDetailsAsTyped(page);
    // Kept for this tab only: nothing of the address is in the storage every tab shares.
    const shared = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(shared).not.toContain(ORDER_CUSTOMER.shippingAddress.street);

    await page.goBack();
    await expect(page).toHaveURL(CART);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
    await expect(page.getByRole('listitem', { name: device.name })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(DETAILS);
    await expectDetailsAsTyped(page);

    // Back to Cart is Back: the device's page is the entry before the cart, as it was.
    await page.getByRole('button', { name: 'Back to Cart' }).click();
    await expect(page).toHaveURL(CART);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/device/${device.id}$`));
  });

  test('a step that cannot be shown yet gives way to the cart', async ({ page, makeDevice }) => {
    await page.goto('/cart?step=details');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page).toHaveURL(CART);

    await addToCart(page, await makeDevice());
    // No widget is open to pay in: the cart, which offers whatever can be paid.
    await page.goto('/cart?step=payment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
    await expect(page).toHaveURL(CART);
    await page.goto('/cart?step=nonsense');
    await expect(page).toHaveURL(CART);
  });

  test('Back while the payment widget is open leaves the widget and the page under it; Cancel returns to the cart', async ({
    page,
    makeDevice,
  }) => {
    const device = await makeDevice({ brand: 'Lenovo', model: 'ThinkPad T14', type: 'laptop', quantity: 2 });
    await addToCart(page, device);
    await toDetails(page);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const widget = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(widget).toBeVisible();
    await expect(page).toHaveURL(/\/cart\?step=payment$/);

    await page.goBack();
    const inProgress = page.getByText('Payment in progress: pay or cancel in the payment window to leave it');
    await expect(inProgress).toBeVisible();
    // Drawn over the widget's overlay, not under it: once the toasts have slid into place, the point at its
    // middle is the toast's.
    const onTop = () =>
      inProgress.evaluate((toast) => {
        const { x, y, width, height } = toast.getBoundingClientRect();
        return toast.closest('li')!.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      });
    await expect.poll(onTop).toBe(true);
    await expect(widget).toBeVisible();
    await expect(page).toHaveURL(/\/cart\?step=payment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
    await expect(page.getByLabel('First Name')).toHaveValue(ORDER_CUSTOMER.firstName);

    // The widget's Cancel is the way out: back to the cart step, on the cart's own entry.
    await widget.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(page).toHaveURL(CART);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');

    // Paid: the confirmation takes the payment's place, so Back from it is the (now empty) cart.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expectDetailsAsTyped(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await payInWidget(page);
    await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{4}-\d{6}$/);
    await page.goBack();
    await expect(page).toHaveURL(CART);
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    // Paid: what was typed is forgotten with the cart.
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain('9 Loop Street');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('by keyboard, each step starts at its heading: Enter on Proceed to Checkout, then one Tab to First Name', async ({
    page,
    makeDevice,
  }) => {
    await addToCart(page, await makeDevice());
    await page.goto('/cart');
    const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
    await expect(proceed).toBeEnabled();
    await proceed.press('Enter');
    await expect(page).toHaveURL(DETAILS);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Checkout');
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // The form's code arrives after the step: the next Tab, once it is there, is its first field.
    await expect(page.getByLabel('First Name')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('First Name')).toBeFocused();

    await page.getByRole('button', { name: 'Back to Cart' }).press('Enter');
    await expect(page).toHaveURL(CART);
    await expect(heading).toHaveText('Shopping Cart');
    await expect(heading).toBeFocused();
  });

  test('Back and Forward walk the steps on /cart, and a reload keeps the details', async ({ page, makeDevice }) => {
    const device = await makeDevice({ brand: 'Samsung', model: 'Galaxy S21', type: 'phone' });
    await addToCart(page, device);
    await toDetails(page);
    await fillDetails(page);
    await page.goBack();
    await expect(page).toHaveURL(CART);
    await expect(page.getByRole('listitem', { name: device.name })).toBeVisible();
    await page.goForward();
    await page.reload();
    await expect(page).toHaveURL(DETAILS);
    await expectDetailsAsTyped(page);
  });
});
