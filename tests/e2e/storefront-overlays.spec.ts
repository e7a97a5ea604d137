import type { Locator, Page } from '@playwright/test';
import { Api, customerDetails, expect, signUpThroughEmail, test } from './fixtures';
import { DESKTOP, mostStocked, PHONE, scrollToBottom } from './storefront-walk';

// What floats over the storefront's pages, met by a shopper at 1280x800 and 375x740: the Chat launcher, the
// header's menus and its one line when signed in, and the toasts; none may hide what a shopper needs.

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

/** Resolves once every running animation and transition (toasts sliding in) has finished. */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

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
