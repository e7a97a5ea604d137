import type { Locator } from '@playwright/test';
import type { SellReply } from '../../src/shared/sell-form';
import { Api, expect, test, uniqueId } from './fixtures';
import { emailTo, linkIn } from './mailbox';

// Offers: an offer far from the estimate needs the agent's second yes; an offer the seller
// has not answered can be revised, which kills the first email's links; the track page's timeline
// shows the steps an offer skipped as skipped.

test.use({ viewport: { width: 1280, height: 900 } });

/** A Samsung phone (256GB, excellent: a R10,450 estimate) sold by a guest, confirmed and assigned to the demo agent. */
async function assignedToAgent(api: Api, admin: Api, agent: Api) {
  const email = `offer.${uniqueId()}@example.com`;
  const sold = await api.expect<SellReply>(
    api.postAsShopper('/api/trade-ins', {
      deviceType: 'phone',
      brand: 'Samsung',
      model: `Galaxy S23 ${uniqueId()}`,
      condition: 'excellent',
      storage: '256GB',
      customerName: 'Naledi Mokoena',
      address: '9 Long Street, Cape Town',
      contactPhone: '082 555 0190',
      contactEmail: email,
      isOwner: true,
    }),
    201,
  );
  const agentId = (await agent.expect<{ user: { id: string } }>(agent.get('/api/auth/me'))).user.id;
  await admin.expect(admin.post(`/api/admin/trade-ins/${sold.transactionNumber}/confirm`));
  await admin.expect(admin.post(`/api/admin/trade-ins/${sold.transactionNumber}/assign`, { agentId }));
  return { email, number: sold.transactionNumber, estimatedValue: sold.estimatedValue };
}

/** The Accept Offer dialog's payout account. */
async function fillBank(dialog: Locator) {
  await dialog.getByLabel(/^Account Holder/).fill('Thandi Nkosi');
  await dialog.getByLabel(/^Bank/).selectOption('FNB');
  await dialog.getByLabel(/^Account Number/).fill('62 1234 5678');
  await dialog.getByLabel(/^Branch Code/).fill('250655');
}

test("an agent's R25,000 offer on a R10,450 estimate needs a tick; the revised offer's link works, the first one no longer; the timeline shows what was skipped", async ({
  page,
  api,
  admin,
  staffApi,
  signInAs,
}) => {
  const { email, number, estimatedValue } = await assignedToAgent(api, admin, await staffApi('agent'));
  expect(estimatedValue).toBe(10_450);

  await signInAs('agent');
  await page.goto('/agent-dashboard');
  const card = page.getByRole('listitem', { name: number });
  await card.getByRole('button', { name: 'Make Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Offer' });
  await dialog.getByLabel(/^Offer Amount/).fill('25000');
  await expect(dialog.getByRole('status')).toHaveText(
    'R25,000 is 240% of the estimate of R10,450. Offers below 30% or above 150% of the estimate need your confirmation.',
  );
  const confirm = dialog.getByRole('checkbox', { name: 'I checked it: offer R25,000, 240% of the estimate' });
  // Sent without the tick, the server refuses it, under the checkbox.
  await dialog.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(dialog.getByText('This offer is 240% of the estimate; an offer below 30%')).toBeVisible();
  await confirm.check();
  await dialog.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(page.getByText('Offer of R25000 submitted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Offer Made', { exact: true })).toBeVisible();

  // The seller has not answered: the agent revises it, within range, so no tick is asked for.
  await card.getByRole('button', { name: 'Revise Offer' }).click();
  const revise = page.getByRole('dialog', { name: 'Revise Offer' });
  await expect(revise.getByLabel(/^Offer Amount/)).toHaveValue('25000');
  await expect(revise.getByText('the link of the first email stops working')).toBeVisible();
  await revise.getByLabel(/^Offer Amount/).fill('9500');
  await expect(revise.getByRole('status')).toHaveText('R9,500 is 91% of the estimate of R10,450.');
  await expect(revise.getByRole('checkbox')).toHaveCount(0);
  await revise.getByLabel(/^Assessment Notes/).fill('Checked again: small dent on the frame');
  await revise.getByRole('button', { name: 'Send Revised Offer' }).click();
  await expect(page.getByText('Offer revised to R9500; the seller was emailed a new link')).toBeVisible();
  await expect(card.getByText('R9,500')).toBeVisible();

  // The seller: the first email's link is refused with the reason, the revised offer's link accepts.
  await page.context().clearCookies();
  const first = await emailTo(email, new RegExp(`^Your offer for ${number}`));
  const revised = await emailTo(email, new RegExp(`^Your revised offer for ${number}: R9,500`));
  expect(revised.text).toContain('revised the offer for your Samsung Galaxy S23');
  await page.goto(linkIn(first, 'Accept Offer'));
  await expect(page.getByRole('heading', { name: 'Your Offer: R9,500' })).toBeVisible();
  const stale = page.getByRole('dialog', { name: 'Accept Offer' });
  await fillBank(stale);
  await stale.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(stale.getByText('This link is no longer valid: use the newest link we emailed you')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('about:blank');
  await page.goto(linkIn(revised, 'Accept Offer'));
  const current = page.getByRole('dialog', { name: 'Accept Offer' });
  await fillBank(current);
  await current.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(current).toBeHidden();
  await expect(page.getByTestId('status-badge')).toHaveText('Awaiting Payment');

  // The offer was made without an assessment: those two steps show as skipped, not as steps still ahead.
  const steps = page.getByRole('region', { name: 'Status Timeline' }).getByRole('listitem');
  await expect(steps).toHaveCount(8);
  await expect(steps.filter({ hasText: 'Device Assessed' })).toContainText('Skipped');
  await expect(steps.filter({ hasText: 'Awaiting Offer' })).toContainText('Skipped');
  await expect(steps.filter({ hasText: 'Offer Made' })).not.toContainText(/Skipped|Not yet/);
  await expect(steps.filter({ hasText: 'Paid' }).last()).toContainText('Not yet');
  await expect(page.getByText('Not yet')).toHaveCount(1);
  await expect(page.getByText('Pending')).toHaveCount(0);
});
