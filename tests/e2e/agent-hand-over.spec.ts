import type { Page } from '@playwright/test';
import type { AgentOpenWork } from '../../src/shared/agents';
import { Api, expect, signInStaff, test, uniqueId } from './fixtures';
import { emailTo } from './mailbox';
import { pickupFor } from './repair-booking';
import { assignedTablet } from './sell-form';

// Deactivating an agent who holds work (decision 047), in a real browser against the real server: the admin
// sees Michael's open trade-in and pickup, hands them to Sarah, Sarah's dashboard has them, the customer's
// /track names Sarah; then Michael comes back. Both agents are this story's own, so no other spec's agent
// changes under it.

const PASSWORD = 'Signal-Hill-2026';

/** A new agent made by the admin through the API. */
async function newAgent(admin: Api, name: string, username: string) {
  return admin.expect<{ id: string }>(
    admin.post('/api/admin/agents', {
      name,
      email: `${username}@quickbuy.co.za`,
      phone: '+27 72 555 0404',
      role: 'Agent',
      username,
      password: PASSWORD,
    }),
    201,
  );
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('the admin deactivates Michael, hands his trade-in and pickup to Sarah, and reactivates him', async ({
  page,
  api,
  admin,
  signInAs,
  browser,
  baseURL,
}) => {
  const id = uniqueId();
  const michael = { name: `Michael Dlamini ${id}`, username: `michael.${id}` };
  const sarah = { name: `Sarah Naidoo ${id}`, username: `sarah.${id}` };
  const seller = `seller.${id}@example.co.za`;
  const customer = `repair.${id}@example.co.za`;
  const michaelId = (await newAgent(admin, michael.name, michael.username)).id;
  const bookingNumber = await pickupFor(api, admin, michaelId, { email: customer });
  const number = await assignedTablet(api, admin, michaelId, seller);
  await newAgent(admin, sarah.name, sarah.username);

  await page.goto(`/track?number=${bookingNumber}`);
  await expect(page.getByText('Michael', { exact: true })).toBeVisible();

  await signInAs('admin');
  await page.goto(`/admin?tab=agents&q=${michael.username}`);
  const card = page.getByRole('listitem', { name: michael.name });
  await expect(card.getByText('1 trade-in, 1 pickup')).toBeVisible();
  await card.getByRole('button', { name: `Delete ${michael.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${michael.name}?` });
  await expect(dialog.getByRole('region', { name: 'Open trade-ins' })).toContainText(number);
  await expect(dialog.getByRole('region', { name: 'Open pickups' })).toContainText(bookingNumber);
  // No agent chosen yet: the form says so under the field.
  await dialog.getByRole('button', { name: 'Deactivate and hand over' }).click();
  await expect(dialog.getByText('Choose an active agent to take over the work')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: `${sarah.name} (Agent)` });
  await dialog.getByRole('button', { name: 'Deactivate and hand over' }).click();
  await expect(page.getByText('1 open trade-in and 1 open pickup handed over')).toBeVisible();
  await expect(card.getByText('inactive', { exact: true })).toBeVisible();
  await expect(card.getByText('0 trade-ins, 0 pickups')).toBeVisible();

  // The customers are told who their agent is now, and /track says so.
  expect((await emailTo(customer, /your new agent is Sarah/)).text).toContain('Sarah, another of our agents');
  expect((await emailTo(seller, /a new agent is handling your trade-in/)).text).toContain('is now with Sarah');
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(`/track?number=${bookingNumber}`);
  await expect(visitor.getByText('Sarah', { exact: true })).toBeVisible();

  // Sarah's dashboard has both.
  const sarahContext = await browser.newContext({ baseURL });
  const sarahPage = await sarahContext.newPage();
  const sarahApi = new Api(sarahContext.request);
  await signInStaff(sarahApi, { username: sarah.username, password: PASSWORD });
  await sarahPage.goto('/agent-dashboard');
  const assigned = sarahPage.getByRole('group', { name: 'Assigned' });
  await expect(assigned.getByTestId('stat-value')).toHaveText('2');
  await expect(sarahPage.getByRole('listitem', { name: number })).toBeVisible();
  await expect(sarahPage.getByRole('listitem', { name: bookingNumber })).toBeVisible();
  // Once she has returned the device the pickup is finished work: Assigned counts only what is still open.
  for (const status of ['picked_up', 'in_repair', 'ready', 'returned']) {
    await sarahApi.expect(sarahApi.post(`/api/agent/repairs/${bookingNumber}/status`, { status }));
  }
  await sarahPage.reload();
  await expect(assigned.getByTestId('stat-value')).toHaveText('1');
  await expect(assigned.getByText('1 trade-in, 0 pickups', { exact: true })).toBeVisible();
  await expect(sarahPage.getByRole('group', { name: 'Completed' }).getByTestId('stat-value')).toHaveText('1');
  await sarahContext.close();
  await visitor.close();

  // Michael comes back, with his own username.
  await card.getByRole('button', { name: 'Reactivate' }).click();
  await page
    .getByRole('dialog', { name: `Reactivate ${michael.name}?` })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByText('Agent reactivated: they can sign in again')).toBeVisible();
  await expect(card.getByText('active', { exact: true })).toBeVisible();
  const back = await browser.newContext({ baseURL });
  await signInStaff(new Api(back.request), { username: michael.username, password: PASSWORD });
  await back.close();
});

