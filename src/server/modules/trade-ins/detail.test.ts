import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SellFormInput } from '../../../shared/sell-form';
import type { TradeInDetail } from '../../../shared/trade-in-detail';
import { auditLog, tradeInImages, tradeIns } from '../../db/schema';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { nextAddress } from '../../../../tests/support/checkout';
import { TINY_WEBP } from '../../../../tests/support/devices';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { emailsAbout } from '../../../../tests/support/mail';
import { sellForm } from '../../../../tests/support/sell-form';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn, offerLinkToken, useTradeInTeam } from '../../../../tests/support/trade-ins';

/* The staff's detail view of a trade-in, revealing its payout account, and paying it (decision 044). */

const t = useTestApp();
const team = useTradeInTeam(t);

const PHOTO = `data:image/webp;base64,${TINY_WEBP.toString('base64')}`;
const bank = { accountHolder: 'Lindiwe Dube', bankName: 'FNB', accountNumber: '62 1234 5678', branchCode: '250655' };
const NOT_FOUND = {
  code: 'TRADE_IN_NOT_FOUND',
  message: 'Transaction Not Found - No transaction found with this number.',
};

const post = (cookie: string | undefined, path: string, body: unknown = {}) =>
  send(t.app, 'POST', path, { body, cookie, headers: { 'x-forwarded-for': nextAddress() } });
const get = (cookie: string | undefined, path: string) => send(t.app, 'GET', path, { cookie });
const expectOk = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
/** The detail at `path` as `cookie`'s holder reads it, matching `expected`. */
async function expectDetail(cookie: string, path: string, expected: Partial<TradeInDetail>): Promise<TradeInDetail> {
  const res = await get(cookie, path);
  expectOk(res);
  const detail = res.json() as TradeInDetail;
  expect(detail).toMatchObject(expected);
  return detail;
}

