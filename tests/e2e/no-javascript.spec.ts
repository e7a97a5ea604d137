import type { Page } from '@playwright/test';
import { CONTACT_THANK_YOU } from '../../src/shared/contact';
import { expect, test, uniqueId } from './fixtures';

// Without JavaScript no page is blank (docs/decisions/054). The pages the browser renders
// alone arrive in their frame with a notice that they need JavaScript; the 404 page, the FAQ answers and the
// contact form work as sent; a bar of links stands in for the header's menus.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** The frame of every page: the header with its logo, and the footer. */
  async function expectFrame(page: Page, url: string) {
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /QuickBuy/ })
        .first(),
      url,
    ).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }), url).toBeVisible();
  }

  test('the pages that need JavaScript show their frame and say so, with a link to /buy that works', async ({
    page,
  }) => {
    for (const url of ['/cart', '/auth', '/login', '/account', '/order-confirmation/ORD-2026-000001?token=x']) {
      const response = await page.goto(url);
      expect(response!.status(), url).toBe(200);
      await expectFrame(page, url);
      await expect(page.getByRole('heading', { level: 1, name: 'This page needs JavaScript' }), url).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Browse devices' }), url).toBeVisible();
    }
    await page.getByRole('main').getByRole('link', { name: 'Browse devices' }).click();
    await expect(page).toHaveURL(/\/buy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Quality Devices' })).toBeVisible();
  });

  test('a page whose buttons need JavaScript says so: the sell form, the repairs page, a device and the listing', async ({
    page,
    makeDevice,
  }) => {
    const device = await makeDevice({ images: 2 });
    const shopping =
      'Add to Cart, Buy Now and the image arrows need JavaScript: turn it on in your browser to shop. You can still browse and read about our devices without it.';
    const notices: [string, string][] = [
      [
        '/sell',
        "Getting a quote for your device needs JavaScript: turn it on in your browser to fill in this form, or call us on +27 21 555 0123 and we will take your device's details.",
      ],
      [
        '/repairs',
        'Booking a repair needs JavaScript: turn it on in your browser to use Book a Repair, or call us on +27 21 555 0123 to book.',
      ],
      [`/device/${device.id}`, shopping],
      ['/buy', shopping],
    ];
    for (const [url, text] of notices) {
      await page.goto(url);
      await expect(page.getByRole('note'), url).toHaveText(text);
    }
    // A page whose links and forms work as sent has no such notice.
    await page.goto('/faq');
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('the 404 page keeps its status and shows in its frame', async ({ page }) => {
    const response = await page.goto(`/no-such-page-${uniqueId()}`);
    expect(response!.status()).toBe(404);
    await expectFrame(page, '404');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse devices' }).click();
    await expect(page).toHaveURL(/\/buy$/);
  });

  test('the FAQ answers are in the page and open without a script', async ({ page }) => {
    await page.goto('/faq');
    const question = page.getByRole('main').getByText('How much does shipping cost?', { exact: true });
    const answer = page.getByText(/Standard shipping is R99 for orders under R500 and free over R500/);
    await expect(answer).toBeAttached();
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
  });

  test('the contact form posts the message and the page says it was sent', async ({ page }) => {
    await page.goto('/contact');
    const subject = `Posted without JavaScript ${uniqueId()}`;
    await page.getByLabel('Full Name').fill('Thandi Nkosi');
    await page.getByLabel('Email').fill('thandi@example.co.za');
    await page.getByLabel('Inquiry Type').selectOption('warranty');
    await page.getByLabel('Subject').fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Is the battery covered?');
    const posted = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/contact' && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    const request = await posted;
    // A POST with the message in its body, never in the URL.
    expect(request.url()).not.toContain('battery');
    expect(request.postData()).toContain(encodeURIComponent(subject).replaceAll('%20', '+'));
    await expect(page).toHaveURL(/\/contact\?notice=sent$/);
    await expect(page.getByRole('alert')).toHaveText(CONTACT_THANK_YOU);
  });

  test('a required field left empty is caught by the browser before anything is posted', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Thandi Nkosi');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
  });

  test('the header gives the Shop and Company links in place of its menu buttons', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Shop and company' });
    await expect(page.getByRole('button', { name: 'Shop' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Company' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await nav.getByRole('link', { name: 'Laptops', exact: true }).click();
    await expect(page).toHaveURL(/\/collections\/laptops$/);
    await nav.getByRole('link', { name: 'Shop all devices' }).click();
    await expect(page).toHaveURL(/\/buy$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the links stand in for the menu button', async ({ page }) => {
      await page.goto('/cart');
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      const nav = page.getByRole('navigation', { name: 'Shop and company' });
      await nav.getByRole('link', { name: 'Phones & Tablets', exact: true }).click();
      await expect(page).toHaveURL(/\/collections\/phones-tablets$/);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
    });
  });
});
