import type { Page } from '@playwright/test';
import { ORDER_TOKEN_HEADER, type OrderView } from '../../src/shared/orders';
import { expect, ORDER_CUSTOMER, placePaidOrder, test } from './fixtures';
import { freeBooking, postBooking } from './repair-booking';

const VISITED_KEY = 'quickbuy_chat_visited';
const GREETING = "Hi, message us with any questions. We're happy to help!";

const panel = (page: Page) => page.getByRole('dialog', { name: 'Chat with us' });
const chatInput = (page: Page) => panel(page).getByRole('textbox', { name: 'Write message' });

/** A returning visitor: the greeting does not open the chat by itself. */
async function asReturningVisitor(page: Page) {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), VISITED_KEY);
}

async function openChat(page: Page, path = '/') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(panel(page)).toBeVisible();
}

// These stories are about the first visit too: browsers here start new, greeting and all.
test.use({ chatGreeting: true });

test.describe('the chat assistant', () => {
  test('greets a first-time visitor on a wide screen after about 3 seconds, once', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.waitForTimeout(1500);
    await expect(panel(page)).toHaveCount(0);
    await expect(panel(page)).toBeVisible({ timeout: 4000 });
    await expect(panel(page).getByText(GREETING)).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), VISITED_KEY)).toBe('true');

    // 24rem wide, 600 px high.
    const box = await panel(page).boundingBox();
    expect(box?.width).toBe(384);
    expect(box?.height).toBe(600);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
    await page.waitForTimeout(4000);
    await expect(panel(page)).toHaveCount(0);
  });

  test('stays off the staff dashboards and the staff sign-in: no launcher, and no greeting over their work', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/agent-dashboard');
    await expect(page.getByText('Please log in as an agent to access the dashboard.')).toBeVisible();
    await page.waitForTimeout(4000);
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toHaveCount(0);
    await expect(panel(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Go to the partner portal' }).click();
    await expect(page).toHaveURL(/\/agent-login$/);
    await page.waitForTimeout(4000);
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toHaveCount(0);
    await expect(panel(page)).toHaveCount(0);

    // In the shop the assistant is back, and its first-visit greeting was kept for it.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /QuickBuy/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(panel(page)).toBeVisible({ timeout: 6000 });
  });

  test('at 768 px the button floats over the shop, and docks in the header on the cart, clear of its totals', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/buy');
    const inHeader = page.getByRole('banner').getByRole('button', { name: 'Chat', exact: true });
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
    await expect(inHeader).toHaveCount(0);

    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(inHeader).toBeVisible();
  });

  test('never opens itself on a small screen, and marks the browser as visited', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
    await page.waitForTimeout(4000);
    await expect(panel(page)).toHaveCount(0);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), VISITED_KEY)).toBe('true');
  });

  test('each instant answer gets its answer, and the welcome view gives way to the conversation', async ({ page }) => {
    await asReturningVisitor(page);
    const expected: Record<string, string> = {
      'Track my order': 'transaction number',
      'What is your return policy?': 'within 14 days',
      'What are your shipping details?': 'R99 on orders under R500',
      'What is your contact info?': 'support@quickbuy.co.za',
    };
    for (const [question, answer] of Object.entries(expected)) {
      await openChat(page);
      await expect(panel(page).getByText('Instant answers')).toBeVisible();
      await panel(page).getByRole('button', { name: question }).click();
      const conversation = panel(page).getByRole('list', { name: 'Conversation' });
      await expect(conversation.getByText(question)).toBeVisible();
      await expect(conversation.getByText(answer)).toBeVisible();
      await expect(panel(page).getByText('Instant answers')).toHaveCount(0);
    }
  });

  test('Enter sends a message, and blank input is never sent', async ({ page }) => {
    await asReturningVisitor(page);
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat')) requests += 1;
    });
    await openChat(page);
    await expect(chatInput(page)).toBeFocused();

    await chatInput(page).fill('    ');
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
    await chatInput(page).press('Enter');
    await expect(panel(page).getByText('Instant answers')).toBeVisible();
    expect(requests).toBe(0);

    await chatInput(page).fill('What are your opening hours?');
    await chatInput(page).press('Enter');
    await expect(chatInput(page)).toHaveValue('');
    await expect(panel(page).getByText('Monday - Friday: 8:00 - 18:00')).toBeVisible();
    expect(requests).toBe(1);
  });

  test('shows a typing indicator and disables send while the reply is on its way', async ({ page }) => {
    await asReturningVisitor(page);
    // The reply is held until the test has looked: no delay to race on a loaded machine.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/chat', async (route) => {
      await held;
      await route.continue();
    });
    await openChat(page);
    await chatInput(page).fill('What is your return policy?');
    await chatInput(page).press('Enter');

    const status = panel(page).getByRole('status');
    await expect(status).toContainText('QuickBuy is typing');
    await chatInput(page).fill('And shipping?');
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeDisabled();
    release();

    await expect(panel(page).getByText('within 14 days')).toBeVisible();
    await expect(status).not.toContainText('typing');
    await expect(panel(page).getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test('an order number gets its status and nothing of the order: no email, name, total or payment', async ({
    page,
    api,
    makeDevice,
  }) => {
    await asReturningVisitor(page);
    const device = await makeDevice({ price: 3187 });
    const { orderNumber, accessToken } = await placePaidOrder(api, device);
    const placed = await api.request.get(`/api/orders/${orderNumber}`, {
      headers: { [ORDER_TOKEN_HEADER]: accessToken },
    });
    const order = (await placed.json()) as OrderView;
    expect(order.paymentStatus).toBe('paid');
    const status = order.status.charAt(0).toUpperCase() + order.status.slice(1);

    await openChat(page);
    await chatInput(page).fill(`Where is my order ${orderNumber}?`);
    await chatInput(page).press('Enter');
    const reply = panel(page)
      .getByRole('listitem')
      .filter({ hasText: `is currently ${status}` });
    await expect(reply).toContainText(`Order ${orderNumber} is currently ${status}.`);
    for (const secret of [
      ORDER_CUSTOMER.email,
      ORDER_CUSTOMER.firstName,
      ORDER_CUSTOMER.lastName,
      order.totalAmount.toLocaleString('en-US'),
      String(order.totalAmount),
    ]) {
      await expect(reply).not.toContainText(secret);
    }
    await expect(reply).not.toContainText(/paid/i);
  });

  test('a link to one of our pages opens in the same tab', async ({ page, context }) => {
    await asReturningVisitor(page);
    await openChat(page);
    await chatInput(page).fill('What is your return policy?');
    await chatInput(page).press('Enter');
    const link = panel(page).getByRole('link', { name: 'Returns policy' });
    await expect(link).toBeVisible();
    await expect(link).not.toHaveAttribute('target', /.*/);
    await link.click();
    await expect(page).toHaveURL(/\/returns$/);
    expect(context.pages()).toHaveLength(1);
    // The conversation is still there after the navigation.
    await expect(panel(page).getByText('within 14 days')).toBeVisible();
  });

  test('an outside link opens in a new tab and a javascript: link is only text', async ({ page }) => {
    await asReturningVisitor(page);
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          response:
            'Read [the guide](https://example.com/guide), [Click me](javascript:alert(document.cookie)) or [this](data:text/html,hi). <b>bold?</b>',
        }),
      }),
    );
    await openChat(page);
    await chatInput(page).fill('links please');
    await chatInput(page).press('Enter');

    const external = panel(page).getByRole('link', { name: 'the guide' });
    await expect(external).toHaveAttribute('href', 'https://example.com/guide');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(panel(page).getByText('Click me')).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'Click me' })).toHaveCount(0);
    await expect(panel(page).getByRole('link', { name: 'this' })).toHaveCount(0);
    await expect(panel(page).locator('a[href^="javascript"], a[href^="data"], b')).toHaveCount(0);
  });

  test("shows the spec's texts when the server fails, answers empty, or cannot be reached", async ({ page }) => {
    await asReturningVisitor(page);
    const replies = [
      { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side' } } },
      { status: 200, body: { response: '   ' } },
      'abort',
    ] as const;
    let call = 0;
    await page.route('**/api/chat', (route) => {
      const reply = replies[call++];
      if (reply === 'abort') return route.abort('failed');
      return route.fulfill({
        status: reply!.status,
        contentType: 'application/json',
        body: JSON.stringify(reply!.body),
      });
    });
    await openChat(page);
    for (const [question, text] of [
      ['one', "I'm having trouble connecting to my AI brain right now. Please try again in a moment!"],
      ['two', "I'm having trouble understanding that. Could you please rephrase your question?"],
      ['three', "I'm experiencing some technical difficulties. Please try again later!"],
    ]) {
      await chatInput(page).fill(question!);
      await chatInput(page).press('Enter');
      await expect(panel(page).getByText(text!)).toBeVisible();
    }
  });

  test('a seller asking what we would pay gets the way to a quote; a repair number gets its status', async ({
    page,
    api,
  }) => {
    await asReturningVisitor(page);
    const booked = await postBooking(api, await freeBooking(api));
    expect(booked.status()).toBe(201);
    const { bookingNumber } = (await booked.json()) as { bookingNumber: string };
    await openChat(page);
    const conversation = panel(page).getByRole('list', { name: 'Conversation' });

    await chatInput(page).fill('How much will you give me for my iPhone 12?');
    await chatInput(page).press('Enter');
    await expect(conversation.getByText('Selling your device:')).toBeVisible();
    await expect(conversation.getByRole('link', { name: 'Sell Your Device' })).toHaveAttribute('href', '/sell');

    await chatInput(page).fill(`Track ${bookingNumber}`);
    await chatInput(page).press('Enter');
    await expect(conversation.getByText(new RegExp(`^Repair ${bookingNumber} is Booked \\(last step`))).toBeVisible();
    await expect(conversation.getByRole('link', { name: 'Track Orders' }).last()).toHaveAttribute(
      'href',
      `/track?number=${bookingNumber}`,
    );
  });

  test('the cheapest laptops come lowest price first', async ({ page }) => {
    await asReturningVisitor(page);
    await openChat(page);
    await chatInput(page).fill('cheapest laptop');
    await chatInput(page).press('Enter');
    const answer = panel(page)
      .getByRole('list', { name: 'Conversation' })
      .getByRole('listitem')
      .filter({ hasText: 'QuickBuy:' })
      .last();
    await expect(answer.getByText('Here are some matches for laptops:')).toBeVisible();
    const prices = (await answer.getByRole('listitem').allTextContents()).map((line) =>
      Number(line.replace(/^.*: \D*/, '').replace(/,/g, '')),
    );
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('Escape closes the panel and gives the focus back to the Chat button, also after an instant answer', async ({
    page,
  }) => {
    await asReturningVisitor(page);
    await openChat(page);
    // The instant answer pressed is disabled while its reply comes: the focus drops out of the panel.
    await panel(page).getByRole('button', { name: 'What is your return policy?' }).click();
    await expect(panel(page).getByText('within 14 days')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeFocused();
  });

  test('minimises, expands to full size and closes', async ({ page }) => {
    await asReturningVisitor(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openChat(page);

    await panel(page).getByRole('button', { name: 'Expand chat to full size' }).click();
    expect((await panel(page).boundingBox())?.width).toBeGreaterThan(1000);
    await panel(page).getByRole('button', { name: 'Exit full size' }).click();
    expect((await panel(page).boundingBox())?.width).toBe(384);

    await panel(page).getByRole('button', { name: 'Minimise chat' }).click();
    await expect(chatInput(page)).toBeHidden();
    await panel(page).getByRole('button', { name: 'Restore chat' }).click();
    await expect(chatInput(page)).toBeVisible();

    await panel(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Chat', exact: true })).toBeFocused();
  });
});
