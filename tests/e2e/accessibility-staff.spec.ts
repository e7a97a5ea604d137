import type { Locator, Page } from '@playwright/test';
import type { AdminAgent } from '../../src/shared/agents';
import type { PagedReply } from '../../src/shared/paging';
import { pickupDates } from '../../src/shared/repair-calendar';
import type { RepairBookedReply } from '../../src/shared/repairs';
import { LISTING_MESSAGES } from '../../src/shared/stock-listing';
import type { Device } from '../../src/shared/catalog';
import { expectNoAxeViolations } from './axe';
import { Api, E2E_ADMIN as ADMIN, E2E_AGENT as AGENT, expect, placePaidOrder, test, uniqueId } from './fixtures';
import { freeBooking, postBooking } from './repair-booking';
import { deliver, requestReturn } from './return-request';
import { acceptOfferByEmail, assignedTablet, declineOfferByEmail, submitTablet } from './sell-form';

// The staff's half of the accessibility walks: axe-core finds nothing on the partner portal's sign-in and its
// second steps, the agent's dashboard and the admin's every tab, each with the dialogs it opens, at
// 1280 and 375 px. Each width walks a role's pages in one test (data made once, the staff signed in once
// per worker), checking every state on the way and naming all the states that fail at the end.

const WIDTHS = { '1280 px': { width: 1280, height: 800 }, '375 px': { width: 375, height: 740 } };

/** axe on each state of a walk; a violation does not stop the walk, so one run names every state that fails. */
function axeWalk(page: Page) {
  const failed: string[] = [];
  return {
    async check(state: string) {
      try {
        await expectNoAxeViolations(page, state);
      } catch (error) {
        failed.push((error as Error).message);
      }
    },
    done: () => expect(failed, 'states with accessibility violations').toEqual([]),
  };
}
type Walk = ReturnType<typeof axeWalk>;

/** Opens a dialog with `button`, checks it (and, with `submit`, its errors after an empty submit), then closes it with Escape. */
async function checkDialog(
  page: Page,
  walk: Walk,
  button: Locator,
  name: string | RegExp,
  options: { submit?: string; then?: (dialog: Locator) => Promise<void> } = {},
) {
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // What the dialog loads (details, a list of agents) is drawn before it is judged.
  await expect(dialog.getByText(/^Loading/)).toHaveCount(0);
  await walk.check(`the ${name} dialog`);
  if (options.submit) {
    await dialog.getByRole('button', { name: options.submit, exact: true }).click();
    await expect(dialog.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
    await walk.check(`the ${name} dialog with its errors`);
  }
  await options.then?.(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function agentId(admin: Api, username: string) {
  const { items } = await admin.expect<PagedReply<AdminAgent>>(
    admin.get(`/api/admin/agents?q=${encodeURIComponent(username)}`),
  );
  return items.find((agent) => agent.username === username)!.id;
}

/** A repair booking on a day of its own, handed to the demo agent when the store gave it to another. */
async function pickupOfAgent(api: Api, admin: Api, id: string) {
  const booking = await freeBooking(api, pickupDates(new Date()).at(-3), `a11y.${uniqueId()}@example.co.za`);
  const booked = await api.expect<RepairBookedReply>(postBooking(api, booking), 201);
  if (booked.agentFirstName !== AGENT.name.split(' ')[0]) {
    await admin.expect(admin.post(`/api/admin/repairs/${booked.bookingNumber}/reassign`, { agentId: id }));
  }
  return booked.bookingNumber;
}

/** A tablet the agent offered R5,000 for, which the seller accepted (it awaits payment) or declined. */
async function answeredOffer(api: Api, admin: Api, agent: Api, id: string, answer: 'accept' | 'decline') {
  const email = `a11y.${uniqueId()}@example.com`;
  const number = await assignedTablet(api, admin, id, email);
  await agent.expect(agent.post(`/api/agent/trade-ins/${number}/offer`, { amount: 5000 }));
  await (answer === 'accept' ? acceptOfferByEmail : declineOfferByEmail)(api, email, number);
  return number;
}

/** A delivered order of `device` and a return requested on it by the browser that placed it: it awaits the admin. */
async function requestedReturn(api: Api, admin: Api, device: Device) {
  const placed = await placePaidOrder(api, device);
  await deliver(admin, placed.orderNumber);
  return requestReturn(api, placed, device.id);
}

/** The header's menu of a signed-in staff member, open: the account menu from lg up, the phone's menu below. */
async function checkHeaderMenu(page: Page, walk: Walk, role: 'Agent' | 'Admin') {
  const header = page.getByRole('banner');
  const accountMenu = header.getByRole('button', { name: `${role} account menu` });
  const toggle = (await accountMenu.isVisible()) ? accountMenu : header.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(header.getByRole('button', { name: new RegExp(`${role}: `) })).toBeVisible();
  await walk.check(`the header's ${role.toLowerCase()} menu`);
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: new RegExp(`${role}: `) })).toBeHidden();
}

