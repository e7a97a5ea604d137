import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Device } from '../../src/shared/catalog';
import { pickupDates, formatPickupDate } from '../../src/shared/repair-calendar';
import { RETURN_MESSAGES, type ReturnMoveReply } from '../../src/shared/returns';
import { expectNoAxeViolations } from './axe';
import { Api, E2E_AGENT, expect, placePaidOrder, test, uniqueId } from './fixtures';
import { emailTo, orderLinkInMail } from './mailbox';
import { offeredSlots } from './repair-booking';
import { deliver } from './return-request';

// A return and a warranty claim from the customer's order to the outcome, in real browsers against the
// real server: the customer's pages, the admin's Returns tab and the agent's Return Collections.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const VIEWPORTS = [DESKTOP, PHONE];

/** A small photo of the device, as a phone's camera gives one to the picker. */
const photo = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer(),
});

/**
 * Fills the request form: one unit of `device`, the reason, a description, a photo and a collection time of
 * a day few other specs use, free for the demo agent (picked at random, so runs side by side rarely share it).
 */
async function fillRequest(page: Page, api: Api, device: Device, reason: string) {
  await page.getByLabel(device.name).fill('1');
  await page.getByLabel(/^Reason/).selectOption({ label: reason });
  await page.getByLabel(/^Description/).fill('It restarts on its own several times a day');
  await page.getByLabel('Add photos').setInputFiles([await photo('fault.png')]);
  await expect(page.getByRole('img', { name: /, view 1$/ })).toBeVisible();
  await expect(page.getByLabel(/^Pickup address/)).toHaveValue(/\S/);
  const date = pickupDates(new Date()).at(-4)!;
  const free = await offeredSlots(api, date);
  const time = free[Math.floor(Math.random() * free.length)]!;
  await page.getByLabel(/^Pickup date/).selectOption(date);
  await expect(page.getByLabel(/^Pickup time/).locator(`option[value="${time}"]`)).toBeAttached();
  await page.getByLabel(/^Pickup time/).selectOption(time);
  return `${formatPickupDate(date)} at ${time}`;
}

/** A page of its own signed in as the e2e admin or the demo agent, at the story's width. */
async function staffPage(
  browser: Browser,
  baseURL: string,
  session: { name: string; value: string; url: string },
  viewport: typeof DESKTOP,
) {
  const context = await browser.newContext({ baseURL, viewport });
  await context.addCookies([session]);
  return context.newPage();
}

/** The Returns tab searched for one request: its card. */
async function findRequest(page: Page, number: string) {
  await page.goto('/admin?tab=returns');
  await page.getByLabel('Search by RET or ORD number, name or email').fill(number);
  await page.getByLabel('Search by RET or ORD number, name or email').press('Enter');
  const card = page.getByRole('listitem', { name: `Request ${number}` });
  await expect(card).toBeVisible();
  return card;
}

/** One of the admin's moves on a card through its dialog, and the status the card then shows. */
async function adminMove(page: Page, number: string, button: string, status: string, submit = button) {
  const card = await findRequest(page, number);
  await card.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `the ${button} dialog`);
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  return card;
}

