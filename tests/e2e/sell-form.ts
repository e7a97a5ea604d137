import type { Page } from '@playwright/test';
import type { Api } from './fixtures';
import { emailTo, linkIn, tokenOf } from './mailbox';

/** Fills the Device Details form as a seller would, with a tested email of their own. */
export async function fillPhone(page: Page, email: string) {
  await page.getByLabel(/^Device Type/).selectOption('phone');
  await page.getByLabel(/^Brand/).selectOption('Samsung');
  await page.getByLabel(/^Model/).fill('Galaxy S22');
  await page.getByLabel(/^Condition/).selectOption('good');
  await page.getByLabel(/^Storage/).selectOption('256GB');
  await page.getByLabel(/^RAM/).selectOption('8GB');
  await page.getByLabel(/^Color/).fill('Phantom Black');
  await page.getByLabel(/^Accessories/).fill('Box and charger');
  await page.getByLabel(/^Description/).fill('One small scratch on the back.');
  await page.getByLabel(/^IMEI/).fill('490154203237518');
  await page.getByLabel(/^Full Name/).fill('Sipho Dlamini');
  await page.getByLabel(/^Address/).fill('12 Long Street, Cape Town');
  await page.getByLabel(/^Contact Phone/).fill('082 555 0199');
  await page.getByLabel(/^Contact Email/).fill(email);
  await page.getByLabel('I am the owner of this device').check();
}

/** A seller's iPad Air trade-in (POST /api/trade-ins from an address of its own): its number. */
export async function submitTablet(api: Api, email: string, customerName = 'Naledi Mokoena'): Promise<string> {
  const { transactionNumber } = await api.expect<{ transactionNumber: string }>(
    api.postAsShopper('/api/trade-ins', {
      deviceType: 'tablet',
      brand: 'Apple',
      model: 'iPad Air',
      condition: 'excellent',
      customerName,
      address: '8 Kloof Street, Cape Town',
      contactPhone: '082 555 0142',
      contactEmail: email,
      isOwner: true,
    }),
    201,
  );
  return transactionNumber;
}

/** submitTablet, then confirmed and assigned to the agent by the admin. */
export async function assignedTablet(api: Api, admin: Api, agentId: string, email: string): Promise<string> {
  const number = await submitTablet(api, email);
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/confirm`));
  await admin.expect(admin.post(`/api/admin/trade-ins/${number}/assign`, { agentId }));
  return number;
}

/** The bank account acceptOfferByEmail's seller names for the payout. */
export const SELLER_ACCOUNT = {
  accountHolder: 'Naledi Mokoena',
  bankName: 'Capitec',
  accountNumber: '1234567890',
  branchCode: '470010',
};

/** The seller accepts the offer on trade-in `number` from its email's Accept Offer link, with `account` for the payout. */
export async function acceptOfferByEmail(api: Api, email: string, number: string, account = SELLER_ACCOUNT) {
  const offer = await emailTo(email, new RegExp(`Your offer for ${number}`));
  await api.expect(
    api.post(`/api/trade-ins/${number}/accept`, { token: tokenOf(linkIn(offer, 'Accept Offer')), ...account }),
  );
}

/** The seller declines the offer on trade-in `number` from its email's Decline Offer link. */
export async function declineOfferByEmail(api: Api, email: string, number: string) {
  const offer = await emailTo(email, new RegExp(`Your offer for ${number}`));
  await api.expect(
    api.post(`/api/trade-ins/${number}/decline`, { token: tokenOf(linkIn(offer, 'Decline Offer')), reason: 'Too low' }),
  );
}