test("the Edit dialog's status deactivates the same way, handing the work over, and reactivates", async ({
  page,
  api,
  admin,
  signInAs,
}) => {
  const id = uniqueId();
  const name = `Michael Dlamini ${id}`;
  const agentId = (await newAgent(admin, name, `michael.${id}`)).id;
  await newAgent(admin, `Sarah Naidoo ${id}`, `sarah.${id}`);
  const number = await assignedTablet(api, admin, agentId, `seller.${id}@example.co.za`);
  await signInAs('admin');
  await page.goto(`/admin?tab=agents&q=michael.${id}`);
  const card = page.getByRole('listitem', { name });

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Agent' });
  await edit.getByLabel('Status').selectOption('Inactive');
  await expect(edit.getByRole('region', { name: 'Open trade-ins' })).toContainText(number);
  await edit.getByLabel('Spread over the least-loaded active agents').check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Agent updated successfully')).toBeVisible();
  await expect(card.getByText('inactive', { exact: true })).toBeVisible();
  const work = await admin.expect<AgentOpenWork>(admin.get(`/api/admin/agents/${agentId}/open-work`));
  expect(work.tradeIns).toEqual([]);

  await card.getByRole('button', { name: 'Edit' }).click();
  await edit.getByLabel('Status').selectOption('Active');
  await expect(edit.getByRole('region', { name: 'Open trade-ins' })).toBeHidden();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('active', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Agents tab and the Deactivate dialog fit a 375 px screen', async ({ page, api, admin, signInAs }) => {
    const id = uniqueId();
    const name = `Michael Dlamini ${id}`;
    const agentId = (await newAgent(admin, name, `michael.${id}`)).id;
    await assignedTablet(api, admin, agentId, `seller.${id}@example.co.za`);
    await signInAs('admin');
    await page.goto(`/admin?tab=agents`);
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto(`/admin?tab=agents&q=michael.${id}`);
    await page
      .getByRole('listitem', { name })
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await expect(dialog.getByRole('region', { name: 'Open trade-ins' })).toBeVisible();
    await dialog.getByLabel('Spread over the least-loaded active agents').check();
    await expect(dialog.getByRole('combobox', { name: 'Agent' })).toBeHidden();
    // The rule the server applies: an agent's slot takes as many pickups as one slot takes, not one.
    await expect(
      dialog.getByText(
        'A pickup goes to another agent when the chosen one already has as many pickups in its slot as one slot takes.',
      ),
    ).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test("a long unbroken customer name wraps on the agent's pickup card instead of widening the page", async ({
    browser,
    baseURL,
    api,
    admin,
  }) => {
    const id = uniqueId();
    const username = `lindiwe.${id}`;
    const agentId = (await newAgent(admin, `Lindiwe Zulu ${id}`, username)).id;
    const longName = `Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft${id}`;
    const bookingNumber = await pickupFor(api, admin, agentId, { email: `long.${id}@example.co.za`, name: longName });
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    const phone = await context.newPage();
    await signInStaff(new Api(context.request), { username, password: PASSWORD });
    await phone.goto('/agent-dashboard');
    const card = phone.getByRole('listitem', { name: bookingNumber });
    await expect(card.getByText(longName, { exact: false })).toBeVisible();
    expect(await noSidewaysScroll(phone)).toBe(true);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