/** An admin tab with `filters` in its address (`q` searches, `target` narrows the audit log), once `ready` is drawn. */
async function openTab(page: Page, tab: string, ready: (page: Page) => Locator, filters: Record<string, string> = {}) {
  await page.goto(`/admin?${new URLSearchParams({ tab, ...filters })}`);
  await expect(ready(page)).toBeVisible();
  // From lg up the FOLLOW US rail is fixed at the left edge: the tab starts to the right of it.
  const rail = page.getByRole('complementary', { name: 'Follow us' });
  if (await rail.isVisible()) {
    const [railBox, panelBox] = [await rail.boundingBox(), await page.getByRole('tabpanel').boundingBox()];
    expect(panelBox!.x, `the ${tab} tab clear of the rail`).toBeGreaterThanOrEqual(railBox!.x + railBox!.width);
  }
}

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`at ${width}`, () => {
    test.use({ viewport });

    test('the partner portal: both sign-in tabs, the code step, a recovery code and the authenticator set-up', async ({
      page,
      admin,
    }) => {
      test.setTimeout(120_000);
      const walk = axeWalk(page);
      await page.goto('/agent-login');
      await expect(page.getByRole('tab', { name: 'Agent' })).toHaveAttribute('aria-selected', 'true');
      await walk.check('/agent-login, Agent tab');
      await page.getByRole('button', { name: 'Sign In as Agent' }).click();
      await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
      await walk.check('/agent-login, Agent tab with its errors');
      await page.getByRole('tab', { name: 'Admin' }).click();
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill('Wrong-pass-2026');
      await page.getByRole('button', { name: 'Sign In as Admin' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid admin credentials' })).toBeVisible();
      await walk.check('/agent-login, Admin tab refused');

      // The code step: the password alone opens nothing, and a code that is not right is named.
      await page.getByRole('tab', { name: 'Agent' }).click();
      await page.getByLabel('Username').fill(AGENT.username);
      await page.getByLabel('Password').fill(AGENT.password);
      await page.getByRole('button', { name: 'Sign In as Agent' }).click();
      await expect(page.getByRole('heading', { name: 'Enter your authentication code' })).toBeVisible();
      await walk.check('the authentication code step');
      await page.getByLabel(/^Authentication code/).fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByLabel(/^Authentication code/)).toHaveAttribute('aria-invalid', 'true');
      await walk.check('the authentication code step with a wrong code');
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
      await walk.check('the recovery code step');
      await page.getByRole('button', { name: 'Sign in as someone else' }).click();

      // A new agent's first sign-in sets up their authenticator: the QR code, the key, the recovery codes.
      const username = `a11y.${uniqueId()}`;
      const password = 'Signal-Hill-2026';
      await admin.expect(
        admin.post('/api/admin/agents', {
          name: 'Lerato Dlamini',
          email: `${username}@quickbuy.co.za`,
          phone: '+27 72 111 2222',
          role: 'Agent',
          username,
          password,
        }),
        201,
      );
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In as Agent' }).click();
      await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
      await walk.check('the authenticator set-up step');
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      await expect(page.getByLabel(/^Code from the app/)).toHaveAttribute('aria-invalid', 'true');
      await walk.check('the authenticator set-up step with its errors');
      walk.done();
    });

    test("the agent's dashboard: a trade-in's details, Make Offer, Revise Offer, the pickups and the profile", async ({
      page,
      api,
      admin,
      staffApi,
      signInAs,
    }) => {
      test.setTimeout(120_000);
      const id = await agentId(admin, AGENT.username);
      const agent = await staffApi('agent');
      const fresh = await assignedTablet(api, admin, id, `a11y.${uniqueId()}@example.com`);
      const offered = await assignedTablet(api, admin, id, `a11y.${uniqueId()}@example.com`);
      await agent.expect(agent.post(`/api/agent/trade-ins/${offered}/offer`, { amount: 5000 }));
      const pickup = await pickupOfAgent(api, admin, id);
      await signInAs('agent');
      const walk = axeWalk(page);

      await page.goto('/agent-dashboard');
      const card = page.getByRole('listitem', { name: fresh });
      await expect(card).toBeVisible();
      await expect(page.getByRole('listitem', { name: pickup })).toBeVisible();
      await walk.check('/agent-dashboard');
      await checkDialog(page, walk, card.getByRole('button', { name: 'View Details' }), `Trade-in ${fresh}`);
      await checkDialog(page, walk, card.getByRole('button', { name: 'Make Offer' }), 'Make Offer', {
        submit: 'Submit Offer',
      });
      await checkDialog(
        page,
        walk,
        page.getByRole('listitem', { name: offered }).getByRole('button', { name: 'Revise Offer' }),
        'Revise Offer',
      );
      await card.getByRole('button', { name: 'Mark as Assessed' }).click();
      await expect(page.getByText('Device marked as assessed')).toBeVisible();
      await expect(page.locator('[data-sonner-toast]')).toBeVisible();
      await walk.check('/agent-dashboard with a toast');
      await checkHeaderMenu(page, walk, 'Agent');
      await page.getByRole('tab', { name: 'Profile' }).click();
      await expect(page.getByLabel(/^Name/)).toHaveValue(AGENT.name);
      await walk.check('/agent-dashboard, Profile tab');
      walk.done();
    });

    test('the admin dashboard: every tab and the dialogs each one opens', async ({
      page,
      api,
      admin,
      makeDevice,
      staffApi,
      signInAs,
    }) => {
      test.setTimeout(180_000);
      const sarah = await agentId(admin, AGENT.username);
      const device = await makeDevice();
      const order = await placePaidOrder(api, device);
      // Processing, so its card offers Mark Shipped's dialog as well as Update Tracking and Cancel Order.
      await admin.expect(admin.post(`/api/admin/orders/${order.orderNumber}/status`, { status: 'processing' }));
      const toAssign = await submitTablet(api, `a11y.${uniqueId()}@example.com`);
      await admin.expect(admin.post(`/api/admin/trade-ins/${toAssign}/confirm`));
      const agent = await staffApi('agent');
      // Both wait for their offer email: side by side, the walk's time is one wait.
      const [toPay, declined] = await Promise.all([
        answeredOffer(api, admin, agent, sarah, 'accept'),
        answeredOffer(api, admin, agent, sarah, 'decline'),
      ]);
      const repair = await api.expect<RepairBookedReply>(
        postBooking(api, await freeBooking(api, pickupDates(new Date()).at(-4), `a11y.${uniqueId()}@example.co.za`)),
        201,
      );
      const returnNumber = await requestedReturn(api, admin, device);
      await signInAs('admin');
      const walk = axeWalk(page);
      const heading = (name: string) => (p: Page) => p.getByRole('heading', { name, exact: true });

      await openTab(page, 'overview', (p) => p.getByText('Revenue (left axis)'));
      await walk.check('Overview');
      await page.getByText('Figures by day').click();
      await expect(page.getByRole('table', { name: 'Revenue and paid orders per day' })).toBeVisible();
      await walk.check('Overview with the figures by day open');
      await checkHeaderMenu(page, walk, 'Admin');

      await openTab(page, 'transactions', (p) => p.getByRole('listitem', { name: toPay }), { q: toPay });
      await walk.check('Transactions');
      const payable = page.getByRole('listitem', { name: toPay });
      await checkDialog(page, walk, payable.getByRole('button', { name: 'View Details' }), `Trade-in ${toPay}`, {
        then: async (dialog) => {
          await dialog.getByRole('button', { name: 'Reveal' }).click();
          await expect(dialog.getByText('1234567890')).toBeVisible();
          await walk.check('the trade-in dialog with the payout account revealed');
        },
      });
      await checkDialog(page, walk, payable.getByRole('button', { name: 'Mark Paid' }), 'Mark Paid', {
        submit: 'Mark Paid',
      });
      // Paid, it offers List for sale: the device form prefilled from the trade-in.
      await admin.expect(
        admin.post(`/api/admin/trade-ins/${toPay}/mark-paid`, { payoutReference: `EFT-${uniqueId()}` }),
      );
      await openTab(page, 'transactions', (p) => p.getByRole('listitem', { name: toPay }), { q: toPay });
      await checkDialog(
        page,
        walk,
        page.getByRole('listitem', { name: toPay }).getByRole('button', { name: 'List for sale' }),
        LISTING_MESSAGES.listFor,
      );
      await openTab(page, 'transactions', (p) => p.getByRole('listitem', { name: declined }), { q: declined });
      await checkDialog(
        page,
        walk,
        page.getByRole('listitem', { name: declined }).getByRole('button', { name: 'Mark Returned' }),
        'Mark Returned',
      );
      await openTab(page, 'transactions', (p) => p.getByRole('listitem', { name: toAssign }), { q: toAssign });
      await checkDialog(
        page,
        walk,
        page.getByRole('listitem', { name: toAssign }).getByRole('button', { name: 'Assign to Agent' }),
        'Assign to Agent',
        { submit: 'Assign' },
      );

      await openTab(page, 'orders', (p) => p.getByRole('listitem', { name: `Order ${order.orderNumber}` }), {
        q: order.orderNumber,
      });
      await walk.check('Orders');
      const orderCard = page.getByRole('listitem', { name: `Order ${order.orderNumber}` });
      await checkDialog(page, walk, orderCard.getByRole('button', { name: 'View Details' }), /^Order /, {
        then: async (dialog) => {
          await dialog.getByRole('button', { name: 'Revoke links' }).click();
          const confirm = page.getByRole('dialog', { name: `Revoke the links to order ${order.orderNumber}?` });
          await expect(confirm).toBeVisible();
          await walk.check('the Revoke links confirmation over the order');
          await page.keyboard.press('Escape');
          await expect(confirm).toBeHidden();
        },
      });
      await checkDialog(
        page,
        walk,
        orderCard.getByRole('button', { name: 'Cancel Order' }),
        `Cancel order ${order.orderNumber}?`,
      );
      await checkDialog(page, walk, orderCard.getByRole('button', { name: 'Update Tracking' }), 'Update Tracking', {
        submit: 'Save Tracking',
      });
      await checkDialog(page, walk, orderCard.getByRole('button', { name: 'Mark Shipped' }), 'Mark Shipped', {
        submit: 'Mark Shipped',
      });

      const repairCard = (p: Page) => p.getByRole('listitem', { name: `Repair ${repair.bookingNumber}` });
      await openTab(page, 'repairs', repairCard, { q: repair.bookingNumber });
      await walk.check('Repairs');
      await checkDialog(
        page,
        walk,
        repairCard(page).getByRole('button', { name: 'View Details' }),
        `Repair ${repair.bookingNumber}`,
      );
      await checkDialog(page, walk, repairCard(page).getByRole('button', { name: 'Reassign' }), 'Reassign Pickup', {
        submit: 'Reassign',
      });
      await checkDialog(page, walk, repairCard(page).getByRole('button', { name: 'Reschedule' }), 'Reschedule Pickup', {
        submit: 'Reschedule',
      });
      await checkDialog(
        page,
        walk,
        repairCard(page).getByRole('button', { name: 'Cancel Booking' }),
        'Cancel Booking',
        {
          submit: 'Cancel Booking',
        },
      );

      const returnCard = (p: Page) => p.getByRole('listitem', { name: `Request ${returnNumber}` });
      await openTab(page, 'returns', returnCard, { q: returnNumber });
      await walk.check('Returns');
      await checkDialog(
        page,
        walk,
        returnCard(page).getByRole('button', { name: 'View Details' }),
        `Request ${returnNumber}`,
      );
      await checkDialog(page, walk, returnCard(page).getByRole('button', { name: 'Approve' }), 'Approve');
      await checkDialog(page, walk, returnCard(page).getByRole('button', { name: 'Decline' }), 'Decline Request', {
        submit: 'Decline Request',
      });

      await openTab(page, 'reports', (p) => p.getByRole('heading', { name: 'Gross margin by type and brand' }));
      await walk.check('Reports');

      await openTab(page, 'agents', (p) => p.getByRole('listitem', { name: AGENT.name }), { q: AGENT.username });
      await walk.check('Agents');
      const sarahCard = page.getByRole('listitem', { name: AGENT.name });
      await checkDialog(page, walk, page.getByRole('button', { name: 'Create Agent' }), 'Create Agent', {
        submit: 'Create Agent',
      });
      await checkDialog(page, walk, sarahCard.getByRole('button', { name: 'Edit' }), 'Edit Agent');
      await checkDialog(
        page,
        walk,
        sarahCard.getByRole('button', { name: `Delete ${AGENT.name}` }),
        /^(Delete|Deactivate) Sarah Mitchell\?$/,
      );
      await checkDialog(
        page,
        walk,
        sarahCard.getByRole('button', { name: `Reset ${AGENT.name}'s authenticator` }),
        `Reset ${AGENT.name}'s authenticator?`,
      );

      await openTab(page, 'devices', (p) => p.getByRole('heading', { name: device.name }), { q: device.name });
      await walk.check('Devices');
      await checkDialog(page, walk, page.getByRole('button', { name: 'Add Device' }), 'Add Device', {
        submit: 'Add Device',
      });
      await checkDialog(page, walk, page.getByRole('button', { name: `Edit ${device.name}` }), /^Edit /);
      await checkDialog(
        page,
        walk,
        page.getByRole('button', { name: `Delete ${device.name}` }),
        `Delete ${device.name}`,
      );

      const reference = order.payment.reference;
      await openTab(page, 'paystack', (p) => p.getByText(reference, { exact: true }), { q: reference });
      await walk.check('Paystack');
      await checkDialog(page, walk, page.getByRole('button', { name: 'View Details' }), `Payment ${reference}`);
      await checkDialog(page, walk, page.getByRole('button', { name: 'Process Refund' }), 'Process Refund', {
        submit: 'Confirm',
      });

      await openTab(page, 'outbox', heading('Outbox'));
      await expect(page.getByRole('button', { name: 'View' }).first()).toBeVisible();
      await walk.check('Outbox');
      await checkDialog(page, walk, page.getByRole('button', { name: 'View' }).first(), 'Email');

      await openTab(page, 'privacy', heading('Privacy requests'));
      await walk.check('Privacy');
      // Any address looks up (nothing held is an answer too), which opens the copy and the erasure.
      await page.getByLabel("Customer's email address").fill('nobody@example.com');
      await page.getByRole('button', { name: 'Look Up' }).click();
      await expect(heading('Held for nobody@example.com')(page)).toBeVisible();
      await walk.check('Privacy, an address looked up');
      await checkDialog(
        page,
        walk,
        page.getByRole('button', { name: 'Erase Their Data' }),
        'Erase the data held for nobody@example.com?',
        { submit: 'Erase Their Data' },
      );

      // The walk's own trade-in: other stories' actions, written meanwhile, push the newest first page along.
      await openTab(page, 'audit', heading('Audit log'), { target: toAssign });
      await expect(page.getByText('trade_in.confirm').first()).toBeVisible();
      await walk.check('Audit');
      walk.done();
    });
  });
}