for (const viewport of VIEWPORTS) {
  test.describe(`returns at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a guest returns a phone from the order's emailed link; the agent collects and inspects it, the admin refunds it and the guest sees the refund", async ({
      page,
      api,
      admin,
      browser,
      baseURL,
      staffSession,
      makeDevice,
      playwright,
    }) => {
      test.slow();
      const device = await makeDevice({ price: 4999, quantity: 3 });
      const email = `return.${uniqueId()}@example.co.za`;
      // The order is placed in another browser: this page reaches it only through the emailed link.
      const shop = await playwright.request.newContext({ baseURL });
      const placed = await placePaidOrder(new Api(shop), device, email);
      await shop.dispose();
      await deliver(admin, placed.orderNumber);

      await page.goto(await orderLinkInMail(email, `Order Confirmed! ${placed.orderNumber}`));
      const panel = page.getByRole('region', { name: 'Returns and warranty' });
      await expect(panel.getByText(`${device.name}: 1 of 1 can still be returned`)).toBeVisible();
      await expect(panel.getByText(/^Returns open until \d/)).toBeVisible();
      await expectNoAxeViolations(page, 'the delivered order page');
      await panel.getByRole('link', { name: 'Start a return' }).click();

      await expect(page.getByRole('heading', { name: 'Start a return' })).toBeVisible();
      await expectNoAxeViolations(page, 'the return request form');
      // Nothing chosen: the form says what is missing, under each field.
      await page.getByRole('button', { name: 'Request return' }).click();
      await expect(page.getByLabel(/^Reason/)).toHaveAccessibleDescription(RETURN_MESSAGES.chooseReason);
      const slot = await fillRequest(page, api, device, 'Faulty or not working');
      await page.getByRole('button', { name: 'Request return' }).click();
      await expect(page).toHaveURL(/\/return-requests\/RET-\d+\?order=/);
      const heading = page.getByRole('heading', { name: /^Return RET-\d+$/ });
      await expect(heading).toBeVisible();
      const number = (await heading.textContent())!.replace('Return ', '');
      await expect(page.getByText('Status: Requested')).toBeVisible();
      await expect(page.getByText(`Collection: ${slot}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
      await expectNoAxeViolations(page, 'the return request page');

      // The admin approves it and schedules the collection with the demo agent in the customer's slot.
      const desk = await staffPage(browser, baseURL!, await staffSession('admin'), viewport);
      await adminMove(desk, number, 'Approve', 'Approved');
      const card = await findRequest(desk, number);
      await card.getByRole('button', { name: 'Schedule Collection' }).click();
      const schedule = desk.getByRole('dialog', { name: 'Schedule Collection' });
      await schedule.getByLabel(/^Agent/).selectOption({ label: E2E_AGENT.name });
      await expectNoAxeViolations(desk, 'the Schedule Collection dialog');
      await schedule.getByRole('button', { name: 'Schedule' }).click();
      await expect(schedule).toBeHidden();
      await expect(card.getByText('Collection Scheduled', { exact: true })).toBeVisible();

      // The agent collects the phone and records what they found, with a photo.
      const agent = await staffPage(browser, baseURL!, await staffSession('agent'), viewport);
      await agent.goto('/agent-dashboard');
      const collection = agent.getByRole('listitem', { name: `Collection ${number}` });
      await expect(collection).toContainText(slot);
      await expectNoAxeViolations(agent, 'the Return Collections');
      await collection.getByRole('button', { name: 'Mark Collected' }).click();
      await expect(collection.getByText('Collected', { exact: true })).toBeVisible();
      await collection.getByRole('button', { name: 'Record Inspection' }).click();
      const inspect = agent.getByRole('dialog', { name: 'Record Inspection' });
      await inspect.getByLabel(/^Condition found/).selectOption('Minor wear');
      await inspect.getByLabel(/It can be sold again/).check();
      await inspect.getByLabel(/^Notes/).fill('Restarts reproduced; the housing is clean');
      await inspect.getByLabel('Add photos').setInputFiles([await photo('found.png')]);
      await expect(inspect.getByRole('img', { name: 'The device as found, view 1' })).toBeVisible();
      await expectNoAxeViolations(agent, 'the Record Inspection dialog');
      await inspect.getByRole('button', { name: 'Save Inspection' }).click();
      await expect(inspect).toBeHidden();
      await expect(collection).toContainText('Minor wear, sellable');

      // The admin sees the inspection in the details, then refunds the unit.
      await (await findRequest(desk, number)).getByRole('button', { name: 'View Details' }).click();
      const details = desk.getByRole('dialog', { name: `Request ${number}` });
      await expect(details.getByText('Restarts reproduced; the housing is clean')).toBeVisible();
      await expectNoAxeViolations(desk, 'the request details');
      await desk.keyboard.press('Escape');
      await adminMove(desk, number, 'Refund', 'Refunded');

      // The guest's page and email say the refund, its amount and when it arrives.
      await page.reload();
      await expect(page.getByText('Status: Refunded')).toBeVisible();
      await expect(page.getByText(/^Refunded ₦4,999(\.00)? to the card you paid with/)).toBeVisible();
      await emailTo(email, new RegExp(`${number}.*Refunded`));
      await desk.context().close();
      await agent.context().close();
    });

    test("a signed-in customer claims the warranty from the account's order and the device is repaired at no charge", async ({
      page,
      api,
      admin,
      customer,
      browser,
      baseURL,
      staffSession,
      makeDevice,
      staffApi,
    }) => {
      test.slow();
      const device = await makeDevice({ price: 6999 });
      const placed = await placePaidOrder(api, device, customer.email);
      await deliver(admin, placed.orderNumber);

      await page.goto('/account');
      await page.getByRole('tab', { name: 'Orders' }).click();
      await page.getByRole('link', { name: `Return or claim warranty on order ${placed.orderNumber}` }).click();
      const panel = page.getByRole('region', { name: 'Returns and warranty' });
      await expect(panel.getByText(/^Warranty until \d/)).toBeVisible();
      await panel.getByRole('link', { name: 'Make a warranty claim' }).click();
      await expect(page.getByRole('heading', { name: 'Make a warranty claim' })).toBeVisible();
      await expectNoAxeViolations(page, 'the warranty claim form');
      await fillRequest(page, api, device, 'Battery capacity below 80%');
      await page.getByRole('button', { name: 'Submit claim' }).click();
      const heading = page.getByRole('heading', { name: /^Warranty claim RET-\d+$/ });
      await expect(heading).toBeVisible();
      const number = (await heading.textContent())!.replace('Warranty claim ', '');

      // Collected and inspected behind the scenes: the story above walks those screens.
      const agents = await staffApi('agent');
      const agentId = (await agents.expect<{ user: { id: string } }>(agents.get('/api/auth/me'))).user.id;
      await admin.expect<ReturnMoveReply>(admin.post(`/api/admin/returns/${number}/approve`));
      const { pickupDate, pickupTime } = (
        await admin.expect<{ view: { pickupDate: string; pickupTime: string } }>(
          admin.get(`/api/admin/returns/${number}`),
        )
      ).view;
      await admin.expect(admin.post(`/api/admin/returns/${number}/schedule`, { agentId, pickupDate, pickupTime }));
      await agents.expect(agents.post(`/api/agent/returns/${number}/collect`));
      await agents.expect(
        agents.post(`/api/agent/returns/${number}/inspect`, {
          conditionFound: 'Faulty',
          sellable: false,
          notes: 'Battery at 71% capacity',
          photos: [],
        }),
      );

      const desk = await staffPage(browser, baseURL!, await staffSession('admin'), page.viewportSize()!);
      const card = await findRequest(desk, number);
      await card.getByRole('button', { name: 'Repair Under Warranty' }).click();
      const repair = desk.getByRole('dialog', { name: 'Repair Under Warranty' });
      await repair.getByLabel(/^Repair service/).selectOption({ label: 'Battery Replacement' });
      await expectNoAxeViolations(desk, 'the Repair Under Warranty dialog');
      await repair.getByRole('button', { name: 'Open repair job' }).click();
      await expect(repair).toBeHidden();
      await expect(card.getByText('Repaired', { exact: true })).toBeVisible();
      await desk.context().close();

      // The customer's request shows the free repair job, and its timeline every step with its day.
      await page.reload();
      await expect(page.getByText('Status: Repaired')).toBeVisible();
      const job = page.getByText(/^Warranty repair: REP-\d+ \(no charge\)$/);
      await expect(job).toBeVisible();
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await expect(timeline.getByRole('listitem')).toHaveCount(6);
      await expect(timeline.getByRole('listitem').last()).toContainText('Repaired');
      await expect(timeline.getByText('Ahead')).toHaveCount(0);
      await expectNoAxeViolations(page, 'a resolved warranty claim');

      // And the track page answers the RET number with its status.
      await page.goto(`/track?number=${number}`);
      const tracked = page.getByRole('region', { name: `Warranty claim ${number}` });
      await expect(tracked.getByRole('definition').first()).toHaveText('Repaired');
      await expect(tracked.getByRole('link', { name: 'Open the whole request' })).toBeVisible();
    });
  });
}
