import type { Device, DeviceListReply } from '../../src/shared/catalog';
import { formatAmount } from '../../src/shared/money';
import type { PagedReply } from '../../src/shared/paging';
import type { AdminAgent } from '../../src/shared/agents';
import { expectNoAxeViolations } from './axe';
import { Api, E2E_AGENT as AGENT, expect, placePaidOrder, test, uniqueId } from './fixtures';
import { acceptOfferByEmail } from './sell-form';

// From bought to sold: a trade-in the store paid for is listed from the Transactions tab, a shopper buys it
// (the device page saying where it came from, never who sold it), and the Reports tab shows what it earned.

const WIDTHS = {
  '1280 px': { viewport: { width: 1280, height: 800 }, brand: 'Microsoft' },
  '375 px': { viewport: { width: 375, height: 740 }, brand: 'Huawei' },
};

/** A tablet bought from a seller in Cape Town for R3,000: offered, accepted and paid out through the API. */
async function paidTradeIn(api: Api, admin: Api, agent: Api, brand: string, model: string) {
  const email = `stock.${uniqueId()}@example.com`;
  const { transactionNumber: number } = await api.expect<{ transactionNumber: string }>(
    api.postAsShopper('/api/trade-ins', {
      deviceType: 'tablet',
      brand,
      model,
      condition: 'excellent',
      storage: '128GB',
      customerName: 'Naledi Mokoena',
      address: '8 Kloof Street, Cape Town',
      contactPhone: '082 555 0142',
      contactEmail: email,
      isOwner: true,
    }),
    201,
  );
  const { items } = await admin.expect<PagedReply<AdminAgent>>(
    admin.get(`/api/admin/agents?q=${encodeURIComponent(AGENT.username)}`),
  );
  const agentId = items.find((a) => a.username === AGENT.username)!.id;
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/confirm`));
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/assign`, { agentId }));
  await agent.expect(
    agent.post(`/api/agent/trade-ins/${number}/offer`, { amount: 3000, notes: 'Like new', confirmOutOfRange: true }),
  );
  await acceptOfferByEmail(api, email, number);
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/mark-paid`, { payoutReference: `EFT-${uniqueId()}` }));
  return number;
}

for (const [width, { viewport, brand }] of Object.entries(WIDTHS)) {
  test.describe(`at ${width}`, () => {
    test.use({ viewport });

    test('a paid trade-in is listed, a shopper buys it, and the Reports tab shows its margin', async ({
      page,
      api,
      admin,
      staffApi,
      signInAs,
    }) => {
      test.setTimeout(120_000);
      const model = `Surface ${uniqueId()}`;
      const number = await paidTradeIn(api, admin, await staffApi('agent'), brand, model);
      await signInAs('admin');

      // The admin lists it from its Transactions row: the form comes filled in, priced at the payout plus the margin.
      await page.goto(`/admin?tab=transactions&q=${number}`);
      await page.getByRole('listitem', { name: number }).getByRole('button', { name: 'List for sale' }).click();
      const dialog = page.getByRole('dialog', { name: 'List for sale' });
      await expect(dialog.getByLabel('Model')).toHaveValue(model);
      await expect(dialog.getByLabel('Condition')).toHaveValue('Excellent');
      await expect(dialog.getByLabel('Town shown to shoppers')).toHaveValue('Cape Town');
      await expect(dialog.getByText(/paid .*3,000 plus 35%/)).toBeVisible();
      await expectNoAxeViolations(page, 'the List for sale dialog');
      await dialog.getByLabel('Price', { exact: true }).fill('4500');
      await dialog.getByRole('button', { name: 'List for sale' }).click();
      await expect(page.getByText('Listed for sale')).toBeVisible();
      await expect(page.getByRole('listitem', { name: number }).getByText('Listed')).toBeVisible();

      // The shopper sees where it came from, and buys it.
      const { items } = await api.expect<DeviceListReply>(api.get(`/api/devices?q=${encodeURIComponent(model)}`));
      const device = items.find((d) => d.model === model) as Device;
      await page.goto(`/device/${device.id}`);
      await expect(page.getByText('Bought from a customer in Cape Town and checked by our technician')).toBeVisible();
      await expect(page.getByText('8 Kloof Street')).toHaveCount(0);
      await expectNoAxeViolations(page, 'the device page of a bought device');
      await placePaidOrder(api, device);

      // The Reports tab: the tablet sold for R4,500, cost R3,000, margin R1,500.
      await page.goto('/admin?tab=reports');
      const row = page.getByRole('row', { name: new RegExp(`^${brand} tablet`) });
      await expect(row.getByRole('cell')).toHaveText([
        '1',
        new RegExp(formatAmount(4500)),
        new RegExp(formatAmount(3000)),
        new RegExp(formatAmount(1500)),
      ]);
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        /reports\/export\.csv\?from=/,
      );
      await expectNoAxeViolations(page, 'the Reports tab');
    });
  });
}
