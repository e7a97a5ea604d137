import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { forSale, type Device, type DeviceListReply } from '../../src/shared/catalog';
import { formatMoney } from '../../src/shared/money';
import { Api, customerDetails, expect, signUpThroughEmail, test } from './fixtures';

// The defects a shopper met walking the storefront at 1280x800 and 375x740, one story
// each, at the width where it happened, against the seeded demo catalog on the real server.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** Every device the catalog lists, page by page (other specs add devices of their own as they run). */
async function allDevices(request: APIRequestContext): Promise<Device[]> {
  const devices: Device[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`/api/devices?pageSize=100&page=${page}`);
    expect(response.ok()).toBe(true);
    const reply = (await response.json()) as DeviceListReply;
    devices.push(...reply.items);
    if (reply.items.length === 0 || devices.length >= reply.filteredTotal) return devices;
  }
}

async function findDevice(request: APIRequestContext, wanted: (device: Device) => boolean): Promise<Device> {
  const device = (await allDevices(request)).find(wanted);
  if (!device) throw new Error('The demo catalog has no device of the kind this story needs');
  return device;
}

/** The device with the most units for sale: the devices other stories list, they also buy, meanwhile. */
async function mostStocked(request: APIRequestContext): Promise<Device> {
  const [device] = (await allDevices(request)).filter(forSale).sort((a, b) => b.quantity - a.quantity);
  if (!device) throw new Error('The demo catalog has no device for sale');
  return device;
}

/**
 * True when a click at the centre and at four points towards the corners of the element lands on the
 * element itself, so nothing (a floating button, a toast) sits over it. The points stay inside rounded
 * shapes: a pill's very corners are not part of it.
 */
async function isUncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const points = [
      [0.5, 0.5],
      [0.2, 0.2],
      [0.8, 0.2],
      [0.2, 0.8],
      [0.8, 0.8],
    ].map(([fx, fy]) => [box.left + box.width * fx!, box.top + box.height * fy!] as const);
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    });
  });
}

type Box = { x: number; y: number; width: number; height: number };

/** True when the two boxes share some area (touching edges do not count). */
function boxesIntersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Scrolls the element to the bottom edge of the window, where a shopper scrolling down first meets it. */
async function scrollToBottomEdge(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Scrolls the page to its very bottom and waits until it is there: each try scrolls again, as the page
 * may still grow while its sections load.
 */
async function scrollToBottom(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.documentElement;
        window.scrollTo(0, root.scrollHeight);
        return Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight;
      }),
    )
    .toBe(true);
}

/** Resolves once every running animation and transition (toasts sliding in) has finished. */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

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

test.describe('the Chat launcher', () => {
  test('the Chat launcher never sits over the footer links, the cards or Buy Now', async ({ page, request }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/about');
      const launcher = page.getByRole('button', { name: 'Chat', exact: true });
      await expect(launcher).toBeVisible();
      await scrollToBottom(page);
      const policies = page.getByRole('navigation', { name: 'Policies' }).getByRole('link');
      await expect(policies.last()).toHaveText('Privacy Policy');
      for (const link of await policies.all()) {
        expect(await isUncovered(link), `${await link.textContent()} at ${viewport.width} px`).toBe(true);
      }
      // Nor does its box reach into the Privacy Policy link's, where the two used to meet.
      const [launcherBox, privacyBox] = [await launcher.boundingBox(), await policies.last().boundingBox()];
      expect(boxesIntersect(launcherBox!, privacyBox!), `at ${viewport.width} px`).toBe(false);
    }

    // On a phone nothing floats over a card's buttons or the device page's actions, wherever they are.
    await page.goto('/buy');
    const details = page.getByRole('link', { name: 'View Details' });
    await expect(details.first()).toBeVisible();
    for (const link of await details.all()) {
      await scrollToBottomEdge(link);
      expect(await isUncovered(link)).toBe(true);
    }
    const device = await mostStocked(request);
    await page.goto(`/device/${device.id}`);
    for (const name of ['Add to Cart', 'Buy Now']) {
      const button = page.getByRole('button', { name, exact: true });
      await scrollToBottomEdge(button);
      expect(await isUncovered(button), name).toBe(true);
    }

    // The launcher still opens the chat on a phone.
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
  });
});

test.describe('header menus', () => {
  test('moving the mouse from the open Shop menu onto Company opens Company', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const shop = nav.getByRole('button', { name: 'Shop' });
    const company = nav.getByRole('button', { name: 'Company' });

    await shop.hover();
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await company.hover();
    await expect(company).toHaveAttribute('aria-expanded', 'true');
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await page.waitForTimeout(600);
    await expect(company).toHaveAttribute('aria-expanded', 'true');

    // And back again, then Escape and a followed link still close it.
    await shop.hover();
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await page.waitForTimeout(600);
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(shop).toHaveAttribute('aria-expanded', 'false');

    await company.hover();
    await expect(company).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: /^FAQ/ }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(company).toHaveAttribute('aria-expanded', 'false');
  });
});

/** Problems that break the header's single line: an overflowing row, a wrapped or truncated label. */
async function headerLayoutProblems(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const problems: string[] = [];
    const row = header.firstElementChild as HTMLElement;
    if (row.scrollWidth > row.clientWidth) problems.push(`row overflows: ${row.scrollWidth} > ${row.clientWidth}`);
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement!;
      if (!text || parent.getBoundingClientRect().width <= 1) continue; // blank, or screen-reader only
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`"${text}" wraps onto ${lines.size} lines`);
      if (parent.scrollWidth > parent.clientWidth + 1) problems.push(`"${text}" is cut off`);
    }
    return problems;
  });
}