async function sell(overrides: Partial<SellFormInput> = {}, cookie?: string): Promise<string> {
  t.clock.advance(1000);
  const res = await post(cookie, '/api/trade-ins', sellForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transactionNumber as string;
}

/** Confirmed and assigned to `agent`, then offered on by them. */
async function offered(number: string, amount = 8000) {
  expectOk(await post(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`));
  expectOk(await post(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id }));
  expectOk(
    await post(team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, {
      amount,
      notes: 'Battery at 88%',
      confirmOutOfRange: true,
    }),
  );
}

/** Offered on and accepted through the offer email's link into `bank`: Awaiting Payment. */
async function awaitingPayment(overrides: Partial<SellFormInput> = {}) {
  const number = await sell(overrides);
  await offered(number);
  expectOk(
    await post(undefined, `/api/trade-ins/${number}/accept`, { token: await offerLinkToken(t, number), ...bank }),
  );
  return number;
}

const reveal = (cookie: string, number: string) => post(cookie, `/api/admin/trade-ins/${number}/payout-account/reveal`);
const markPaid = (cookie: string, number: string, body: unknown) =>
  post(cookie, `/api/admin/trade-ins/${number}/mark-paid`, body);
const revealsOf = (number: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, number), eq(auditLog.action, 'trade_in.reveal_payout_account')));

describe('GET /api/admin/trade-ins/:number', () => {
  it('shows the admin all the seller entered, the quote worked out, the offer, the history by name and the audit entries', async () => {
    const { cookie } = await signUpCustomer(t, { firstName: 'Thandi', lastName: 'Nkosi' });
    const number = await sell({ imei: '490154203237518', photos: [PHOTO, PHOTO] }, cookie);
    await offered(number);
    const detail = await expectDetail(team.adminCookie, `/api/admin/trade-ins/${number}`, {
      transactionNumber: number,
      status: 'Offer Made',
      deviceType: 'phone',
      brand: 'Apple',
      model: 'iPhone 13',
      storage: '128GB',
      ram: '4GB',
      color: 'Midnight',
      condition: 'good',
      accessories: 'Box and charger',
      description: 'Small scratch on the back',
      imei: '490154203237518',
      address: '12 Long Street, Cape Town',
      customerPhone: '+27 82 555 0199',
      customerEmail: 'lindiwe@example.com',
      // The name the form sent (a signed-in seller's is only its starting value).
      customerName: 'Lindiwe Dube',
      offeredAmount: 8000,
      assessmentNotes: 'Battery at 88%',
      declineReason: null,
      agentName: 'Sarah Mitchell',
      payout: null,
    });
    expect(detail.photos).toEqual([0, 1].map((i) => `/api/admin/trade-ins/${number}/photos/${i}`));
    // Apple phones: R9,450 like new at 64GB, up R1,400 to 128GB, down R1,600 to good.
    expect(detail.quote).toEqual({
      estimatedValue: 9250,
      breakdown: {
        base: { storage: '64GB', amount: 9450 },
        storageAdjustment: 1400,
        conditionAdjustment: -1600,
        total: 9250,
      },
    });
    expect(detail.statusHistory.map((step) => [step.status, step.by])).toEqual([
      ['Awaiting Confirmation', 'Seller (Thandi Nkosi)'],
      ['Confirmed', 'QuickBuy Admin'],
      ['Assigned to Agent', 'QuickBuy Admin'],
      ['Offer Made', 'Sarah Mitchell'],
    ]);
    expect(detail.audit.map((entry) => [entry.action, entry.actor.name, entry.actor.role])).toEqual([
      ['trade_in.confirm', 'QuickBuy Admin', 'admin'],
      ['trade_in.assign', 'QuickBuy Admin', 'admin'],
      ['trade_in.offer', 'Sarah Mitchell', 'agent'],
    ]);
    expect(detail.audit[2]!.after).toMatchObject({ offeredAmount: 8000 });
  });

  it("names a guest seller 'Seller', leaves the breakdown out when the seller left details open, and keeps the decline reason", async () => {
    const number = await sell({ brand: '', storage: '', condition: '' });
    await offered(number);
    const token = await offerLinkToken(t, number);
    expectOk(await post(undefined, `/api/trade-ins/${number}/decline`, { token, reason: 'Found a better price' }));
    const detail = (await get(team.adminCookie, `/api/admin/trade-ins/${number}`)).json() as TradeInDetail;
    expect(detail.quote.breakdown).toBeNull();
    expect(detail.declineReason).toBe('Found a better price');
    expect(detail.statusHistory[0]!.by).toBe('Seller');
    expect(detail.statusHistory.at(-1)).toMatchObject({ status: 'Offer Declined', by: 'Seller' });
  });

  it('shows the payout account by its last four digits, and who paid under which reference', async () => {
    const number = await awaitingPayment();
    const before = (await get(team.adminCookie, `/api/admin/trade-ins/${number}`)).json() as TradeInDetail;
    expect(before.payout).toEqual({
      accountHolder: 'Lindiwe Dube',
      bankName: 'FNB',
      branchCode: '250655',
      accountEnding: '5678',
      payoutReference: null,
      paidAt: null,
      paidBy: null,
    });
    expect(JSON.stringify(before)).not.toContain('6212345678');
    expectOk(await markPaid(team.adminCookie, number, { payoutReference: 'EFT-778' }));
    const after = (await get(team.adminCookie, `/api/admin/trade-ins/${number}`)).json() as TradeInDetail;
    expect(after.payout).toMatchObject({
      payoutReference: 'EFT-778',
      paidBy: 'QuickBuy Admin',
      paidAt: expect.any(String),
    });
  });

  it('answers an unknown number with 404 and is the admin alone', async () => {
    expectError(await get(team.adminCookie, '/api/admin/trade-ins/TXN0000000000000999'), 404, NOT_FOUND);
    const number = await sell();
    expect((await get(undefined, `/api/admin/trade-ins/${number}`)).statusCode).toBe(401);
    expect((await get(team.agent.cookie, `/api/admin/trade-ins/${number}`)).statusCode).toBe(403);
    const { cookie } = await signUpCustomer(t);
    expect((await get(cookie, `/api/admin/trade-ins/${number}`)).statusCode).toBe(403);
  });
});

describe('GET /api/agent/trade-ins/:number', () => {
  it('shows the assigned agent the detail, with the audit entries but not their values, and no payout account', async () => {
    const number = await awaitingPayment({ photos: [PHOTO] });
    const detail = await expectDetail(team.agent.cookie, `/api/agent/trade-ins/${number}`, {
      transactionNumber: number,
      description: 'Small scratch on the back',
      accessories: 'Box and charger',
      customerPhone: '+27 82 555 0199',
      address: '12 Long Street, Cape Town',
      payout: null,
    });
    expect(detail.photos).toEqual([`/api/agent/trade-ins/${number}/photos/0`]);
    expect(detail.audit.map((entry) => entry.action)).toContain('trade_in.accept');
    for (const entry of detail.audit) {
      expect(entry).toMatchObject({ before: null, after: null, details: null, ip: null });
      expect(entry.actor.email).toBeNull();
    }
    expect(JSON.stringify(detail)).not.toContain('5678');
  });

  it("answers another agent's trade-in, an unassigned one and an unknown number alike with 404", async () => {
    const number = await sell();
    await offered(number);
    const theirs = await get(team.otherAgent.cookie, `/api/agent/trade-ins/${number}`);
    expectError(theirs, 404, NOT_FOUND);
    const unassigned = await sell();
    expectError(await get(team.agent.cookie, `/api/agent/trade-ins/${unassigned}`), 404, NOT_FOUND);
    const unknown = await get(team.agent.cookie, '/api/agent/trade-ins/TXN0000000000000999');
    expect(unknown.body).toBe(theirs.body);
  });

  it('is the agent alone: the customer who sold it is refused', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await sell({}, cookie);
    expect((await get(cookie, `/api/agent/trade-ins/${number}`)).statusCode).toBe(403);
    expect((await get(undefined, `/api/agent/trade-ins/${number}`)).statusCode).toBe(401);
  });
});

describe("GET /api/admin/trade-ins/:number/photos/:position, and the agent's", () => {
  /** A trade-in with one photo, assigned to `agent`, and the photo's image id. */
  async function withPhoto() {
    const number = await sell({ photos: [PHOTO] });
    await offered(number);
    const [link] = await t.db
      .select({ imageId: tradeInImages.imageId })
      .from(tradeInImages)
      .innerJoin(tradeIns, eq(tradeIns.id, tradeInImages.tradeInId))
      .where(eq(tradeIns.transactionNumber, number));
    return { number, imageId: link!.imageId };
  }

  it('serves the photo to the admin and the assigned agent, privately, whole or at a width', async () => {
    const { number } = await withPhoto();
    for (const [cookie, path] of [
      [team.adminCookie, `/api/admin/trade-ins/${number}/photos/0`],
      [team.agent.cookie, `/api/agent/trade-ins/${number}/photos/0`],
    ] as const) {
      const res = await get(cookie, path);
      expectOk(res);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=300');
      expect(res.rawPayload.length).toBeGreaterThan(0);
      expect((await get(cookie, `${path}?w=160`)).statusCode).toBe(200);
    }
  });

  it('is refused to another agent and an unknown place (404), a customer (403), and /images/ never serves it', async () => {
    const { number, imageId } = await withPhoto();
    const missing = { code: 'IMAGE_NOT_FOUND', message: 'Image not found' };
    expectError(await get(team.otherAgent.cookie, `/api/agent/trade-ins/${number}/photos/0`), 404, NOT_FOUND);
    expectError(await get(team.adminCookie, `/api/admin/trade-ins/${number}/photos/1`), 404, missing);
    expect((await get(team.adminCookie, `/api/admin/trade-ins/${number}/photos/9`)).statusCode).toBe(400);
    const { cookie } = await signUpCustomer(t);
    expect((await get(cookie, `/api/admin/trade-ins/${number}/photos/0`)).statusCode).toBe(403);
    expectError(await get(undefined, `/images/${imageId}`), 404, missing);
    expectError(await get(undefined, `/images/${imageId}?w=160`), 404, missing);
  });
});

describe('POST /api/admin/trade-ins/:number/payout-account/reveal', () => {
  it('gives the admin the whole account number and writes who revealed which account to the audit log', async () => {
    const number = await awaitingPayment();
    const res = await reveal(team.adminCookie, number);
    expectOk(res);
    expect(res.json()).toEqual({ accountNumber: '6212345678' });
    const [entry, ...more] = await revealsOf(number);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorRole: 'admin',
      entityType: 'trade_in',
      entityId: number,
      details: { bankName: 'FNB', accountEnding: '5678' },
    });
    expect(JSON.stringify(entry)).not.toContain('6212345678');
    const detail = (await get(team.adminCookie, `/api/admin/trade-ins/${number}`)).json() as TradeInDetail;
    expect(detail.audit.at(-1)).toMatchObject({
      action: 'trade_in.reveal_payout_account',
      actor: { name: 'QuickBuy Admin' },
    });
  });

  it('is refused to an agent (even the assigned one) and a customer, and nothing is written', async () => {
    const number = await awaitingPayment();
    expect((await reveal(team.agent.cookie, number)).statusCode).toBe(403);
    const { cookie } = await signUpCustomer(t);
    expect((await reveal(cookie, number)).statusCode).toBe(403);
    expect(await revealsOf(number)).toHaveLength(0);
  });

  it('is refused with 409 outside Awaiting Payment (before the offer is accepted, once paid), and 404 for an unknown number', async () => {
    const early = await sell();
    await offered(early);
    expectError(await reveal(team.adminCookie, early), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Offer Made; the payout account is shown in full only while Awaiting Payment',
    });
    const paid = await awaitingPayment();
    expectOk(await markPaid(team.adminCookie, paid, { payoutReference: 'EFT-1' }));
    expect((await reveal(team.adminCookie, paid)).statusCode).toBe(409);
    expect([...(await revealsOf(early)), ...(await revealsOf(paid))]).toHaveLength(0);
    expectError(await reveal(team.adminCookie, 'TXN0000000000000999'), 404, NOT_FOUND);
  });
});

describe('a trade-in awaiting payment with no payout account on record', () => {
  it('shows no account, refuses the reveal with 404 saying so, and still pays with a reference', async () => {
    const row = await insertTradeIn(t, { status: 'Awaiting Payment', agentId: team.agent.id, offeredAmount: 4200 });
    const number = row.transactionNumber;
    const detail = (await get(team.adminCookie, `/api/admin/trade-ins/${number}`)).json() as TradeInDetail;
    expect(detail.payout).toBeNull();
    expectError(await reveal(team.adminCookie, number), 404, {
      code: 'PAYOUT_ACCOUNT_NOT_FOUND',
      message: 'No payout account is on record for this trade-in',
    });
    expect(await revealsOf(number)).toHaveLength(0);
    expectFieldError(
      await markPaid(team.adminCookie, number, {}),
      400,
      'VALIDATION_FAILED',
      'payoutReference',
      'Payout reference is required',
    );
    expectOk(await markPaid(team.adminCookie, number, { payoutReference: 'CASH-12' }));
    const [email] = await emailsAbout(t, number, 'trade_in_paid');
    expect(email!.text).toContain('We paid R4,200.');
    expect(email!.text).toContain('Payout reference: CASH-12');
  });
});

describe('POST /api/admin/trade-ins/:number/mark-paid: the seller is told', () => {
  it('emails the seller the amount, the account it went to and the payout reference', async () => {
    const number = await awaitingPayment();
    expectOk(await markPaid(team.adminCookie, number, { payoutReference: 'EFT-20261126-07' }));
    const emails = await emailsAbout(t, number, 'trade_in_paid');
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.to).toBe('lindiwe@example.com');
    for (const body of [email!.text, email!.html]) {
      expect(body).toContain('R8,000');
      expect(body).toContain('FNB account ending 5678');
      expect(body).toContain('Payout reference: EFT-20261126-07');
    }
  });

  it('refuses a missing or blank reference under its field, and a trade-in not awaiting payment with 409', async () => {
    const number = await awaitingPayment();
    for (const body of [{}, { payoutReference: '   ' }]) {
      expectFieldError(
        await markPaid(team.adminCookie, number, body),
        400,
        'VALIDATION_FAILED',
        'payoutReference',
        'Payout reference is required',
      );
    }
    const early = await sell();
    expectError(await markPaid(team.adminCookie, early, { payoutReference: 'EFT-9' }), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Awaiting Confirmation; it can only be marked paid from Awaiting Payment',
    });
  });
});
