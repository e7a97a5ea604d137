import type { Page } from '@playwright/test';
import { addToCart, expect, test } from './fixtures';

const COLLECTIONS = [
  'Bundles',
  'Laptops',
  'Desktops',
  'Accessories',
  'Phones & Tablets',
  'Components',
  'Servers',
  'Switches',
];

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

test.describe('the frame of every page', () => {
  test('a visitor sees the free-delivery banner, the header links and the footer', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByText('Free nationwide delivery on orders above R200,000')).toBeVisible();

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /QuickBuy/ })).toHaveAttribute('href', '/');
    await expect(mainNav(page).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/repairs');
    await expect(mainNav(page).getByRole('link', { name: 'Track Orders' })).toHaveAttribute('href', '/track');
    await expect(mainNav(page).getByRole('link', { name: 'Partner program' })).toHaveAttribute('href', '/agent-login');
    // The spec's links in its order, then Sell; the header still fits the window.
    await expect(mainNav(page).getByRole('link')).toHaveText(['Services', 'Track Orders', 'Partner program', 'Sell']);
    await expect(mainNav(page).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/sell');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width}`).toBe(
        true,
      );
    }
    await expect(header.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    await expect(header.getByRole('link', { name: 'Login/SignUp' })).toHaveAttribute('href', '/auth');

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Buy', '/buy'],
      ['Sell', '/sell'],
      ['Repairs', '/repairs'],
      ['Track Orders', '/track'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const heading of ['Quick Links', 'Services', 'Contact']) {
      await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(footer.getByText('support@quickbuy.co.za')).toBeVisible();
    await expect(footer.locator('address')).toContainText('Cape Town, South Africa');
    const facebook = footer.getByRole('link', { name: /QuickBuy on Facebook/ });
    await expect(facebook).toHaveAttribute('target', '_blank');
    await expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('a keyboard user tabs through a toast and on to the top of the page, not round it', async ({
    page,
    makeDevice,
  }) => {
    const device = await makeDevice();
    await addToCart(page, device);
    const toast = page.getByRole('listitem').filter({ hasText: `${device.name} added to cart!` });
    // The pointer resting on it keeps the toast for the whole walk (Sonner pauses its clock).
    await toast.hover();
    const launcher = page.getByRole('button', { name: 'Chat', exact: true });
    await launcher.focus();

    await page.keyboard.press('Tab');
    await expect(toast).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toast.getByRole('button', { name: 'Close toast' })).toBeFocused();
    // Past the page's last stop, the page itself, then its first link: Sonner used to send the focus back to the launcher.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await expect(toast).toBeVisible();

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(toast.getByRole('button', { name: 'Close toast' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(launcher).toBeFocused();
  });

  test('the Shop menu lists the collections, three featured products and all laptops with a count', async ({
    page,
  }) => {
    const before = await (await page.request.get('/api/catalog/menu')).json();
    await page.goto('/about');
    const shop = mainNav(page).getByRole('button', { name: 'Shop' });
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await shop.click();
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    for (const title of COLLECTIONS) {
      await expect(mainNav(page).getByRole('link', { name: title, exact: true })).toBeVisible();
    }
    const allLaptops = mainNav(page).getByRole('link', { name: /^All Laptops \(\d+\)$/ });
    await expect(allLaptops).toBeVisible();
    // The live count: tests beside this one may list laptops meanwhile, so it is read around the menu.
    const menu = await (await page.request.get('/api/catalog/menu')).json();
    const shown = Number(/\((\d+)\)/.exec((await allLaptops.textContent()) ?? '')![1]);
    expect(shown).toBeGreaterThanOrEqual(before.laptopCount);
    expect(shown).toBeLessThanOrEqual(menu.laptopCount);
    for (const item of menu.featured) {
      await expect(mainNav(page).getByRole('link', { name: new RegExp(escapeRegExp(item.name)) })).toBeVisible();
    }
    // One Sale badge at most, as the spec's menu shows one (the server marks the largest discount).
    const onSale = menu.featured.filter((item: { sale: boolean }) => item.sale);
    expect(onSale.length).toBeLessThanOrEqual(1);
    await expect(mainNav(page).getByText('Sale', { exact: true })).toHaveCount(onSale.length);

    await mainNav(page).getByRole('link', { name: 'Desktops', exact: true }).click();
    await expect(page).toHaveURL(/\/collections\/desktops$/);
    await expect(mainNav(page).getByRole('link', { name: 'Desktops', exact: true })).toBeHidden();
  });

  test('the Shop menu opens from the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const shop = mainNav(page).getByRole('button', { name: 'Shop' });
    await shop.focus();
    await page.keyboard.press('Enter');
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: 'Servers', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
  });

  test('ArrowDown opens a menu and moves into it; hovering opens and leaving closes', async ({ page }) => {
    await page.goto('/faq');
    const shop = mainNav(page).getByRole('button', { name: 'Shop' });
    await shop.focus();
    await page.keyboard.press('ArrowDown');
    await expect(mainNav(page).getByRole('link', { name: 'Bundles', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shop).toBeFocused();
    await expect(shop).toHaveAttribute('aria-expanded', 'false');

    const company = mainNav(page).getByRole('button', { name: 'Company' });
    await company.hover();
    await expect(company).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(640, 600);
    await expect(company).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Company menu holds About, Contact and FAQ', async ({ page }) => {
    await page.goto('/');
    await mainNav(page).getByRole('button', { name: 'Company' }).click();
    await expect(mainNav(page).getByRole('link', { name: /^About/ })).toHaveAttribute('href', '/about');
    await expect(mainNav(page).getByRole('link', { name: /^Contact/ })).toHaveAttribute('href', '/contact');
    await mainNav(page).getByRole('link', { name: /^FAQ/ }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  });

  test('the cart badge counts the items in the cart', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    await page.evaluate(() =>
      window.localStorage.setItem(
        'quickbuy_cart',
        JSON.stringify([
          { id: 'a', name: 'A', price: 100, quantity: 2, image: '', condition: 'Good', storage: '64GB' },
          { id: 'b', name: 'B', price: 100, quantity: 1, image: '', condition: 'Good', storage: '64GB' },
        ]),
      ),
    );
    await page.reload();
    const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' });
    await expect(cart).toBeVisible();
    await expect(cart).toContainText('3');
  });

  test('the FOLLOW US bar expands and collapses on a large screen', async ({ page }) => {
    await page.goto('/about');
    const bar = page.getByRole('complementary', { name: 'Follow us' });
    const toggle = bar.getByRole('button', { name: /FOLLOW US/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByRole('link', { name: /QuickBuy on Instagram/ })).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(bar.getByRole('link', { name: /QuickBuy on Instagram/ })).toHaveAttribute('target', '_blank');
    await toggle.click();
    await expect(bar.getByRole('link', { name: /QuickBuy on Instagram/ })).toHaveCount(0);
  });
});

test.describe('the header by session kind', () => {
  test('an agent sees the AG avatar, no shop links on the dashboard, and logs out home', async ({ page, signInAs }) => {
    await signInAs('agent');

    await page.goto('/agent-dashboard');
    const header = page.getByRole('banner');
    await expect(header.getByText('AG', { exact: true })).toBeVisible();
    await expect(header.getByText('Agent', { exact: true })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    await expect(header.getByRole('link', { name: /^Cart/ })).toHaveCount(0);

    await header.getByRole('button', { name: 'Agent account menu' }).click();
    await header.getByRole('button', { name: /Agent: Sarah Mitchell/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Login/SignUp' })).toBeVisible();
    expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
  });

  test('an admin sees Admin Panel outside the dashboard, not on it', async ({ page, signInAs }) => {
    await signInAs('admin');

    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    await expect(header.getByText('A', { exact: true })).toBeVisible();
    await header.getByRole('button', { name: 'Admin account menu' }).click();
    await expect(header.getByRole('button', { name: /Admin: admin@quickbuy\.test/ })).toBeVisible();

    await page.goto('/admin');
    await expect(header.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await expect(mainNav(page)).toHaveCount(0);
  });

  test('a signed-in customer sees the Account link', async ({ page, customer }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect((await (await page.request.get('/api/auth/me')).json()).user.email).toBe(customer.email);
    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Login/SignUp' })).toBeVisible();
  });
});

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a phone user opens the menu, sees the cart, partner and login links, and follows one', async ({ page }) => {
    await page.goto('/about');
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Follow us' })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: /^Cart/ })).toContainText('0');
    await expect(menu.getByRole('link', { name: 'Agent/Admin' })).toHaveAttribute('href', '/agent-login');
    await expect(menu.getByRole('link', { name: 'Login/SignUp' })).toHaveAttribute('href', '/auth');
    await expect(menu.getByRole('link', { name: 'Laptops', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute('href', '/sell');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Track Orders' }).click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(menu).toBeHidden();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