test.describe('the header when signed in', () => {
  for (const who of ['admin', 'customer'] as const) {
    test(`the header holds on one line from 1024 px for a signed-in ${who}`, async ({ page, signInAs }) => {
      if (who === 'admin') {
        await signInAs('admin');
      } else {
        await signUpThroughEmail(
          new Api(page.request),
          customerDetails({
            firstName: 'Pieter',
            lastName: 'van der Merwe',
            email: `header-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
            password: 'Secret-pass-1',
            confirmPassword: 'Secret-pass-1',
          }),
        );
      }
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/about');
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: who === 'admin' ? 'Admin Panel' : 'Account' })).toBeVisible();
        expect(await headerLayoutProblems(page), `at ${width} px`).toEqual([]);
      }

      // The admin's long identity is one press away in the account menu, whole, by keyboard too.
      if (who === 'admin') {
        await page.setViewportSize({ width: 1024, height: 800 });
        const header = page.getByRole('banner');
        const menu = header.getByRole('button', { name: 'Account menu' });
        const logout = header.getByRole('button', { name: /Admin: admin@quickbuy\.test/ });
        await expect(logout).toHaveCount(0);
        await menu.focus();
        await page.keyboard.press('Enter');
        await expect(logout).toBeVisible();
        expect(await headerLayoutProblems(page), 'with the account menu open').toEqual([]);
        await page.keyboard.press('Escape');
        await expect(logout).toHaveCount(0);
        await expect(menu).toBeFocused();
      }
    });
  }
});

/**
 * Counts toasts from now on, as the page changes: the most on the page at once, and the most of them
 * shown at once (sonner marks the ones past its visible limit data-visible="false" and fades them out).
 */
async function watchToasts(page: Page): Promise<() => Promise<{ onPage: number; shown: number }>> {
  await page.evaluate(() => {
    const peak = { onPage: 0, shown: 0 };
    Object.assign(window, { toastPeak: peak });
    new MutationObserver(() => {
      peak.onPage = Math.max(peak.onPage, document.querySelectorAll('[data-sonner-toast]').length);
      const shown = document.querySelectorAll('[data-sonner-toast][data-visible="true"]').length;
      peak.shown = Math.max(peak.shown, shown);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastPeak: { onPage: number; shown: number } }).toastPeak);
}

test.describe('toasts', () => {
  test('the Add to Cart toast hides none of the header controls, the launcher or the button pressed', async ({
    page,
  }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/buy');
      const cards = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) });
      await expect(cards.first()).toBeVisible();
      const header = page.getByRole('banner');
      const fixedControls = [
        header.getByRole('link', { name: /^Cart/ }),
        page.getByRole('button', { name: 'Chat', exact: true }),
        ...(viewport === DESKTOP
          ? [header.getByRole('link', { name: 'Login/SignUp' }), header.getByRole('link', { name: 'Partner program' })]
          : [header.getByRole('button', { name: 'Open menu' })]),
      ];

      // A card in the middle of the window, then one at its bottom edge, where toasts sit by default
      // (the second card: on a desktop it is in the middle column, under bottom-centred toasts).
      for (const [index, block] of [
        [0, 'center'],
        [1, 'end'],
      ] as const) {
        const card = cards.nth(index);
        const add = card.getByRole('button', { name: 'Add to Cart' });
        await add.evaluate((element, where) => element.scrollIntoView({ block: where, behavior: 'instant' }), block);
        await add.click();
        const toast = page
          .locator('[data-sonner-toast]')
          .filter({ hasText: `${await card.getByRole('heading').textContent()} added to cart!` });
        await expect(toast).toHaveAttribute('data-mounted', 'true');
        // Let the toasts finish sliding into place before looking at what they cover.
        await animationsSettled(page);
        for (const control of [...fixedControls, add]) {
          expect(await isUncovered(control), `${control} at ${viewport.width} px, card ${block}`).toBe(true);
        }
      }
      // Back at the top of the page, the header (lower there, under the banner) is still clear of them.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
      for (const control of fixedControls) {
        expect(await isUncovered(control), `${control} at ${viewport.width} px, page top`).toBe(true);
      }
      await page.evaluate(() => window.localStorage.removeItem('quickbuy_cart'));
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px four quick Add to Carts show at most 3 toasts at once, under the header, gone after their 4 seconds`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/buy');
      const adds = page.getByRole('article').getByRole('button', { name: 'Add to Cart' });
      await expect(adds.nth(3)).toBeVisible();
      const peak = await watchToasts(page);

      // Each button at the bottom edge of the window, so the toasts go up, under the header.
      for (let index = 0; index < 4; index += 1) {
        const add = adds.nth(index);
        await add.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
        await add.click();
      }
      // Off the toasts: a pointer resting on them holds their timers.
      await page.mouse.move(1, viewport.height / 2);
      await expect.poll(async () => (await peak()).onPage, `4 toasts at ${viewport.width} px`).toBe(4);
      expect((await peak()).shown, `at ${viewport.width} px`).toBe(3);

      await animationsSettled(page);
      const header = (await page.getByRole('banner').boundingBox())!;
      const tops = await page
        .locator('[data-sonner-toast][data-visible="true"]')
        .evaluateAll((toasts) => toasts.map((toast) => toast.getBoundingClientRect().top));
      expect(tops.length).toBeGreaterThan(0);
      expect(Math.min(...tops), `at ${viewport.width} px`).toBeGreaterThanOrEqual(header.y + header.height);

      // 4 seconds each, then their exit: none is left after 6.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 6_000 });
      expect((await peak()).shown).toBe(3);
    });
  }
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
