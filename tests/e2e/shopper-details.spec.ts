import type { Page } from '@playwright/test';
import { addToCart, expect, test, uniqueId } from './fixtures';

// Shopper details, one story each at the width where a walk met them (1280 px): a collection page past
// its end, Back after /buy's page links, focus after the gallery, sign-up's password mismatch, and chat
// wording, the Shop menu's Sale badge, the storage label, the cart's + at the stock.

const DESKTOP = { width: 1280, height: 800 };

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
});

test.describe('a collection page past its end', () => {
  test('opens the last page, from the server and in the browser', async ({ page }) => {
    await page.goto('/collections/laptops?page=99');
    await expect(page).toHaveURL(/\/collections\/laptops(\?page=\d+)?$/);
    await expect(page.getByText('No laptops available at the moment.')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();

    // The browser's own navigation to such an address (a Back or Forward into an old entry) does the same.
    await page.goto('/collections/laptops');
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/collections/laptops?page=99');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page).toHaveURL(/\/collections\/laptops(\?page=(?!99)\d+)?$/);
    await expect(page.getByText('No laptops available at the moment.')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  });
});

test.describe("/buy's page links", () => {
  test('open the next page at the top, and Back returns to where the shopper was', async ({ page }) => {
    await page.goto('/buy');
    const next = page.getByRole('link', { name: 'Next page' });
    await next.scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => window.scrollY);
    expect(where).toBeGreaterThan(500);
    await next.click();
    await expect(page).toHaveURL(/\/buy\?page=2$/);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/Page 2 of/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/buy$/);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/Page 1 of/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(where - 5);
  });
});

test.describe('the device gallery', () => {
  test('gives focus back to the image button that opened it, closed by Escape or by Close', async ({ page }) => {
    await page.goto('/buy');
    const opener = page.getByRole('button', { name: /^Open .+ gallery$/ }).first();
    const gallery = page.getByRole('dialog', { name: /- Gallery$/ });

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(gallery).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(gallery).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(gallery).toBeVisible();
    await gallery.getByRole('button', { name: 'Close' }).click();
    await expect(gallery).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe('sign-up', () => {
  test('says the passwords do not match as soon as both are typed, with the other fields still empty', async ({
    page,
  }) => {
    await page.goto('/signup');
    const terms = page.getByLabel(/I agree to the/);
    // How far the checkbox sits below the Confirm Password box (scrolling moves both alike).
    const termsBelowConfirm = () =>
      terms.evaluate((element) => {
        const boxes = [...document.querySelectorAll('input[type="password"]')].map(
          (input) => input.getBoundingClientRect().top,
        );
        return element.getBoundingClientRect().top - Math.max(...boxes);
      });
    const termsAt = await termsBelowConfirm();
    await page.getByLabel(/^Password/).fill('Union-buildings-1');
    await page.getByLabel('Confirm Password').fill('Union-buildings-2');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    // Its line was kept: the terms checkbox under the pointer's way has not moved, and takes the click.
    expect(await termsBelowConfirm()).toBe(termsAt);
    await terms.click();
    await expect(terms).toBeChecked();

    // Submitted with the rest empty, it stands beside the other fields' messages.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm Password').fill('Union-buildings-1');
    await expect(page.getByText('Passwords do not match')).toHaveCount(0);
  });
});

const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Chat with us' });

async function ask(page: Page, question: string) {
  const input = chatPanel(page).getByRole('textbox', { name: 'Write message' });
  await input.fill(question);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test.describe('details of the chat, the Shop menu, device labels and the cart', () => {
  test("the chat's price bound stays in the rand the shopper wrote, and says 'an iPhone'", async ({
    page,
    makeDevice,
  }) => {
    await makeDevice({ brand: 'Dell', model: `Latitude ${uniqueId()}`, type: 'laptop', price: 12999 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await expect(chatPanel(page)).toBeVisible();

    await ask(page, 'Any Dell laptops under R20,000?');
    const answer = chatPanel(page).getByText(/^Here (is a match|are some matches) for Dell laptops under/);
    await expect(answer).toHaveText(/under R20,000:/);
    await expect(
      chatPanel(page)
        .getByRole('link', { name: /^Dell Latitude/ })
        .first(),
    ).toBeVisible();

    await makeDevice({ brand: 'Apple', model: `iPhone 12 ${uniqueId()}`, type: 'phone' });
    await ask(page, 'Is the iPhone 99 in stock?');
    await expect(chatPanel(page).getByText("I couldn't find an iPhone 99 in stock right now.")).toBeVisible();
    await expect(chatPanel(page)).not.toContainText('a iPhone');
  });

  test('the Shop menu shows one Sale badge, on the largest discount', async ({ page, makeDevice }) => {
    await makeDevice({
      brand: 'Acer',
      model: `Chromebook ${uniqueId()}`,
      type: 'laptop',
      price: 5000,
      originalPrice: 5500,
    });
    const elitebook = await makeDevice({
      brand: 'HP',
      model: `EliteBook ${uniqueId()}`,
      type: 'laptop',
      price: 9000,
      originalPrice: 15000,
    });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Shop' }).click();
    const badges = nav.getByText('Sale', { exact: true });
    await expect(badges).toHaveCount(1);
    await expect(nav.getByRole('link', { name: new RegExp(elitebook.name) })).toContainText('Sale');
  });

  test("a fact that is not a storage size is not labelled 'Storage'", async ({ page, makeDevice }) => {
    const tv = await makeDevice({
      brand: 'Samsung',
      model: `Crystal UHD ${uniqueId()}`,
      type: 'tv',
      storage: 'Smart TV',
    });
    await page.goto(`/device/${tv.id}`);
    const specs = page.getByRole('region', { name: 'Specifications' });
    await expect(specs.locator('dt', { hasText: /^Storage$/ })).toHaveCount(0);
    await expect(specs.locator('div', { has: page.locator('dt', { hasText: /^Feature$/ }) })).toContainText('Smart TV');
    await expect(page.getByText('with Smart TV storage')).toHaveCount(0);

    const phone = await makeDevice({ storage: '256GB' });
    await page.goto(`/device/${phone.id}`);
    await expect(specs.locator('div', { has: page.locator('dt', { hasText: /^Storage$/ }) })).toContainText('256GB');
  });

  test("the cart's + stops at the units in stock", async ({ page, makeDevice }) => {
    const device = await makeDevice({ quantity: 2 });
    await addToCart(page, device);
    await page.goto('/cart');
    const plus = page.getByRole('button', { name: `Increase quantity of ${device.name}` });
    const quantity = page.getByLabel(`Quantity for ${device.name}`);
    await expect(plus).toBeEnabled();
    await plus.click();
    await expect(quantity).toHaveValue('2');
    await expect(plus).toBeDisabled();
    await expect(page.getByText('Only 2 left')).toHaveCount(0);
  });
});
