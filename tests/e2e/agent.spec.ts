import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdminAgent } from '../../src/shared/agents';
import type { PagedReply } from '../../src/shared/paging';
import type { SellReply } from '../../src/shared/sell-form';
import { Api, E2E_OTHER_AGENT as AGENT, enterAuthenticatorCode, expect, test, uniqueId } from './fixtures';
import { pickupFor } from './repair-booking';

// An agent's day, in a real browser against the real server: sign in, see the trade-in the admin
// assigned, mark it assessed, make an offer, watch the counts move, then collect a repair.

/** A trade-in submitted by a guest (with a photo and an IMEI), confirmed and assigned to the agent by the admin. */
async function assignedTradeIn(api: Api, admin: Api, agentId: string): Promise<SellReply> {
  const photo = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const sold = await api.expect<SellReply>(
    api.postAsShopper('/api/trade-ins', {
      deviceType: 'phone',
      brand: 'Samsung',
      model: `Galaxy S22 ${uniqueId()}`,
      condition: 'good',
      storage: '256GB',
      customerName: 'Naledi Mokoena',
      address: '4 Bree Street, Cape Town',
      contactPhone: '082 555 0177',
      contactEmail: `agent.day.${uniqueId()}@example.com`,
      isOwner: true,
      imei: '490154203237518',
      photos: [`data:image/png;base64,${photo.toString('base64')}`],
    }),
    201,
  );
  await admin.expect(admin.post(`/api/admin/trade-ins/${sold.transactionNumber}/confirm`));
  await admin.expect(admin.post(`/api/admin/trade-ins/${sold.transactionNumber}/assign`, { agentId }));
  return sold;
}

/** The figure of one summary card, once it has loaded. */
async function figure(page: Page, label: string): Promise<number> {
  const value = page.getByRole('group', { name: label }).getByTestId('stat-value');
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

test('an agent assesses an assigned trade-in, makes an offer, sees the counts change, then picks up a repair', async ({
  page,
  api,
  admin,
}) => {
  const { items: agents } = await admin.expect<PagedReply<AdminAgent>>(
    admin.get(`/api/admin/agents?q=${encodeURIComponent(AGENT.username)}`),
  );
  const agentId = agents.find((a) => a.username === AGENT.username)!.id;
  const { transactionNumber: number, estimatedValue } = await assignedTradeIn(api, admin, agentId);
  const bookingNumber = await pickupFor(api, admin, agentId, { email: 'zanele@example.co.za', name: 'Zanele Mokoena' });

  await page.goto('/agent-login');
  await page.getByLabel('Username').fill(AGENT.username);
  await page.getByLabel('Password').fill(AGENT.password);
  await page.getByRole('button', { name: 'Sign In as Agent' }).click();
  await enterAuthenticatorCode(page, AGENT.username, AGENT.secret);
  await expect(page).toHaveURL(/\/agent-dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${AGENT.name}` })).toBeVisible();

  const awaiting = await figure(page, 'Awaiting Assessment');
  const offers = await figure(page, 'Offers Made');
  expect(awaiting).toBeGreaterThanOrEqual(1);

  const card = page.getByRole('listitem', { name: number });
  await expect(card.getByText('Assigned to Agent', { exact: true })).toBeVisible();
  await expect(card.getByText('Customer: Naledi')).toBeVisible();
  await expect(card.getByText('490154203237518')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Photo 1' })).toBeVisible();

  await card.getByRole('button', { name: 'Mark as Assessed' }).click();
  await expect(page.getByText('Device marked as assessed')).toBeVisible();
  await expect(card.getByText('Device Assessed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark as Assessed' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Awaiting Assessment' }).getByTestId('stat-value')).toHaveText(
    String(awaiting - 1),
  );

  await card.getByRole('button', { name: 'Make Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Offer' });
  await dialog.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(dialog.getByText('Offer amount is required')).toBeVisible();
  await dialog.getByLabel(/^Offer Amount/).fill(String(estimatedValue * 2 + 1));
  await expect(dialog.getByRole('status')).toContainText('need your confirmation');
  await expect(dialog.getByRole('checkbox', { name: /I checked it/ })).toBeVisible();
  await dialog.getByLabel(/^Offer Amount/).fill('4500');
  await expect(dialog.getByRole('checkbox', { name: /I checked it/ })).toHaveCount(0);
  await dialog.getByLabel(/^Assessment Notes/).fill('Screen and battery in good shape');
  await dialog.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(page.getByText('Offer of R4500 submitted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Offer Made', { exact: true })).toBeVisible();
  await expect(card.getByText('Screen and battery in good shape')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Offers Made' }).getByTestId('stat-value')).toHaveText(
    String(offers + 1),
  );

  // The status filter is the server's, kept in the URL.
  await page.getByLabel('Status').selectOption('Assigned to Agent');
  await expect(page).toHaveURL(/status=Assigned\+to\+Agent/);
  await expect(card).toHaveCount(0);
  await page.getByLabel('Status').selectOption('Offer Made');
  await expect(card).toBeVisible();

  const pickup = page.getByRole('listitem', { name: bookingNumber });
  await expect(pickup.getByText('Zanele Mokoena')).toBeVisible();
  await expect(pickup.getByText('Booked', { exact: true })).toBeVisible();
  await pickup.getByRole('button', { name: 'Mark Picked Up' }).click();
  await expect(page.getByText(`Repair ${bookingNumber} marked Picked Up`)).toBeVisible();
  await expect(pickup.getByText('Picked Up', { exact: true })).toBeVisible();
  await expect(pickup.getByRole('button', { name: 'Mark In Repair' })).toBeVisible();

  // The open tab lives in the URL: a reload keeps Profile.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\?tab=profile$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(/^Name/)).toHaveValue(AGENT.name);
});
