import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

function main(page: Page) {
  return page.getByRole('main');
}

test.describe('static pages show the spec text', () => {
  test('About tells the story, the mission, four promises and why to choose QuickBuy', async ({ page }) => {
    await page.goto('/about');
    await heading(page, 'About QuickBuy');
    await expect(page).toHaveTitle('About us | QuickBuy');
    for (const name of ['Our Story', 'Our Mission', 'Why Choose QuickBuy?']) {
      await expect(main(page).getByRole('heading', { level: 2, name })).toBeVisible();
    }
    for (const name of [
      'Quality Assured',
      'Warranty Protection',
      'Expert Support',
      'Fast Processing',
      'Transparency',
      'Security',
      'Convenience',
    ]) {
      await expect(main(page).getByRole('heading', { level: 3, name })).toBeVisible();
    }
    await expect(main(page).getByText(/founded in 2020 in Cape Town/)).toBeVisible();
  });

  test('FAQ has four categories of expandable questions and ways to get help', async ({ page }) => {
    await page.goto('/faq');
    await heading(page, 'Frequently Asked Questions');
    await expect(page).toHaveTitle('FAQ | QuickBuy');
    for (const name of ['Buying', 'Selling', 'Repairs', 'Shipping']) {
      await expect(main(page).getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    // Each question is a details element's summary: closed until pressed, its answer in the page as sent.
    const entry = main(page).locator('details', { hasText: 'How much does shipping cost?' });
    const question = entry.locator('summary');
    const answer = main(page).getByText(/Standard shipping is R99 for orders under R500 and free over R500/);
    await expect(entry).not.toHaveAttribute('open');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(entry).toHaveAttribute('open');
    await expect(answer).toBeVisible();
    await question.press('Enter');
    await expect(entry).not.toHaveAttribute('open');

    await main(page).getByText('Can I return a device?', { exact: true }).click();
    await expect(main(page).getByText(/within 14 days of delivery/)).toBeVisible();
    // The answers whose promise a customer acts on lead to where they do it: the orders in their account.
    await expect(main(page).getByRole('link', { name: 'Start a return' })).toHaveAttribute('href', '/account');

    await expect(main(page).getByRole('link', { name: 'Email Us' })).toHaveAttribute(
      'href',
      'mailto:support@quickbuy.co.za',
    );
    await main(page).getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('Warranty states 6 months on devices, 90 days on repairs and the 80% battery rule', async ({ page }) => {
    await page.goto('/warranty');
    await heading(page, 'Warranty Policy');
    await expect(page).toHaveTitle('Warranty | QuickBuy');
    await expect(main(page).getByRole('heading', { name: '6-month device warranty' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: '90-day repair warranty' })).toBeVisible();
    await expect(main(page).getByText(/battery capacity drops below 80%/)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Make a warranty claim' })).toHaveAttribute('href', '/account');
  });

  test('Returns allows 14 days and gives refund times by card and bank transfer', async ({ page }) => {
    await page.goto('/returns');
    await heading(page, 'Returns & Refunds');
    await expect(page).toHaveTitle('Returns | QuickBuy');
    await expect(main(page).getByRole('heading', { name: 'Returns within 14 days' })).toBeVisible();
    await expect(main(page).getByText('3-5 business days after we approve the return.')).toBeVisible();
    await expect(main(page).getByText('1-2 business days after we approve the return.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Start a return' })).toHaveAttribute('href', '/account');
  });

  test('Shipping lists standard and express prices, South Africa only, and payment methods', async ({ page }) => {
    await page.goto('/shipping');
    await heading(page, 'Shipping Information');
    await expect(page).toHaveTitle('Shipping | QuickBuy');
    const standard = main(page).getByRole('article').filter({ hasText: 'Standard Shipping' });
    await expect(standard).toContainText('3-5 business days');
    await expect(standard).toContainText('R99');
    await expect(standard).toContainText('Free');
    const express = main(page).getByRole('article').filter({ hasText: 'Express Shipping' });
    await expect(express).toContainText('1-2 business days');
    await expect(express).toContainText('R149');
    await expect(express).toContainText('R199');
    await expect(main(page).getByText(/We ship only within South Africa/)).toBeVisible();
    for (const method of ['Credit and debit cards', 'EFT', 'SnapScan']) {
      await expect(
        main(page)
          .getByRole('listitem')
          .filter({ hasText: new RegExp(`^${method}$`) }),
      ).toBeVisible();
    }
  });

  test('Terms of Service and Privacy Policy', async ({ page }) => {
    await page.goto('/terms');
    await heading(page, 'Terms of Service');
    await expect(page).toHaveTitle('Terms of Service | QuickBuy');
    await expect(main(page).getByText(/within 14 days of delivery/)).toBeVisible();

    await page.goto('/privacy');
    await heading(page, 'Privacy Policy');
    await expect(page).toHaveTitle('Privacy Policy | QuickBuy');
    await expect(main(page).getByText('Card numbers are never stored.')).toBeVisible();
    await expect(main(page).getByText('kept for verification only')).toBeVisible();
    await expect(main(page).getByText(/Account details:/)).toBeVisible();
  });

  test('Reviews shows three reviews with names, dates and accessible star ratings', async ({ page }) => {
    await page.goto('/reviews');
    await heading(page, 'Customer Reviews');
    await expect(page).toHaveTitle('Reviews | QuickBuy');
    const reviews = main(page).getByRole('article');
    await expect(reviews).toHaveCount(3);
    await expect(reviews.first().getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(reviews.nth(2).getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    for (const review of await reviews.all()) {
      await expect(review.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(review.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('Contact shows details, business hours, quick links and the map', async ({ page }) => {
    await page.goto('/contact');
    await heading(page, 'Contact Us');
    await expect(page).toHaveTitle('Contact us | QuickBuy');
    await expect(main(page).getByRole('link', { name: 'support@quickbuy.co.za' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: '+27 21 555 0123' })).toBeVisible();
    for (const hours of ['Mon-Fri 8:00-18:00', 'Sat 9:00-16:00', 'Sun 9:00-14:00']) {
      await expect(main(page).getByRole('listitem').filter({ hasText: hours })).toBeVisible();
    }
    const quickLinks = main(page).getByRole('navigation', { name: 'Quick Links' });
    for (const [name, href] of [
      ['FAQ', '/faq'],
      ['Warranty', '/warranty'],
      ['Returns', '/returns'],
      ['Shipping', '/shipping'],
      ['Terms of Service', '/terms'],
    ] as const) {
      await expect(quickLinks.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const map = page.locator('iframe[title="QuickBuy location map"]');
    await expect(map).toHaveAttribute(
      'src',
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=18\.40,-33\.94,18\.44,-33\.90/,
    );
    await expect(map).toHaveAttribute('loading', 'lazy');
  });

  test('the aliases redirect to their pages', async ({ page }) => {
    for (const [alias, target, title] of [
      ['/shipping-info', '/shipping', 'Shipping Information'],
      ['/return-policy', '/returns', 'Returns & Refunds'],
      ['/terms-of-service', '/terms', 'Terms of Service'],
    ] as const) {
      await page.goto(alias);
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await heading(page, title);
    }
  });
});

test.describe('the 404 page', () => {
  test('an unknown path answers 404 and links home', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await heading(page, 'Oops! Page not found');
    await main(page).getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the contact form', () => {
  test('an empty submit shows each required field message and sends nothing', async ({ page }) => {
    await page.goto('/contact');
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact') && request.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const [label, message] of [
      ['Full Name', 'Full name is required'],
      ['Email', 'Email is required'],
      ['Subject', 'Subject is required'],
      ['Message', 'Message is required'],
    ] as const) {
      const field = page.getByRole('textbox', { name: label });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeFocused();
    expect(posted).toBe(false);

    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
  });

  test('a visitor sends a message, sees the thank-you alert and the form clears', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Nomsa Khumalo');
    await page.getByRole('textbox', { name: 'Email' }).fill('nomsa@example.com');
    await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+27 82 555 0199');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Question about a laptop');
    await page.getByRole('combobox', { name: 'Inquiry Type' }).selectOption('sales');
    await page.getByRole('textbox', { name: 'Message' }).fill('Is the EliteBook still available with 16GB RAM?');

    const reply = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await reply).status()).toBe(201);

    await expect(page.getByRole('alert')).toHaveText(
      "Thank you for your message! We'll get back to you within 24 hours.",
    );
    for (const name of ['Full Name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
      await expect(page.getByRole('textbox', { name })).toHaveValue('');
    }
    await expect(page.getByRole('combobox', { name: 'Inquiry Type' })).toHaveValue('general');
  });
});
