import type { Locator, Page } from '@playwright/test';
import { forSale } from '../../src/shared/catalog';
import { formatMoney } from '../../src/shared/money';
import { expect, test } from './fixtures';
import { allDevices, DESKTOP, findDevice, mostStocked, PHONE, scrollToBottom, scrollY } from './storefront-walk';

// The defects a shopper met walking the storefront at 1280x800 and 375x740, one story
// each, at the width where it happened, against the seeded demo catalog on the real server; what floats over the
// pages (the Chat launcher, the header's menus, toasts) has its own spec, storefront-overlays.spec.ts.

const homeHeading = (page: Page) => page.getByRole('heading', { name: 'Switches', exact: true });

test.describe('scroll position', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px a typed address opens at its top, and Back and Forward return to where the shopper was`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // A new document from the address bar or a bookmark, the page before left scrolled to its bottom.
      // Home's address is typed on another page: typing the address of the page one is on is a reload
      // to Chrome, and a reload keeps its position (lib/browser-pages.tsx).
      for (const [from, path] of [
        ['/', '/about'],
        ['/', '/no-such-page'],
        ['/about', '/'],
        ['/', '/buy'],
      ] as const) {
        await page.goto(from);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await scrollToBottom(page);
        expect(await scrollY(page), from).toBeGreaterThan(500);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await scrollY(page), path).toBe(0);
      }
      // The list has loaded its cards, and the page is still at its top.
      await expect(page.getByTestId('filtered-devices')).not.toHaveText('–');
      await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
      expect(await scrollY(page)).toBe(0);

      // Inside the app: a link opens the next page at its top; Back and Forward restore.
      await page.evaluate(() => window.scrollTo(0, 1200));
      await expect.poll(() => scrollY(page)).toBe(1200);
      await page.getByRole('banner').getByRole('link', { name: 'QuickBuy home' }).click();
      await expect(homeHeading(page)).toBeVisible();
      expect(await scrollY(page)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect.poll(() => scrollY(page)).toBe(600);
      await page.goBack();
      await expect(page).toHaveURL(/\/buy$/);
      await expect.poll(() => scrollY(page)).toBe(1200);
      await page.goForward();
      await expect(homeHeading(page)).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(600);
    });
  }
});

test.describe('cart quantity', () => {
  test('a shopper clears the quantity and types 5, and the field applies the minimum of 1 on leaving it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const device = (await allDevices(request))
      .filter((d) => d.inStock && d.quantity >= 5)
      .sort((a, b) => b.quantity - a.quantity)[0];
    expect(device, 'a device with 5 units in stock').toBeDefined();
    await page.goto('/about');
    await page.evaluate((line) => window.localStorage.setItem('quickbuy_cart', JSON.stringify([line])), {
      id: device!.id,
      name: device!.name,
      price: device!.price,
      quantity: 1,
      image: '',
      condition: device!.condition,
      storage: device!.storage,
    });
    await page.goto('/cart');
    const field = page.getByLabel(`Quantity for ${device!.name}`);
    const total = page.getByTestId('cart-total');
    await expect(field).toHaveValue('1');

    // Delete the digit, type 5: the field is empty in between, and the cart holds 5.
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await expect(field).toHaveValue('');
    await page.keyboard.type('5');
    await expect(field).toHaveValue('5');
    await expect(total).toHaveText(formatMoney(device!.price * 5, 'cart'));
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();

    // Empty, zero and non-numeric entries become 1 on blur or Enter (spec 000 section 5).
    await field.fill('');
    await page.keyboard.press('Tab');
    await expect(field).toHaveValue('1');
    await field.fill('0');
    await field.press('Enter');
    await expect(field).toHaveValue('1');
    await field.fill('abc');
    await field.press('Enter');
    await expect(field).toHaveValue('1');
    await expect(total).toHaveText(formatMoney(device!.price, 'cart'));

    // Plus and minus beside the field.
    const minus = page.getByRole('button', { name: `Decrease quantity of ${device!.name}` });
    const plus = page.getByRole('button', { name: `Increase quantity of ${device!.name}` });
    await expect(minus).toBeDisabled();
    await plus.click();
    await plus.click();
    await expect(field).toHaveValue('3');
    await minus.click();
    await expect(field).toHaveValue('2');
    await expect(total).toHaveText(formatMoney(device!.price * 2, 'cart'));
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('quickbuy_cart') ?? '[]'));
    expect(stored).toEqual([expect.objectContaining({ id: device!.id, quantity: 2 })]);
  });
});

test.describe('an out-of-stock device', () => {
  test('an out-of-stock device page says Out of Stock on its disabled Add to Cart, and both buttons look disabled', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const device = await findDevice(request, (d) => !forSale(d));
    await page.goto(`/device/${device.id}`);
    await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
    const add = page.getByRole('button', { name: 'Out of Stock' });
    const buy = page.getByRole('button', { name: 'Buy Now' });
    await expect(add).toBeDisabled();
    await expect(buy).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

    // Both disabled buttons share the greyed look; an enabled Add to Cart looks different.
    const look = (button: Locator) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color, cursor: style.cursor };
      });
    const disabledLook = await look(add);
    expect(disabledLook).toEqual(await look(buy));
    expect(disabledLook.cursor).toBe('not-allowed');
    const inStock = await mostStocked(request);
    await page.goto(`/device/${inStock.id}`);
    expect((await look(page.getByRole('button', { name: 'Add to Cart' }))).background).not.toBe(
      disabledLook.background,
    );
  });
});

test.describe('paging past the end', () => {
  test('a page number past the end of the list opens the last page', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/buy?page=99');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toContainText(/Page (\d+) of \1(?!\d)/);
    await expect(page.getByText('No devices found matching your criteria.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
    const last = /Page (\d+) of/.exec((await pager.textContent()) ?? '')![1];
    await expect(page).toHaveURL(new RegExp(`/buy\\?page=${last}$`));

    // Back does not return to the empty page.
    await page.goto('/about');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/buy\\?page=${last}$`));
  });
});

