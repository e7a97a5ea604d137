import type { Locator, Page } from '@playwright/test';
import { pickupDates } from '../../src/shared/repair-calendar';
import type { RepairBookedReply } from '../../src/shared/repairs';
import { Api, expect, ORDER_CUSTOMER, placePaidOrder, test, uniqueId } from './fixtures';
import { emailTo, linkIn, orderLinkInMail } from './mailbox';
import { freeBooking, postBooking } from './repair-booking';
import { fillPhone } from './sell-form';

/** Fills the payout bank form of the Accept Offer or Change payout account dialog. */
async function fillBank(dialog: Locator, account: { holder: string; bank: string; number: string; branch: string }) {
  await dialog.getByLabel(/^Account Holder/).fill(account.holder);
  await dialog.getByLabel(/^Bank/).selectOption(account.bank);
  await dialog.getByLabel(/^Account Number/).fill(account.number);
  await dialog.getByLabel(/^Branch Code/).fill(account.branch);
}

/** Sells a phone through the page and returns its transaction number, the page left on the success view. */
async function sellThroughPage(page: Page, email: string): Promise<string> {
  await page.goto('/sell');
  await fillPhone(page, email);
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  return (await page.getByTestId('transaction-number').textContent())!;
}

test.describe('track a device', () => {
  // Staff move the trade-in to 'Offer Made' through the API: the admin confirms and assigns, the demo agent offers.
  let agent: Api;
  let agentId: string;
  test.beforeEach(async ({ staffApi }) => {
    agent = await staffApi('agent');
    agentId = (await agent.expect<{ user: { id: string } }>(agent.get('/api/auth/me'))).user.id;
  });

  /** A laptop sold through the API by a guest with an email of its own, and offered R4,100: its number and the email. */
  async function offeredToGuest(api: Api, admin: Api, name: string) {
    const email = `${name}.${uniqueId()}@example.com`;
    const sold = await api.expect<{ transactionNumber: string }>(
      api.postAsShopper('/api/trade-ins', {
        deviceType: 'laptop',
        brand: 'Dell',
        model: 'XPS 13',
        condition: 'fair',
        customerName: 'Naledi Mokoena',
        address: '3 Bree Street, Cape Town',
        contactPhone: '+27 21 555 0100',
        contactEmail: email,
        isOwner: true,
      }),
      201,
    );
    await makeOffer(admin, sold.transactionNumber, 4100, '');
    return { email, number: sold.transactionNumber };
  }

  async function makeOffer(admin: Api, number: string, amount: number, notes: string) {
    await admin.expect(admin.post(`/api/admin/trade-ins/${number}/confirm`));
    await admin.expect(admin.post(`/api/admin/trade-ins/${number}/assign`, { agentId }));
    await agent.expect(agent.post(`/api/agent/trade-ins/${number}/assess`));
    await agent.expect(agent.post(`/api/agent/trade-ins/${number}/offer`, { amount, notes }));
  }

  test('a guest without the offer link asks for a new one, and the emailed link accepts the offer', async ({
    page,
    admin,
  }) => {
    const email = `accept.${uniqueId()}@example.com`;
    const number = await sellThroughPage(page, email);
    await page.getByRole('link', { name: 'Track Your Device' }).click();
    const timeline = page.getByRole('region', { name: 'Status Timeline' });
    await expect(timeline.getByRole('listitem')).toHaveCount(8);
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Not yet');
    await expect(page.getByRole('region', { name: "What's Next?" })).toContainText('will confirm it within 24 hours');

    await makeOffer(admin, number, 7200, 'Screen and battery in great shape');
    await page.reload();
    await expect(page.getByTestId('status-badge')).toHaveText('Offer Made');
    await expect(page.getByRole('heading', { name: 'Your Offer: R7,200' })).toBeVisible();
    await expect(page.getByText('Screen and battery in great shape')).toBeVisible();
    await expect(timeline.getByRole('listitem').filter({ hasText: 'Device Assessed' })).not.toContainText('Not yet');

    // Knowing the number (and the email) is not enough: the answer needs the emailed link.
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    const asked = page.getByRole('dialog', { name: 'Accept Offer' });
    await expect(asked.getByText('This needs the link from the email we sent you about this trade-in')).toBeVisible();
    await expect(asked.getByLabel(/^Contact Email/)).toHaveCount(0);
    await expect(asked.getByLabel(/^Account Number/)).toHaveCount(0);
    await asked.getByRole('button', { name: 'Email me a new link' }).click();
    await expect(asked.getByRole('status')).toContainText('we have emailed its link to the contact email');
    await expect(asked.getByRole('button', { name: 'Email me a new link' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(asked).toBeHidden();

    // The offer's link is still live, so the same link is emailed again.
    const linkEmail = await emailTo(email, new RegExp(`Your link for ${number}`));
    await page.goto(linkIn(linkEmail, 'Accept Offer'));
    const dialog = page.getByRole('dialog', { name: 'Accept Offer' });
    await fillBank(dialog, { holder: 'Lindiwe Dube', bank: 'Capitec', number: '1234567890', branch: '470010' });
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('status-badge')).toHaveText('Awaiting Payment');
    await expect(page.getByRole('region', { name: "What's Next?" })).toContainText('within 24 hours of approval');
    await expect(page.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
  });

  test("the offer email's link accepts, and the same link changes the payout account, which the seller is told of", async ({
    page,
    api,
    admin,
  }) => {
    const { email, number } = await offeredToGuest(api, admin, 'payout');
    const offer = await emailTo(email, new RegExp(`Your offer for ${number}`));
    await page.goto(linkIn(offer, 'Accept Offer'));
    const accept = page.getByRole('dialog', { name: 'Accept Offer' });
    await fillBank(accept, { holder: 'Naledi Mokoena', bank: 'FNB', number: '62 1234 5678', branch: '250655' });
    await accept.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Awaiting Payment');

    await page.getByRole('button', { name: 'Change payout account' }).click();
    const change = page.getByRole('dialog', { name: 'Change payout account' });
    await fillBank(change, { holder: 'Naledi Mokoena', bank: 'Capitec', number: '1098765432', branch: '470010' });
    await change.getByRole('button', { name: 'Save payout account' }).click();
    await expect(change).toBeHidden();
    await expect(
      page.getByText('Payout account changed. We will pay into your Capitec account ending 5432.'),
    ).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Awaiting Payment');
    const told = await emailTo(email, new RegExp(`${number}: payout account changed`));
    expect(told.text).toContain('your payout account was changed to Capitec ending 5432.');
  });

  test("another guest declines the offer from the email's link and is told the device comes back", async ({
    page,
    api,
    admin,
  }) => {
    const { email, number } = await offeredToGuest(api, admin, 'decline');
    await page.goto('/track');
    await page.getByLabel('Transaction number').fill(`  ${number.toLowerCase()} `);
    await page.getByLabel('Transaction number').press('Enter');
    await expect(page).toHaveURL(`/track?number=${number}`);
    await expect(page.getByRole('button', { name: 'Decline Offer' })).toBeVisible();

    const offer = await emailTo(email, new RegExp(`Your offer for ${number}`));
    await page.goto(linkIn(offer, 'Decline Offer'));
    const dialog = page.getByRole('dialog', { name: 'Decline Offer' });
    await dialog.getByRole('button', { name: 'Decline Offer' }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Offer Declined');
    const timeline = page.getByRole('region', { name: 'Status Timeline' });
    // The device's way back is the step still ahead, recorded by the store once it is with the seller again.
    await expect(timeline.getByRole('listitem').nth(-2)).toContainText('Offer Declined');
    await expect(timeline.getByRole('listitem').last()).toContainText('Device Returned');
    await expect(timeline.getByRole('listitem').last()).toContainText('Not yet');
    await expect(page.getByRole('region', { name: "What's Next?" })).toContainText('return your device');
  });

  test('a signed-in customer finds the sale in their account and accepts into their saved bank account', async ({
    page,
    api,
    customer,
    admin,
  }) => {
    await api.expect(
      api.put('/api/account/payment-details', {
        method: 'bank',
        bankName: 'ABSA',
        accountHolder: 'Ayanda Zulu',
        accountNumber: '4098765432',
        branchCode: '632005',
      }),
    );
    const number = await sellThroughPage(page, customer.email);
    await makeOffer(admin, number, 5600, 'As described');
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const mine = page.getByRole('region', { name: 'My Trade-ins' });
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine).toContainText('Offer Made');
    await expect(mine).toContainText('Offer R5,600');
    await mine.getByRole('link', { name: number }).click();
    await expect(page).toHaveURL(`/track?number=${number}`);
    await expect(page.getByText(customer.email)).toBeVisible();
    await expect(page.getByText('+27 82 555 0199')).toBeVisible();
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept Offer' });
    await expect(dialog.getByLabel(/^Contact Email/)).toHaveCount(0);
    // The saved account fills the form; its number stays on the server and is not typed again.
    await expect(dialog.getByLabel(/^Account Holder/)).toHaveValue('Ayanda Zulu');
    await expect(dialog.getByLabel(/^Bank/)).toHaveValue('ABSA');
    await expect(dialog.getByLabel(/^Branch Code/)).toHaveValue('632005');
    const saved = dialog.getByLabel('Pay into my saved ABSA account ending 5432');
    await expect(saved).toBeChecked();
    await expect(dialog.getByLabel(/^Account Number/)).toHaveCount(0);
    await saved.uncheck();
    await expect(dialog.getByLabel(/^Account Number/)).toHaveValue('');
    await saved.check();
    await dialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(page.getByTestId('status-badge')).toHaveText('Awaiting Payment');
  });

  test('a repair is tracked by its REP number, searched again, and cancelled by a guest with the booking email', async ({
    page,
    api,
  }) => {
    const email = `repair.${uniqueId()}@example.co.za`;
    const booking = await freeBooking(api, pickupDates(new Date()).at(-3), email);
    const { bookingNumber: number } = await api.expect<RepairBookedReply>(postBooking(api, booking), 201);
    await page.goto('/track');
    const box = page.getByLabel('Transaction number');
    await box.fill(number.toLowerCase());
    await box.press('Enter');
    const heading = page.getByRole('heading', { name: number });
    await expect(heading).toBeVisible();
    await expect(page.getByText('Status: Booked')).toBeAttached();

    // The same number again, by the button and by Enter: the repair is asked for again and stays.
    const track = page.getByRole('button', { name: 'Track Now' });
    for (const again of [() => track.click(), () => box.press('Enter')]) {
      const [reply] = await Promise.all([
        page.waitForResponse((res) => res.url().includes(`/api/track/${number}`)),
        again(),
      ]);
      expect(reply.status()).toBe(200);
      await expect(track).toBeEnabled();
      await expect(heading).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Transaction Not Found' })).toHaveCount(0);
    }

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${number}?` });
    await dialog.getByLabel(/^Contact Email/).fill('someone.else@example.co.za');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(dialog.getByText('This email does not match the one given for this booking')).toBeVisible();
    await dialog.getByLabel(/^Contact Email/).fill(email);
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Status: Cancelled')).toBeAttached();
    await expect(page.getByText('Booking cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  });

  test('an unknown number says Transaction Not Found, with Try Again and links', async ({ page }) => {
    await page.goto('/track');
    const track = page.getByRole('button', { name: 'Track Now' });
    await expect(track).toBeDisabled();
    await page.getByLabel('Transaction number').fill('   ');
    await expect(track).toBeDisabled();
    // A sale, an order and a repair booking number that do not exist all get the one panel.
    for (const number of ['TXN123', 'REP-000000000']) {
      await page.getByLabel('Transaction number').fill(number);
      await track.click();
      await expect(page.getByRole('heading', { name: 'Transaction Not Found' })).toBeVisible();
      await expect(page.getByText('No transaction found with this number.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('link', { name: 'Sell a Device' })).toHaveAttribute('href', '/sell');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByLabel('Transaction number')).toHaveValue('');
      await expect(page.getByLabel('Transaction number')).toBeFocused();
      await expect(page).toHaveURL('/track');
    }
  });

  test('a deep link survives reload and Back returns to the previous number', async ({ page, api }) => {
    const sell = (email: string) =>
      api.expect<{ transactionNumber: string }>(
        api.postAsShopper('/api/trade-ins', {
          deviceType: 'tv',
          brand: 'LG',
          model: 'OLED C2',
          customerName: 'Naledi Mokoena',
          address: '1 Main Road, Cape Town',
          contactPhone: '082 555 0101',
          contactEmail: email,
          isOwner: true,
        }),
        201,
      );
    const first = (await sell(`tv1.${uniqueId()}@example.com`)).transactionNumber;
    const second = (await sell(`tv2.${uniqueId()}@example.com`)).transactionNumber;
    await page.goto(`/track?number=${first}`);
    await expect(page.getByText(first).first()).toBeVisible();
    await page.getByLabel('Transaction number').fill(second);
    await page.getByRole('button', { name: 'Track Now' }).click();
    await expect(page.getByRole('term').filter({ hasText: 'Transaction Number' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: second })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Transaction number')).toHaveValue(first);
    await expect(page.getByRole('definition').filter({ hasText: first })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('definition').filter({ hasText: first })).toBeVisible();
  });
});

test("a stranger tracking an order number sees its status only; the buyer's browser sees its total and tracking too", async ({
  page,
  api,
  admin,
  browser,
  makeDevice,
}) => {
  const device = await makeDevice({ price: 3999 });
  const { orderNumber } = await placePaidOrder(api, device);
  await admin.expect(
    admin.put(`/api/admin/orders/${orderNumber}/tracking`, {
      courier: 'The Courier Guy',
      trackingNumber: 'TCG-777-01',
    }),
  );

  await page.goto(`/track?number=${orderNumber}`);
  const order = page.getByRole('region', { name: `Order ${orderNumber}` });
  await expect(order.getByRole('definition').filter({ hasText: 'Pending' }).first()).toBeVisible();
  await expect(order.getByText('Status timeline')).toBeVisible();
  await expect(order.getByText('Items, total and tracking are shown to the buyer', { exact: false })).toBeVisible();
  await expect(order.getByRole('term')).toHaveText(['Status', 'Order date']);
  await expect(order.getByText('The Courier Guy')).toHaveCount(0);
  await expect(order.getByText('TCG-777-01')).toHaveCount(0);

  // The buyer opens the order from its confirmation email; that browser's track page shows the rest.
  const buyer = await browser.newContext();
  const own = await buyer.newPage();
  await own.goto(await orderLinkInMail(ORDER_CUSTOMER.email, `Order Confirmed! ${orderNumber}`));
  await expect(own.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await own.goto(`/track?number=${orderNumber}`);
  const mine = own.getByRole('region', { name: `Order ${orderNumber}` });
  await expect(mine.getByRole('definition').filter({ hasText: '₦3,999' })).toBeVisible();
  await expect(mine.getByRole('definition').filter({ hasText: 'The Courier Guy' })).toBeVisible();
  await expect(mine.getByRole('definition').filter({ hasText: 'TCG-777-01' })).toBeVisible();
  await buyer.close();
});
