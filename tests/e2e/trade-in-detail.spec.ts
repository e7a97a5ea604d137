import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { MeReply } from '../../src/shared/accounts';
import type { AdminAgent } from '../../src/shared/agents';
import type { PagedReply } from '../../src/shared/paging';
import type { SellReply } from '../../src/shared/sell-form';
import { offerRangeMessage, offerRatio } from '../../src/shared/trade-ins';
import { Api, E2E_AGENT as AGENT, expect, test, uniqueId } from './fixtures';
import { emailTo } from './mailbox';
import { acceptOfferByEmail, declineOfferByEmail } from './sell-form';

// A trade-in in full for the staff (decision 044): the admin opens it from Transactions, the agent from
// their card; the admin reveals where to pay, pays, and the seller is told the amount and reference.

/** A photo of `width` px in one colour, as the sell form sends it. */
async function photo(width: number, colour: string) {
  const png = await sharp({ create: { width, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A guest's Apple phone with two photos, confirmed and assigned to the demo agent by the admin. */
async function assignedTradeIn(api: Api, admin: Api) {
  const email = `detail.${uniqueId()}@example.com`;
  const sold = await api.expect<SellReply>(
    api.postAsShopper('/api/trade-ins', {
      deviceType: 'phone',
      brand: 'Apple',
      model: `iPhone 13 ${uniqueId()}`,
      condition: 'good',
      storage: '128GB',
      color: 'Midnight',
      accessories: 'Box and charger',
      description: 'Small scratch on the back',
      customerName: 'Naledi Mokoena',
      address: '12 Long Street, Cape Town',
      contactPhone: '082 555 0199',
      contactEmail: email,
      isOwner: true,
      imei: '490154203237518',
      photos: [await photo(800, '#0f766e'), await photo(800, '#b91c1c')],
    }),
    201,
  );
  const { items } = await admin.expect<PagedReply<AdminAgent>>(
    admin.get(`/api/admin/agents?q=${encodeURIComponent(AGENT.username)}`),
  );
  const agentId = items.find((a) => a.username === AGENT.username)!.id;
  const number = sold.transactionNumber;
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/confirm`));
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/assign`, { agentId }));
  return { number, email, estimatedValue: sold.estimatedValue };
}

/** The agent's dashboard, and the assessment card of one trade-in on it. */
async function agentCard(page: Page, number: string) {
  await page.goto('/agent-dashboard');
  return page.getByRole('listitem', { name: number });
}

async function adminName(admin: Api) {
  const { user } = await admin.expect<MeReply>(admin.get('/api/auth/me'));
  return user?.role === 'admin' ? user.name : '';
}

/** The Transactions tab searched for one trade-in: its row. */
async function transactionsRow(page: Page, number: string) {
  await page.goto('/admin?tab=transactions');
  const search = page.getByLabel('Search by transaction number, name or email');
  await search.fill(number);
  await search.press('Enter');
  return page.getByRole('listitem', { name: number });
}

/** A trade-in of the demo agent's with an offer of R6,500 emailed to its seller. */
async function offeredTradeIn(api: Api, admin: Api, agent: Api) {
  const assigned = await assignedTradeIn(api, admin);
  await agent.expect(agent.post(`/api/agent/trade-ins/${assigned.number}/offer`, { amount: 6500, notes: '' }));
  return assigned;
}

/** The demo agent's offer answered by its seller from the email: Awaiting Payment, or Offer Declined. */
async function answeredTradeIn(api: Api, admin: Api, agent: Api, answer: 'accept' | 'decline') {
  const offered = await offeredTradeIn(api, admin, agent);
  await (answer === 'accept' ? acceptOfferByEmail : declineOfferByEmail)(api, offered.email, offered.number);
  return offered;
}

/** The Transactions tab searched for one trade-in, and its View Details dialog opened. */
async function openFromTransactions(page: Page, number: string) {
  const row = await transactionsRow(page, number);
  await row.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Trade-in ${number}` });
  await expect(dialog.getByRole('region', { name: 'Seller', exact: true })).toBeVisible();
  return dialog;
}

test('the admin opens a trade-in from its Transactions row: what the seller wrote, the photos at full size, who did each step', async ({
  page,
  api,
  admin,
  signInAs,
}) => {
  const { number, email } = await assignedTradeIn(api, admin);
  const name = await adminName(admin);
  await signInAs('admin');
  const dialog = await openFromTransactions(page, number);

  const seller = dialog.getByRole('region', { name: 'Seller', exact: true });
  await expect(seller).toContainText(email);
  await expect(seller).toContainText('+27 82 555 0199');
  await expect(seller).toContainText('12 Long Street, Cape Town');
  const device = dialog.getByRole('region', { name: 'Device', exact: true });
  await expect(device).toContainText('Small scratch on the back');
  await expect(device).toContainText('Box and charger');
  await expect(device).toContainText('490154203237518');
  await expect(dialog.getByRole('region', { name: 'Quote' })).toContainText('Condition adjustment');

  // The gallery shows the stored original, not a thumbnail, and the arrow keys step through it.
  const shown = dialog.getByRole('img', { name: "Seller's device: 1 of 2" });
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await dialog.getByRole('button', { name: 'Show photo 1' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('img', { name: "Seller's device: 2 of 2" })).toBeVisible();
  await expect(dialog.getByText('Photo 2 of 2')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(dialog.getByRole('img', { name: "Seller's device: 1 of 2" })).toBeVisible();

  const history = dialog.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(0)).toContainText('by Seller');
  await expect(history.getByRole('listitem').nth(2)).toContainText(`Assigned to Agent`);
  await expect(history.getByRole('listitem').nth(2)).toContainText(`by ${name}`);
  await expect(dialog.getByRole('region', { name: 'Audit log' })).toContainText('trade_in.assign');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("the agent marks a trade-in assessed: it rests in Device Assessed, the admin's filter finds it, and the offer starts there", async ({
  page,
  api,
  admin,
  signInAs,
}) => {
  const { number } = await assignedTradeIn(api, admin);
  await signInAs('agent');
  const card = await agentCard(page, number);
  await card.getByRole('button', { name: 'Mark as Assessed' }).click();
  await expect(page.getByText('Device marked as assessed')).toBeVisible();
  await expect(card.getByText('Device Assessed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make Offer' })).toBeVisible();

  await signInAs('admin');
  await page.goto('/admin?tab=transactions');
  await page.getByLabel('Status').selectOption('Device Assessed');
  await expect(page).toHaveURL(/status=Device\+Assessed/);
  const row = page.getByRole('listitem', { name: number });
  await expect(row.getByText('Device Assessed', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^TXN/ }).filter({ hasNotText: 'Device Assessed' })).toHaveCount(0);
  // Still with its agent, it can be given to another, as the server allows.
  await expect(row.getByRole('button', { name: 'Reassign' })).toBeVisible();
});

test('the assigned agent opens their trade-in in full from the assessment card', async ({
  page,
  api,
  admin,
  signInAs,
}) => {
  const { number } = await assignedTradeIn(api, admin);
  await signInAs('agent');
  const card = await agentCard(page, number);
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Trade-in ${number}` });
  await expect(dialog.getByRole('region', { name: 'Device', exact: true })).toContainText('Small scratch on the back');
  await expect(dialog.getByRole('img', { name: "Seller's device: 1 of 2" })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'History' })).toContainText('Assigned to Agent');
  await expect(dialog.getByRole('region', { name: 'Audit log' })).toContainText('trade_in.confirm');
  await expect(dialog.getByRole('region', { name: 'Payout account' })).toHaveCount(0);
});