/** The device page's Specifications row for `label` ('RAM', 'Display'). */
const specRow = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Specifications' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });

test.describe('specifications', () => {
  test("a phone and a laptop entered without RAM or display size show the spec's RAM 8GB and Display 15-inch", async ({
    page,
    makeDevice,
  }) => {
    await page.setViewportSize(DESKTOP);
    for (const type of ['phone', 'laptop'] as const) {
      const device = await makeDevice({ type, ram: '', displaySize: '' });
      expect([device.ram, device.displaySize]).toEqual([null, null]);
      await page.goto(`/device/${device.id}`);
      await expect(specRow(page, 'RAM').locator('dd'), type).toHaveText('8GB');
      await expect(specRow(page, 'Display').locator('dd'), type).toHaveText('15-inch');
    }
  });

  test('specifications show RAM and display only where the device has them or the type needs the fallback', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const specs = (page_: Page) => page_.getByRole('region', { name: 'Specifications' });
    const row = (label: string) => specRow(page, label);

    const accessory = await findDevice(request, (d) => d.type === 'accessory' && !d.ram && !d.displaySize);
    await page.goto(`/device/${accessory.id}`);
    await expect(specs(page).getByText('Brand', { exact: true })).toBeVisible();
    await expect(row('RAM')).toHaveCount(0);
    await expect(row('Display')).toHaveCount(0);
    await expect(specs(page)).not.toContainText('8GB');
    await expect(specs(page)).not.toContainText('15-inch');

    const tv = await findDevice(request, (d) => d.type === 'tv' && !d.ram && d.displaySize !== null);
    await page.goto(`/device/${tv.id}`);
    await expect(row('Display')).toContainText(tv.displaySize!);
    await expect(row('RAM')).toHaveCount(0);

    const phone = await findDevice(request, (d) => d.type === 'phone' && d.ram !== null);
    await page.goto(`/device/${phone.id}`);
    await expect(row('RAM')).toContainText(phone.ram!);
  });
});

test.describe('chat', () => {
  test('the chat answers a named model with that model first, priced as the cards are', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const xps = await findDevice(request, (d) => d.name.startsWith('Dell XPS 13'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with us' });
    await panel.getByRole('textbox', { name: 'Write message' }).fill('Is the Dell XPS 13 in stock?');
    await page.keyboard.press('Enter');
    const reply = panel.getByRole('link', { name: xps.name });
    await expect(reply).toHaveAttribute('href', `/device/${xps.id}`);
    const conversation = panel.getByRole('list', { name: 'Conversation' });
    await expect(conversation).toContainText(formatMoney(xps.price, 'card'));
    await expect(conversation).not.toContainText('PowerEdge');
  });
});

test.describe('small things', () => {
  test('a reviewer with a multi-word surname gets the initials of first and last name', async ({ page }) => {
    await page.goto('/reviews');
    const review = page.getByRole('listitem').filter({ hasText: 'Pieter van der Merwe' });
    await expect(review.getByText('PM', { exact: true })).toBeVisible();
  });
});
