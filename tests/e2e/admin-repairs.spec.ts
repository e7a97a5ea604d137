import type { Page } from '@playwright/test';
import { formatPickupDate, pickupDates } from '../../src/shared/repair-calendar';
import type { RepairBookedReply } from '../../src/shared/repairs';
import { expect, test, uniqueId, type Api } from './fixtures';
import { emailTo } from './mailbox';
import { freeBooking, postBooking } from './repair-booking';
import { parseCsv } from '../support/csv';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** A booking of its own for this test, days ahead, by a customer with an address of their own. */
async function bookRepair(api: Api) {
  const email = `repair.${uniqueId()}@example.co.za`;
  const booking = await freeBooking(api, pickupDates(new Date()).at(-5), email);
  const reply = await api.expect<RepairBookedReply>(postBooking(api, booking), 201);
  return { ...reply, email, booking };
}

/** The Repairs tab searched for one booking number: its card. */
async function findBooking(page: Page, number: string) {
  await page.goto('/admin?tab=repairs');
  await expect(page.getByRole('heading', { name: 'Repairs' })).toBeVisible();
  await page.getByLabel('Search by REP number, name or email').fill(number.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${number.toLowerCase()}`));
  const card = page.getByRole('listitem', { name: `Repair ${number}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Repair REP-/ })).toHaveCount(1);
  return card;
}

test.describe('the admin Repairs tab', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs('admin');
  });

  test('the admin finds a booking by its REP number, reassigns, reschedules and cancels it with a reason; the customer tracks each', async ({
    page,
    api,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const { bookingNumber: number, agentFirstName, email, booking } = await bookRepair(api);
    const card = await findBooking(page, number);
    await expect(card).toContainText(`${formatPickupDate(booking.pickupDate)} at ${booking.pickupTime}`);
    await expect(card).toContainText(`Agent: ${agentFirstName}`);
    await expect(card).toContainText('Booked');

    // Reassign to the other agent: the select leaves out the one it has.
    await card.getByRole('button', { name: 'Reassign' }).click();
    let dialog = page.getByRole('dialog', { name: 'Reassign Pickup' });
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    const agentSelect = dialog.getByLabel(/^New agent/);
    await expect(agentSelect).toHaveAccessibleDescription('Choose an agent');
    await agentSelect.selectOption({ index: 1 });
    const newAgent = ((await agentSelect.locator('option:checked').textContent()) ?? '').replace(/ \(.*\)$/, '');
    expect(newAgent).not.toContain(agentFirstName);
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${number} is now ${newAgent}'s pickup`)).toBeVisible();
    await expect(card).toContainText(`Agent: ${newAgent}`);

    // Reschedule to the first free time of another day.
    await card.getByRole('button', { name: 'Reschedule' }).click();
    dialog = page.getByRole('dialog', { name: 'Reschedule Pickup' });
    const newDate = pickupDates(new Date()).at(-2)!;
    await dialog.getByLabel(/^Pickup Date/).selectOption(newDate);
    const time = dialog.getByLabel(/^Pickup Time/);
    await expect(time).toBeEnabled();
    await time.selectOption({ index: 1 });
    const newTime = (await time.inputValue()) as string;
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(dialog).toBeHidden();
    const newSlot = `${formatPickupDate(newDate)} at ${newTime}`;
    await expect(page.getByText(`${number} is now collected on ${newSlot}`)).toBeVisible();
    await expect(card).toContainText(newSlot);

    // Cancel: a reason is required, then the card shows Cancelled and no more moves.
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    dialog = page.getByRole('dialog', { name: 'Cancel Booking' });
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(dialog.getByText('Give a reason for cancelling')).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill('Customer asked us to cancel by phone');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`${number} is cancelled: the customer and the agent are emailed the reason`),
    ).toBeVisible();
    await expect(card).toContainText('Cancelled');
    await expect(card.getByRole('button', { name: 'Reassign' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);

    // The details: every step, who did it, and the emails.
    await card.getByRole('button', { name: 'View Details' }).click();
    dialog = page.getByRole('dialog', { name: `Repair ${number}` });
    await expect(dialog.getByText(`Your agent is now ${newAgent.split(' ')[0]}`)).toBeVisible();
    await expect(dialog.getByText(`Pickup moved to ${newSlot}`)).toBeVisible();
    await expect(
      dialog.getByText(/^Cancelled · Booking cancelled: Customer asked us to cancel by phone · /),
    ).toBeVisible();
    await expect(dialog.getByText(/Repair .*: your new agent is \w+ → /)).toBeVisible();
    await page.keyboard.press('Escape');

    // The customer's emails and their tracking page say the same.
    await emailTo(email, new RegExp(`^Repair ${number}: new pickup time$`));
    expect((await emailTo(email, new RegExp(`^Repair ${number}: Cancelled$`))).text).toContain(
      'Reason: Customer asked us to cancel by phone',
    );
    await page.goto(`/track?number=${number}`);
    await expect(page.getByRole('heading', { name: number })).toBeVisible();
    await expect(page.getByText('Status: Cancelled')).toBeAttached();
    await expect(page.getByText(`Your agent is now ${newAgent.split(' ')[0]}`)).toBeVisible();
    await expect(page.getByText(`Pickup moved to ${newSlot}`)).toBeVisible();
    await expect(page.getByText('Booking cancelled: Customer asked us to cancel by phone')).toBeVisible();
  });

  test('the Repairs tab at 375 px: cards, filters and actions fit the phone', async ({ page, api }) => {
    await page.setViewportSize(PHONE);
    const { bookingNumber: number } = await bookRepair(api);
    const card = await findBooking(page, number);
    for (const name of ['View Details', 'Reassign', 'Reschedule', 'Cancel Booking']) {
      await expect(card.getByRole('button', { name })).toBeVisible();
    }
    for (const label of ['Status', 'Pickup from', 'Pickup to', 'Agent']) {
      await expect(
        page
          .getByRole('tabpanel')
          .locator('label')
          .filter({ hasText: new RegExp(`^${label}`) }),
      ).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/repairs/export.csv?q=${number.toLowerCase()}`,
    );
    const csv = await page.request.get(`/api/admin/repairs/export.csv?q=${number}`);
    expect(csv.status()).toBe(200);
    const text = (await csv.body()).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header!.slice(0, 2)).toEqual(['Booking number', 'Status']);
    expect(rows.map((row) => row.slice(0, 2))).toContainEqual([number, 'Booked']);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    await card.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Pickup' });
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeInViewport();
  });
});