test('the admin reveals the payout account, marks the trade-in paid with a reference, and the seller is emailed both', async ({
  page,
  api,
  admin,
  staffApi,
  signInAs,
}) => {
  const { number, email } = await answeredTradeIn(api, admin, await staffApi('agent'), 'accept');
  await signInAs('admin');
  const dialog = await openFromTransactions(page, number);

  await expect(dialog.getByRole('region', { name: 'Assessment and offer' })).toContainText('R6,500');
  const account = dialog.getByRole('region', { name: 'Payout account' });
  await expect(account).toContainText('Naledi Mokoena');
  await expect(account).toContainText('470010');
  await expect(account).toContainText('•••• 7890');
  await expect(account).not.toContainText('1234567890');
  await account.getByRole('button', { name: 'Reveal' }).click();
  await expect(account).toContainText('1234567890');

  await dialog.getByRole('button', { name: 'Mark Paid' }).click();
  const paid = page.getByRole('dialog', { name: 'Mark Paid' });
  await expect(paid).toContainText('Amount to pay: R6,500');
  await expect(paid.getByRole('region', { name: 'Payout account' })).toContainText('Capitec');
  await paid.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(paid.getByText('Payout reference is required')).toBeVisible();
  const reference = `EFT-${uniqueId()}`;
  await paid.getByLabel('Payout Reference').fill(reference);
  await paid.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByText('Trade-in marked as paid')).toBeVisible();
  await expect(page.getByRole('listitem', { name: number }).getByText('Paid', { exact: true })).toBeVisible();

  const told = await emailTo(email, new RegExp(`${number}: Paid`));
  expect(told.text).toContain('R6,500');
  expect(told.text).toContain(`Payout reference: ${reference}`);
  expect(told.text).toContain('Capitec account ending 7890');

  // The reveal is on record, with who did it.
  const again = await openFromTransactions(page, number);
  await expect(again.getByRole('region', { name: 'Audit log' })).toContainText('trade_in.reveal_payout_account');
  await expect(again.getByRole('region', { name: 'Payout account' })).toContainText(reference);
});

test('the admin records that a declined device went back to its seller, and how: its history says so', async ({
  page,
  api,
  admin,
  staffApi,
  signInAs,
}) => {
  const { number, email } = await answeredTradeIn(api, admin, await staffApi('agent'), 'decline');
  await signInAs('admin');
  const row = await transactionsRow(page, number);
  await expect(row.getByText('Offer Declined', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Mark Returned' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Returned' });
  await dialog.getByLabel('How it went back').fill('Aramex ARX-0042');
  await dialog.getByRole('button', { name: 'Mark Returned' }).click();
  await expect(page.getByText('Device recorded as returned to the seller')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Device Returned', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark Returned' })).toHaveCount(0);

  const detail = await openFromTransactions(page, number);
  const history = detail.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').last()).toContainText('Device returned to the customer: Aramex ARX-0042');
  await expect(detail.getByRole('region', { name: 'Audit log' })).toContainText('trade_in.return_device');
  const told = await emailTo(email, new RegExp(`${number}: Device Returned`));
  expect(told.text).toContain('How it went back: Aramex ARX-0042');
});

test('Mark Paid waits for the payout account, then focuses Reveal; the reference is checked only once sent', async ({
  page,
  api,
  admin,
  staffApi,
  signInAs,
}) => {
  const { number } = await answeredTradeIn(api, admin, await staffApi('agent'), 'accept');
  await signInAs('admin');
  // The trade-in's details arrive late, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/admin/trade-ins/${number}`, async (route) => {
    await held;
    await route.continue();
  });
  const row = await transactionsRow(page, number);
  await row.getByRole('button', { name: 'Mark Paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Paid' });
  await expect(dialog).toBeFocused();
  await expect(dialog.getByLabel('Payout Reference')).not.toBeFocused();
  release();
  const reveal = dialog.getByRole('button', { name: 'Reveal' });
  await expect(reveal).toBeFocused();

  // Passing through the reference to Reveal, with nothing typed, says nothing is missing.
  await dialog.getByLabel('Payout Reference').focus();
  await reveal.click();
  await expect(dialog.getByRole('region', { name: 'Payout account' })).toContainText('1234567890');
  await expect(dialog.getByText('Payout reference is required')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(dialog.getByText('Payout reference is required')).toBeVisible();
  await dialog.getByLabel('Payout Reference').fill('EFT-0042');
  await expect(dialog.getByText('Payout reference is required')).toHaveCount(0);
});

test('Make Offer: the refusal of an amount out of range names the share of the amount typed since', async ({
  page,
  api,
  admin,
  signInAs,
}) => {
  const { number, estimatedValue } = await assignedTradeIn(api, admin);
  await signInAs('agent');
  const card = await agentCard(page, number);
  await card.getByRole('button', { name: 'Make Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Offer' });
  const amount = dialog.getByLabel(/^Offer Amount/);
  const refusalFor = (offer: number) => offerRangeMessage(offerRatio(offer, estimatedValue).percent);

  const low = Math.round(estimatedValue * 0.17);
  await amount.fill(String(low));
  await dialog.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(dialog.getByText(refusalFor(low))).toBeVisible();

  const high = Math.round(estimatedValue * 1.75);
  await amount.fill(String(high));
  await expect(dialog.getByText(refusalFor(high))).toBeVisible();
  await expect(dialog.getByText(refusalFor(low))).toHaveCount(0);
  await expect(dialog.getByRole('status')).toContainText(
    `${offerRatio(high, estimatedValue).percent}% of the estimate`,
  );

  // In range, nothing is refused any more.
  await amount.fill(String(estimatedValue));
  await expect(dialog.getByText(/needs your confirmation$/)).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the trade-in detail dialog fits the screen and its gallery and close button are in reach', async ({
    page,
    api,
    admin,
    signInAs,
  }) => {
    const { number } = await assignedTradeIn(api, admin);
    await signInAs('admin');
    const dialog = await openFromTransactions(page, number);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const shown = dialog.getByRole('img', { name: "Seller's device: 1 of 2" });
    await expect(shown).toBeVisible();
    expect((await shown.boundingBox())!.width).toBeLessThanOrEqual(box.width);
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(dialog.getByRole('img', { name: "Seller's device: 2 of 2" })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
