import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SellFormInput } from '../../../shared/sell-form';
import { TRACK_MESSAGES, type TrackReply } from '../../../shared/tracking';
import { OFFER_LINK_DAYS, type StaffTradeIn, type TrackedTradeIn } from '../../../shared/trade-ins';
import {
  auditLog,
  images,
  outboxEmails,
  tradeInImages,
  tradeInPayouts,
  tradeInQuotes,
  tradeIns,
  tradeInStatusHistory,
  users,
} from '../../db/schema';
import { createAgent, signUpCustomer } from '../../../../tests/support/accounts';
import { nextAddress, placed } from '../../../../tests/support/checkout';
import { insertDevices, TINY_WEBP } from '../../../../tests/support/devices';
import { bookFor } from '../../../../tests/support/repairs';
import { downloadCsv } from '../../../../tests/support/csv';
import { sellForm } from '../../../../tests/support/sell-form';
import { expectError, expectFieldError, storingNothing } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { linkTokenIn, offerLinkToken, useTradeInTeam } from '../../../../tests/support/trade-ins';
import { NEW_LINK_MS } from './routes';

const t = useTestApp();
const team = useTradeInTeam(t);

function submit(body: unknown, cookie?: string, address = nextAddress()) {
  t.clock.advance(1000);
  return send(t.app, 'POST', '/api/trade-ins', { body, cookie, headers: { 'x-forwarded-for': address } });
}

async function sell(overrides: Partial<SellFormInput> = {}, cookie?: string): Promise<string> {
  const res = await submit(sellForm(overrides), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transactionNumber as string;
}

const rowOf = async (number: string) =>
  (await t.db.select().from(tradeIns).where(eq(tradeIns.transactionNumber, number)))[0]!;

const historyOf = async (number: string) => {
  const row = await rowOf(number);
  return t.db
    .select()
    .from(tradeInStatusHistory)
    .where(eq(tradeInStatusHistory.tradeInId, row.id))
    .orderBy(tradeInStatusHistory.createdAt, tradeInStatusHistory.id);
};

const emailsOf = (number: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, number));

/** The one email of this kind about the trade-in (several share the test clock's moment, so not by order). */
const emailOf = async (number: string, kind: string) => {
  const found = (await emailsOf(number)).filter((e) => e.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]!;
};

const auditOf = (number: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.entityId, number)).orderBy(auditLog.id);

/** The trade-in's newest history entry and newest audit record, each matching what is given. */
/** A move's reply: 200 with its message and the trade-in as it now stands. */
const expectMoved = (res: LightMyRequestResponse, message: string, tradeIn: object) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ message, tradeIn });
};

const expectLatestStep = async (number: string, latest: { history: object; audit: object }) => {
  expect((await historyOf(number)).at(-1)).toMatchObject(latest.history);
  expect((await auditOf(number)).at(-1)).toMatchObject(latest.audit);
};

/** All a refused answer could have changed about a trade-in: compared before and after, they must be equal. */
const everythingAbout = async (number: string) => {
  const row = await rowOf(number);
  return {
    status: row.status,
    payouts: await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id)),
    history: await historyOf(number),
    audit: await auditOf(number),
    outbox: (await emailsOf(number)).map((e) => e.id).sort(),
  };
};

const tradeInsInDatabase = async () => (await t.db.select({ id: tradeIns.id }).from(tradeIns)).length;

const staff = (cookie: string, path: string, body: unknown = {}) => send(t.app, 'POST', path, { body, cookie });

/** Moves a new trade-in to 'Offer Made' through the staff routes; returns the token of the offer email's links. */
async function offered(number: string, amount = 5000, notes = 'Battery at 88%') {
  expect((await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(200);
  expect(
    (await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id })).statusCode,
  ).toBe(200);
  const res = await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount, notes });
  expect(res.statusCode, res.body).toBe(200);
  return linkTokenIn(await emailOf(number, 'trade_in_offer'));
}

/** The one reply to a number that finds nothing (spec 001 'Transaction Not Found'). */
const TRADE_IN_NOT_FOUND = {
  code: 'TRADE_IN_NOT_FOUND',
  message: 'Transaction Not Found - No transaction found with this number.',
};
const bank = { accountHolder: 'Lindiwe Dube', bankName: 'FNB', accountNumber: '62 1234 5678', branchCode: '250655' };
/** Where a stranger would have the payout go. */
const malloryBank = {
  accountHolder: 'Mallory',
  bankName: 'Nedbank',
  accountNumber: '1122334455',
  branchCode: '198765',
};

/** The seller's routes as the track page calls them, each from an address of its own (the routes limit one address). */
const bySeller = (method: 'POST' | 'PUT', path: string, body: unknown, cookie?: string) =>
  send(t.app, method, path, { body, cookie, headers: { 'x-forwarded-for': nextAddress() } });
const accept = (number: string, body: unknown, cookie?: string) =>
  bySeller('POST', `/api/trade-ins/${number}/accept`, body, cookie);
const decline = (number: string, body: unknown, cookie?: string) =>
  bySeller('POST', `/api/trade-ins/${number}/decline`, body, cookie);
const changePayout = (number: string, body: unknown, cookie?: string) =>
  bySeller('PUT', `/api/trade-ins/${number}/payout`, body, cookie);
const askForLink = (number: string) => bySeller('POST', `/api/trade-ins/${number}/link`, {});

/** A new trade-in's offer accepted through the offer email's link (into `bank`); returns the link's token. */
async function accepted(number: string) {
  const token = await offered(number);
  const res = await accept(number, { token, ...bank });
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

/** A signed-in seller's trade-in brought along by `reach`, another customer signed in, and all about it before they act. */
async function signedInSellers(reach: (number: string) => Promise<string>) {
  const seller = await signUpCustomer(t);
  const number = await sell({}, seller.cookie);
  await reach(number);
  const other = await signUpCustomer(t);
  return { number, cookie: seller.cookie, otherCookie: other.cookie, before: await everythingAbout(number) };
}

const payoutsOf = async (number: string) =>
  t.db
    .select()
    .from(tradeInPayouts)
    .where(eq(tradeInPayouts.tradeInId, (await rowOf(number)).id));

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Runs `work` with the clock `ms` ahead, then puts it back, so the staff sessions of the file stay fresh. */
async function later(ms: number, work: () => Promise<void>) {
  const now = t.clock.now();
  t.clock.advance(ms);
  try {
    await work();
  } finally {
    t.clock.set(now);
  }
}

/** The refusals of a seller's action without the proof: none, a link that is not the newest, an expired one. */
const LINK_REQUIRED = {
  code: 'FORBIDDEN',
  message:
    'This needs the link from the email we sent you about this trade-in, or sign in as the seller. Lost the email? We can send you a new link.',
};
const LINK_INVALID = {
  code: 'FORBIDDEN',
  message: 'This link is no longer valid: use the newest link we emailed you, or ask for a new link.',
};
const LINK_EXPIRED = {
  code: 'FORBIDDEN',
  message: 'This link has expired: ask for a new link and we will email it to you.',
};

describe('POST /api/trade-ins', () => {
  it('stores every field as Awaiting Confirmation with its first history entry and the estimate', async () => {
    const res = await submit(sellForm({ imei: '490154203237518' }));
    expect(res.statusCode).toBe(201);
    const reply = res.json();
    expect(reply.transactionNumber).toMatch(/^TXN\d{13}\d{1,3}$/);
    expect(reply).toMatchObject({ status: 'Awaiting Confirmation', estimatedValue: expect.any(Number) });
    const { contactPhone: _phone, contactEmail, ...device } = sellForm();
    expect(await rowOf(reply.transactionNumber)).toMatchObject({
      ...device,
      customerPhone: '+27 82 555 0199',
      customerEmail: contactEmail,
      imei: '490154203237518',
      customerId: null,
      status: 'Awaiting Confirmation',
      estimatedValue: reply.estimatedValue,
    });
    expect((await historyOf(reply.transactionNumber)).map((h) => [h.status, h.description])).toEqual([
      ['Awaiting Confirmation', 'Device details submitted for review'],
    ]);
  });

  it('takes the next millisecond when every number of this one is taken', async () => {
    t.clock.advance(1000);
    const ms = t.clock.now().getTime();
    const taken = Array.from({ length: 1000 }, (_, n) => ({
      transactionNumber: `TXN${ms}${n}`,
      customerEmail: 'taken@example.com',
      customerPhone: '+27 82 555 0100',
      address: 'Taken',
      deviceType: 'phone',
      model: 'Taken',
      isOwner: true,
      estimatedValue: 2000,
      createdAt: t.clock.now(),
    }));
    await t.db.insert(tradeIns).values(taken);
    const res = await send(t.app, 'POST', '/api/trade-ins', {
      body: sellForm(),
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().transactionNumber).toMatch(new RegExp(`^TXN${ms + 1}\\d{1,3}$`));
  });

  it('queues a confirmation email with the number, the estimate and the tracking link', async () => {
    const number = await sell();
    const email = await emailOf(number, 'trade_in_submitted');
    const { estimatedValue } = await rowOf(number);
    expect(email.to).toBe('lindiwe@example.com');
    expect(email.text).toContain(`Your transaction number is ${number}.`);
    expect(email.text).toContain(
      `Estimated value: R${estimatedValue.toLocaleString('en-US')} (final offer after inspection).`,
    );
    expect(email.text).toContain(`http://localhost:3000/track?number=${number}`);
  });

  it('quotes from the table: the same device the same figure, a worse condition less, unstated details the lowest', async () => {
    const first = await submit(sellForm());
    const second = await submit(sellForm({ color: 'Red', contactEmail: 'other@example.com' }));
    const poor = await submit(sellForm({ condition: 'poor' }));
    const vague = await submit(sellForm({ brand: '', storage: '', condition: '' }));
    const phones = await t.db.select().from(tradeInQuotes).where(eq(tradeInQuotes.deviceType, 'phone'));
    const quote = phones.find((q) => q.brand === 'Apple' && q.storage === '128GB' && q.condition === 'good');
    const lowest = { amount: Math.min(...phones.map((q) => q.amount)) };
    expect(first.json().estimatedValue).toBe(quote!.amount);
    expect(second.json().estimatedValue).toBe(quote!.amount);
    expect(poor.json().estimatedValue).toBeLessThan(quote!.amount);
    expect(vague.json().estimatedValue).toBe(lowest!.amount);
  });

  it('seeds figures within the spec range for every type, brand, storage and condition', async () => {
    const amounts = (await t.db.select().from(tradeInQuotes)).map((q) => q.amount);
    expect(amounts).toHaveLength(320);
    expect(Math.min(...amounts)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...amounts)).toBeLessThanOrEqual(16999);
  });

  it('links the trade-in to the signed-in customer, under the name the form gives', async () => {
    const { cookie, user } = await signUpCustomer(t);
    const number = await sell({ customerName: 'Thandi N. Nkosi' }, cookie);
    expect(await rowOf(number)).toMatchObject({ customerId: user.id, customerName: 'Thandi N. Nkosi' });
  });

  it("stores a guest seller's name and shows it to staff and in the Transactions export", async () => {
    const number = await sell({ customerName: '  Sipho Dlamini ' });
    expect(await rowOf(number)).toMatchObject({ customerId: null, customerName: 'Sipho Dlamini' });
    const detail = await send(t.app, 'GET', `/api/admin/trade-ins/${number}`, { cookie: team.adminCookie });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().customerName).toBe('Sipho Dlamini');
    const csv = await downloadCsv(t, `/api/admin/trade-ins/export.csv?q=${number}`, team.adminCookie);
    expect(csv.records.map((record) => record['Seller name'])).toEqual(['Sipho Dlamini']);
  });

  it('refuses a name of spaces only', async () => {
    const res = await submit(sellForm({ customerName: '   ' }));
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Full name is required',
      fields: { customerName: 'Full name is required' },
    });
  });

  it('stores photos through the image pipeline', async () => {
    const photo = `data:image/webp;base64,${TINY_WEBP.toString('base64')}`;
    const number = await sell({ photos: [photo, photo] });
    const rows = await t.db
      .select()
      .from(tradeInImages)
      .where(eq(tradeInImages.tradeInId, (await rowOf(number)).id));
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    const [stored] = await t.db.select().from(images).where(eq(images.id, rows[0]!.imageId));
    expect(stored).toMatchObject({ contentType: 'image/webp', width: 1, height: 1 });
  });

  it('refuses a photo that is not an image and stores nothing', async () => {
    const res = await storingNothing(t, tradeIns, () =>
      submit(sellForm({ photos: [`data:image/png;base64,${Buffer.from('not a picture').toString('base64')}`] })),
    );
    expectFieldError(res, 415, 'INVALID_IMAGE', 'photos', 'Each photo must be a JPEG, PNG or WebP image');
  });

  it('names every missing required field and stores nothing', async () => {
    const res = await storingNothing(t, tradeIns, () => submit({ isOwner: false }));
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose a device type',
      fields: {
        deviceType: 'Choose a device type',
        model: 'Model is required',
        customerName: 'Full name is required',
        address: 'Address is required',
        contactPhone: 'Contact phone is required',
        contactEmail: 'Contact email is required',
        isOwner: 'Confirm that you are the owner of this device',
      },
    });
  });

  it('refuses an IMEI whose check digit is wrong', async () => {
    const res = await submit(sellForm({ imei: '490154203237519' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ imei: 'This IMEI is not valid: check its 15 digits' });
  });

  it('refuses a storage size of another type', async () => {
    const res = await submit(sellForm({ deviceType: 'tv', brand: 'LG', storage: '128GB', ram: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ storage: 'Choose a storage size from the list' });
  });

  it('throttles one address after 20 submissions in 10 minutes', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expect((await submit({}, undefined, address)).statusCode).toBe(400);
    const res = await submit(sellForm(), undefined, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /api/track/:number', () => {
  it('shows a trade-in with its history and masked contact details to anyone holding the number', async () => {
    const number = await sell();
    const res = await send(t.app, 'GET', `/api/track/${number.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const reply = res.json() as TrackReply;
    expect(reply.kind).toBe('trade-in');
    const tradeIn = (reply as { tradeIn: TrackedTradeIn }).tradeIn;
    expect(tradeIn).toMatchObject({
      transactionNumber: number,
      status: 'Awaiting Confirmation',
      contactEmail: 'l***@example.com',
      contactPhone: '***0199',
      viewerIsOwner: false,
      offeredAmount: null,
      statusHistory: [
        {
          status: 'Awaiting Confirmation',
          description: 'Device details submitted for review',
          date: t.clock.now().toISOString(),
        },
      ],
    });
    expect(JSON.stringify(reply)).not.toContain('Long Street');
  });

  it('shows the signed-in owner their own contact details', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await sell({}, cookie);
    const res = await send(t.app, 'GET', `/api/track/${number}`, { cookie });
    expect(res.json().tradeIn).toMatchObject({
      contactEmail: 'lindiwe@example.com',
      contactPhone: '+27 82 555 0199',
      viewerIsOwner: true,
    });
  });

  it('shows an order by its number: to a stranger, its status and dates only', async () => {
    const [device] = await insertDevices(t.db, [{ price: 4000, quantity: 5 }]);
    const { orderNumber } = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
    const res = await send(t.app, 'GET', `/api/track/${orderNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'order',
      order: {
        orderNumber,
        status: 'pending',
        createdAt: expect.any(String),
        statusHistory: [{ status: 'pending', date: expect.any(String) }],
        details: null,
      },
    });
    expect(res.body).not.toMatch(/Thandi|Long Street|example|\b8000\b/);
  });

  it('shows a repair booking by its REP number, as the repairs module tracks it', async () => {
    const bookingNumber = await bookFor(t, team.agent.id, { pickupDate: '2026-11-24', pickupTime: '10:00 AM' });
    const tracked = await send(t.app, 'GET', `/api/track/${bookingNumber.toLowerCase()}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toEqual({
      kind: 'repair',
      repair: (await send(t.app, 'GET', `/api/repairs/${bookingNumber}`)).json(),
    });
    expect(tracked.json().repair).toMatchObject({ bookingNumber, status: 'booked', details: null });
  });

  it.each(['TXN0000000000000000', 'ORD-2026-000000', 'REP-123456789', 'hello'])(
    'answers %s with Transaction Not Found',
    async (number) => {
      const res = await send(t.app, 'GET', `/api/track/${number}`);
      expectError(res, 404, TRADE_IN_NOT_FOUND);
    },
  );

  it('refuses a number longer than any of ours with 400 saying so (a pasted paragraph, not a 414)', async () => {
    for (const length of [41, 300]) {
      const res = await send(t.app, 'GET', `/api/track/TXN${'1'.repeat(length - 3)}`);
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'number', TRACK_MESSAGES.tooLong);
    }
  });
});

describe('POST /api/trade-ins/:number/accept', () => {
  it("accepts through the offer email's link: Awaiting Payment, bank details kept, history, audit and email", async () => {
    const number = await sell();
    const token = await offered(number);
    const res = await accept(number, { token, ...bank });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tradeIn).toMatchObject({ status: 'Awaiting Payment', offeredAmount: 5000 });
    const row = await rowOf(number);
    expect(await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id))).toEqual([
      expect.objectContaining({
        accountHolder: 'Lindiwe Dube',
        bankName: 'FNB',
        accountNumber: '6212345678',
        branchCode: '250655',
      }),
    ]);
    await expectLatestStep(number, {
      history: {
        status: 'Awaiting Payment',
        description: 'Offer accepted, payment is being processed',
      },
      audit: {
        action: 'trade_in.accept',
        actorRole: 'customer',
        actorId: null,
        before: expect.objectContaining({ status: 'Offer Made' }),
        after: expect.objectContaining({ status: 'Awaiting Payment' }),
        details: { proof: 'link' },
      },
    });
    const email = await emailOf(number, 'trade_in_awaiting_payment');
    expect(email.to).toBe('lindiwe@example.com');
    expect(email.text).toContain('FNB account ending 5678');
  });

  it('refuses a stranger who knows the number and the contact email with 403, naming neither, and changes nothing', async () => {
    const number = await sell();
    await offered(number);
    const tracked = (await send(t.app, 'GET', `/api/track/${number}`)).json().tradeIn as TrackedTradeIn;
    expect(tracked.contactEmail).toBe('l***@example.com');
    const before = await everythingAbout(number);
    for (const email of ['lindiwe@example.com', 'LINDIWE@example.com']) {
      const res = await accept(number, { email, ...malloryBank });
      expectError(res, 403, LINK_REQUIRED);
      expect(res.body).not.toContain('lindiwe');
    }
    expect(await everythingAbout(number)).toEqual(before);
    expect(before.status).toBe('Offer Made');
    expect(before.payouts).toEqual([]);
  });

  it("refuses a forged link and another trade-in's link with 403 and changes nothing", async () => {
    const number = await sell();
    await offered(number);
    const other = await sell();
    const othersToken = await offered(other);
    const before = await everythingAbout(number);
    for (const token of ['forged', othersToken]) {
      expectError(await accept(number, { token, ...bank }), 403, LINK_INVALID);
    }
    expect(await everythingAbout(number)).toEqual(before);
  });

  it(`takes the link for ${OFFER_LINK_DAYS} days from the offer, then refuses it with 403 saying to ask for a new one`, async () => {
    const [first, second] = [await sell(), await sell()];
    const [firstToken, secondToken] = [await offered(first), await offered(second)];
    const expiry = (await rowOf(second)).accessTokenExpiresAt!;
    expect(expiry.getTime() - t.clock.now().getTime()).toBe(OFFER_LINK_DAYS * DAY);
    const before = await everythingAbout(second);
    await later(OFFER_LINK_DAYS * DAY - 1000, async () => {
      expect((await accept(first, { token: firstToken, ...bank })).statusCode).toBe(200);
    });
    await later(OFFER_LINK_DAYS * DAY, async () => {
      expectError(await accept(second, { token: secondToken, ...bank }), 403, LINK_EXPIRED);
      expectError(await decline(second, { token: secondToken }), 403, LINK_EXPIRED);
    });
    expect(await everythingAbout(second)).toEqual(before);
  });

  it("emails the seller's live link again when a stranger asks for one: the link in the offer email keeps working", async () => {
    const number = await sell({ contactEmail: 'same.link@example.com' });
    const token = await offered(number);
    const { accessTokenHash, accessTokenNonce, accessTokenExpiresAt } = await rowOf(number);
    await later(3 * DAY, async () => {
      expect((await askForLink(number)).statusCode).toBe(202);
    });
    const email = await emailOf(number, 'trade_in_link');
    expect(linkTokenIn(email)).toBe(token);
    expect(email.subject).toBe(`Your link for ${number}`);
    expect(email.text).toContain('It is the same link as in our earlier email, which still works.');
    // Its life is not lengthened: it ends 14 days after the offer, as the offer email said.
    expect(email.text).toContain('It works until 6 Dec 2026, 12:00 PM (South African time).');
    expect(await rowOf(number)).toMatchObject({ accessTokenHash, accessTokenNonce, accessTokenExpiresAt });
    expect((await auditOf(number)).at(-1)).toMatchObject({
      action: 'trade_in.new_link',
      details: { status: 'Offer Made', link: 'same' },
    });
    expect((await accept(number, { token, ...bank })).statusCode).toBe(200);
  });

  it('emails a new link once the last one has expired, and the expired one stays refused', async () => {
    const number = await sell({ contactEmail: 'expired.link@example.com' });
    const oldToken = await offered(number);
    await later(OFFER_LINK_DAYS * DAY, async () => {
      expect((await askForLink(number)).statusCode).toBe(202);
      const email = await emailOf(number, 'trade_in_link');
      const newToken = linkTokenIn(email);
      expect(newToken).toMatch(/^[\w-]{43}$/);
      expect(newToken).not.toBe(oldToken);
      expect(email.text).toContain('Any link we sent before no longer works.');
      expect((await rowOf(number)).accessTokenExpiresAt).toEqual(
        new Date(t.clock.now().getTime() + OFFER_LINK_DAYS * DAY),
      );
      expectError(await accept(number, { token: oldToken, ...bank }), 403, LINK_INVALID);
      expect((await accept(number, { token: newToken, ...bank })).statusCode).toBe(200);
    });
  });

  it('emails a new link in place of a live one sent before links kept their nonce, which cannot be sent again', async () => {
    const number = await sell({ contactEmail: 'older.link@example.com' });
    const oldToken = await offered(number);
    await t.db.update(tradeIns).set({ accessTokenNonce: null }).where(eq(tradeIns.transactionNumber, number));
    expect((await askForLink(number)).statusCode).toBe(202);
    const newToken = linkTokenIn(await emailOf(number, 'trade_in_link'));
    expect(newToken).not.toBe(oldToken);
    expectError(await accept(number, { token: oldToken, ...bank }), 403, LINK_INVALID);
    expect((await accept(number, { token: newToken, ...bank })).statusCode).toBe(200);
  });

  it('refuses to accept twice (409) and keeps the first bank details', async () => {
    const number = await sell();
    const token = await offered(number);
    expect((await accept(number, { token, ...bank })).statusCode).toBe(200);
    const again = await accept(number, { token, ...bank, accountNumber: '999999999' });
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Awaiting Payment; an offer can only be accepted from Offer Made',
    });
    const [payout] = await t.db
      .select()
      .from(tradeInPayouts)
      .where(eq(tradeInPayouts.tradeInId, (await rowOf(number)).id));
    expect(payout!.accountNumber).toBe('6212345678');
  });

  it("lets the signed-in owner accept without the link; another customer's session is refused", async () => {
    const { number, cookie, otherCookie, before } = await signedInSellers(offered);
    expectError(await accept(number, bank, otherCookie), 403, LINK_REQUIRED);
    expect(await everythingAbout(number)).toEqual(before);
    const res = await accept(number, bank, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf(number)).at(-1)).toMatchObject({ actorRole: 'customer', details: { proof: 'session' } });
  });

  describe('into the bank account saved in the account (useSavedAccount)', () => {
    const saveBank = async (cookie: string, bankName = 'FNB') => {
      const res = await send(t.app, 'PUT', '/api/account/payment-details', {
        cookie,
        body: {
          method: 'bank',
          bankName,
          accountHolder: 'Ayanda Zulu',
          accountNumber: '62987654321',
          branchCode: '250655',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().details.bank.accountNumber).not.toContain('62987654321');
    };
    const { accountNumber: _typed, ...withoutNumber } = bank;
    const useSaved = { ...withoutNumber, useSavedAccount: true };

    it('pays the signed-in seller into their saved account without the number being typed', async () => {
      const { cookie } = await signUpCustomer(t);
      await saveBank(cookie);
      const number = await sell({}, cookie);
      await offered(number);
      const res = await accept(number, useSaved, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('62987654321');
      const [payout] = await t.db
        .select()
        .from(tradeInPayouts)
        .where(eq(tradeInPayouts.tradeInId, (await rowOf(number)).id));
      expect(payout).toMatchObject({ bankName: 'FNB', accountNumber: '62987654321', branchCode: '250655' });
      expect((await emailOf(number, 'trade_in_awaiting_payment')).text).toContain('FNB account ending 4321');
    });

    it("is the signed-in seller's alone: the link's holder, signed out or as another customer, is refused and nothing changes", async () => {
      const seller = await signUpCustomer(t);
      await saveBank(seller.cookie);
      const number = await sell({}, seller.cookie);
      const token = await offered(number);
      const before = await everythingAbout(number);
      const other = await signUpCustomer(t);
      await saveBank(other.cookie);
      for (const cookie of [undefined, other.cookie]) {
        const res = await accept(number, { ...useSaved, token }, cookie);
        expectFieldError(
          res,
          403,
          'FORBIDDEN',
          'accountNumber',
          'Sign in as the seller to use the bank account saved in your account',
        );
      }
      expect(await everythingAbout(number)).toEqual(before);
    });

    it('says so when nothing is saved, or the saved account is with another bank', async () => {
      const { cookie } = await signUpCustomer(t);
      const number = await sell({}, cookie);
      await offered(number);
      const none = await accept(number, useSaved, cookie);
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields).toEqual({
        accountNumber: 'No bank account is saved in your account: enter the account number',
      });
      await saveBank(cookie, 'Capitec');
      const otherBank = await accept(number, useSaved, cookie);
      expect(otherBank.json().error.fields).toEqual({
        bankName: 'Your saved account is with Capitec: choose Capitec, or enter the account number',
      });
      expect((await rowOf(number)).status).toBe('Offer Made');
    });

    it('still needs the account number without it', async () => {
      const number = await sell();
      const token = await offered(number);
      const res = await accept(number, { ...withoutNumber, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ accountNumber: 'Account number is required' });
    });
  });

  it('names a bad branch code and bank under their fields', async () => {
    const number = await sell();
    const token = await offered(number);
    const res = await accept(number, { token, ...bank, bankName: 'Monopoly Bank', branchCode: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      bankName: 'Choose a bank from the list',
      branchCode: 'Enter the 6-digit branch code',
    });
  });
});

describe('POST /api/trade-ins/:number/decline', () => {
  it('declines through the signed link of the offer email: Offer Declined, history, audit, email', async () => {
    const number = await sell();
    const token = await offered(number);
    const res = await decline(number, { token });
    expectMoved(res, 'Offer declined. Your device will be returned to you.', { status: 'Offer Declined' });
    await expectLatestStep(number, {
      history: {
        status: 'Offer Declined',
        description: 'Offer declined by the customer',
      },
      audit: { action: 'trade_in.decline', details: { proof: 'link' } },
    });
    expect((await emailOf(number, 'trade_in_offer_declined')).text).toContain('Your device will be returned to you.');
  });

  it("refuses a stranger with the contact email with 403 and changes nothing, a signed-in customer's trade-in too", async () => {
    const guests = await sell();
    await offered(guests);
    const { cookie } = await signUpCustomer(t);
    const customers = await sell({}, cookie);
    await offered(customers);
    for (const number of [guests, customers]) {
      const before = await everythingAbout(number);
      const res = await decline(number, { email: 'lindiwe@example.com', reason: 'Too low' });
      expectError(res, 403, LINK_REQUIRED);
      expect(await everythingAbout(number)).toEqual(before);
    }
  });

  it('refuses another link', async () => {
    const number = await sell();
    await offered(number);
    expectError(await decline(number, { token: 'forged' }), 403, LINK_INVALID);
    expect((await rowOf(number)).status).toBe('Offer Made');
  });

  it('lets the signed-in owner decline without the link', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await sell({}, cookie);
    await offered(number);
    expect((await decline(number, {}, cookie)).statusCode).toBe(200);
    expect((await auditOf(number)).at(-1)).toMatchObject({ action: 'trade_in.decline', details: { proof: 'session' } });
  });

  it('refuses to decline after accepting (409)', async () => {
    const number = await sell();
    const token = await offered(number);
    await accept(number, { token, ...bank });
    const res = await decline(number, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This trade-in is Awaiting Payment; an offer can only be declined from Offer Made',
    );
  });

  it('refuses before an offer is made: 409 for the owner, and 403 for anyone else, who learns nothing of its state', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await sell({}, cookie);
    expectError(await decline(number, { email: 'lindiwe@example.com' }), 403, LINK_REQUIRED);
    const res = await decline(number, {}, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This trade-in is Awaiting Confirmation; an offer can only be declined from Offer Made',
    );
  });
});

describe('PUT /api/trade-ins/:number/payout', () => {
  const capitec = {
    accountHolder: 'Lindiwe Dube',
    bankName: 'Capitec',
    accountNumber: '1098765432',
    branchCode: '470010',
  };

  it('changes the account through the link while the payment waits: replaced, history, audit with the proof, the seller emailed', async () => {
    const number = await sell();
    const token = await accepted(number);
    const res = await changePayout(number, { token, ...capitec });
    expectMoved(res, 'Payout account changed. We will pay into your Capitec account ending 5432.', {
      status: 'Awaiting Payment',
    });
    expect(await payoutsOf(number)).toEqual([
      expect.objectContaining({ accountHolder: 'Lindiwe Dube', bankName: 'Capitec', accountNumber: '1098765432' }),
    ]);
    await expectLatestStep(number, {
      history: { status: 'Awaiting Payment', description: 'Payout account changed by the customer', actorId: null },
      audit: {
        action: 'trade_in.change_payout',
        actorRole: 'customer',
        actorId: null,
        before: { accountHolder: 'Lindiwe Dube', bankName: 'FNB', accountEnding: '5678', branchCode: '250655' },
        after: { accountHolder: 'Lindiwe Dube', bankName: 'Capitec', accountEnding: '5432', branchCode: '470010' },
        details: { proof: 'link' },
      },
    });
    expect(JSON.stringify((await auditOf(number)).at(-1))).not.toContain('1098765432');
    const email = await emailOf(number, 'trade_in_payout_changed');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', subject: `${number}: payout account changed` });
    expect(email.text).toContain('your payout account was changed to Capitec ending 5432.');
    expect(email.text).toContain('If you did not make this change, contact us at once, before we pay.');
    expect(email.text).not.toContain('token=');
  });

  it("needs the link or the owner's session: the contact email, another customer and a forged link get 403 and nothing changes", async () => {
    const { number, cookie, otherCookie, before } = await signedInSellers(accepted);
    expectError(await changePayout(number, { email: 'lindiwe@example.com', ...malloryBank }), 403, LINK_REQUIRED);
    expectError(await changePayout(number, malloryBank, otherCookie), 403, LINK_REQUIRED);
    expectError(await changePayout(number, { token: 'forged', ...malloryBank }), 403, LINK_INVALID);
    expect(await everythingAbout(number)).toEqual(before);
    const res = await changePayout(number, capitec, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf(number)).at(-1)).toMatchObject({
      actorId: expect.any(String),
      details: { proof: 'session' },
    });
  });

  it('is refused once paid (409 with the reason), and before the offer is accepted', async () => {
    const number = await sell();
    const token = await accepted(number);
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, { payoutReference: 'EFT-9' });
    const before = await everythingAbout(number);
    expectError(await changePayout(number, { token, ...capitec }), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Paid; the payout account can only be changed while Awaiting Payment',
    });
    expect(await everythingAbout(number)).toEqual(before);
    const open = await sell();
    const openToken = await offered(open);
    expectError(await changePayout(open, { token: openToken, ...capitec }), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Offer Made; the payout account can only be changed while Awaiting Payment',
    });
    expect(await payoutsOf(open)).toEqual([]);
  });

  it('emails the same link, now to change the payout account, when asked while the payment waits', async () => {
    const number = await sell({ contactEmail: 'payout.link@example.com' });
    const token = await accepted(number);
    expect((await askForLink(number)).statusCode).toBe(202);
    const email = await emailOf(number, 'trade_in_link');
    expect(email.text).toContain(
      `Change payout account: http://localhost:3000/track?number=${number}#token=${token}&answer=payout`,
    );
    expect(email.text).not.toContain('Accept Offer');
    expect((await changePayout(number, { token, ...capitec })).statusCode).toBe(200);
  });
});

describe('POST /api/trade-ins/:number/link', () => {
  const SENT = {
    message:
      'If this transaction is waiting for your answer or your payout, we have emailed its link to the contact email given with it.',
  };
  const outboxIds = async () => (await t.db.select({ id: outboxEmails.id }).from(outboxEmails)).map((e) => e.id);

  it('answers 202 alike for an unknown number, a trade-in in another state and a real one, and emails the real one alone', async () => {
    const address = 'link.alike@example.com';
    const waiting = await sell({ contactEmail: address });
    const oldToken = await offered(waiting);
    const early = await sell({ contactEmail: address });
    const declined = await sell({ contactEmail: address });
    await decline(declined, { token: await offered(declined) });
    const paid = await sell({ contactEmail: address });
    await accepted(paid);
    await staff(team.adminCookie, `/api/admin/trade-ins/${paid}/mark-paid`, { payoutReference: 'EFT-10' });

    const before = await outboxIds();
    for (const number of ['TXN0000000000000000', 'hello', early, declined, paid, waiting.toLowerCase()]) {
      const started = performance.now();
      const res = await askForLink(number);
      expect(performance.now() - started, number).toBeGreaterThanOrEqual(NEW_LINK_MS);
      expect(res.statusCode, number).toBe(202);
      expect(res.json(), number).toEqual(SENT);
    }
    const sent = (await t.db.select().from(outboxEmails)).filter((e) => !before.includes(e.id));
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'trade_in_link',
        to: address,
        entityId: waiting,
        containsSecret: true,
        subject: `Your link for ${waiting}`,
      }),
    ]);
    expect(sent[0]!.text).toMatch(/Decline Offer: \S+answer=decline/);
    expect(linkTokenIn(sent[0]!)).toBe(oldToken);
    expect((await rowOf(early)).accessTokenHash).toBeNull();
    expect((await auditOf(waiting)).at(-1)).toMatchObject({ action: 'trade_in.new_link', actorId: null });
    expect((await accept(waiting, { token: oldToken, ...bank })).statusCode).toBe(200);
  });

  it('emails one link a trade-in an hour', async () => {
    const number = await sell({ contactEmail: 'one.an.hour@example.com' });
    await offered(number);
    const links = async () => (await emailsOf(number)).filter((e) => e.kind === 'trade_in_link');
    for (let i = 0; i < 3; i++) expect((await askForLink(number)).statusCode).toBe(202);
    expect(await links()).toHaveLength(1);
    await later(HOUR - 1000, async () => {
      expect((await askForLink(number)).statusCode).toBe(202);
      expect(await links()).toHaveLength(1);
    });
    await later(HOUR, async () => {
      expect((await askForLink(number)).statusCode).toBe(202);
      expect(await links()).toHaveLength(2);
    });
  });

  it('emails links for at most three trade-ins an hour to one address, however many it has', async () => {
    const address = 'three.an.hour@example.com';
    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const number = await sell({ contactEmail: i === 3 ? address.toUpperCase() : address });
      await offered(number);
      numbers.push(number);
    }
    const replies = await Promise.all(numbers.map((number) => askForLink(number)));
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    const links = (await t.db.select().from(outboxEmails)).filter(
      (e) => e.kind === 'trade_in_link' && numbers.includes(e.entityId!),
    );
    expect(links).toHaveLength(3);
    expect(new Set(links.map((e) => e.to.toLowerCase()))).toEqual(new Set([address]));
  });

  it('throttles one address after 10 requests in 10 minutes', async () => {
    const address = nextAddress();
    const ask = () =>
      send(t.app, 'POST', '/api/trade-ins/TXN0000000000000000/link', { headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 10; i++) expect((await ask()).statusCode).toBe(202);
    const res = await ask();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/admin/trade-ins/:number/confirm', () => {
  it('confirms once, with history, audit and email; a second time is 409', async () => {
    const number = await sell();
    const res = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.json().tradeIn).toMatchObject({ transactionNumber: number, status: 'Confirmed' });
    await expectLatestStep(number, {
      history: {
        status: 'Confirmed',
        description: 'Submission confirmed by our team',
      },
      audit: { action: 'trade_in.confirm', actorRole: 'admin' },
    });
    expect((await emailOf(number, 'trade_in_confirmed')).subject).toBe(`${number}: Confirmed`);
    const again = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Confirmed; it can only be confirmed from Awaiting Confirmation',
    });
  });

  it('is the admin alone: 401 anonymous, 403 for an agent or a customer', async () => {
    const number = await sell();
    const { cookie } = await signUpCustomer(t);
    expect((await send(t.app, 'POST', `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(401);
    expect((await staff(team.agent.cookie, `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(403);
    expect((await staff(cookie, `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(403);
    expect((await rowOf(number)).status).toBe('Awaiting Confirmation');
  });

  it('answers an unknown number with 404', async () => {
    const res = await staff(team.adminCookie, '/api/admin/trade-ins/TXN1/confirm');
    expectError(res, 404, TRADE_IN_NOT_FOUND);
  });
});

describe('POST /api/admin/trade-ins/:number/assign', () => {
  it('assigns an active agent, with history, the audit entry and the customer emailed', async () => {
    const number = await sell();
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    const res = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    expectMoved(res, 'Assigned to Sarah Mitchell', {
      status: 'Assigned to Agent',
      agentId: team.agent.id,
      agentName: 'Sarah Mitchell',
    });
    await expectLatestStep(number, {
      history: { status: 'Assigned to Agent' },
      audit: {
        action: 'trade_in.assign',
        actorRole: 'admin',
        before: { status: 'Confirmed', agentId: null },
        after: { status: 'Assigned to Agent', agentId: team.agent.id },
        details: { agentName: 'Sarah Mitchell' },
      },
    });
    const email = await emailOf(number, 'trade_in_assigned_to_agent');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', subject: `${number}: Assigned to Agent` });
    expect(email.text).toContain(`/track?number=${number}`);
  });

  it('refuses an inactive agent and a trade-in not yet confirmed', async () => {
    const number = await sell();
    const inactive = await createAgent(t, undefined, 'inactive');
    const early = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This trade-in is Awaiting Confirmation; it can only be given to an agent in Confirmed, Assigned to Agent, Device Assessed, Awaiting Offer or Offer Made',
    );
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    const res = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: inactive.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ agentId: 'Choose an active agent' });
    expect((await rowOf(number)).agentId).toBeNull();
  });
});

describe('POST /api/agent/trade-ins/:number/assess', () => {
  it('rests in Device Assessed, only from Assigned to Agent, audited', async () => {
    const number = await sell();
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const res = await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    expectMoved(res, 'Device marked as assessed', { status: 'Device Assessed' });
    expect((await rowOf(number)).status).toBe('Device Assessed');
    expect((await historyOf(number)).at(-1)).toMatchObject({
      status: 'Device Assessed',
      description: 'Device assessment completed',
      actorId: team.agent.id,
    });
    expect((await auditOf(number)).at(-1)).toMatchObject({
      action: 'trade_in.assess',
      actorId: team.agent.id,
      before: { status: 'Assigned to Agent' },
      after: { status: 'Device Assessed' },
    });
    const again = await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Device Assessed; it can only be marked as assessed from Assigned to Agent',
    });
  });

  it("is found by the admin's Device Assessed filter", async () => {
    const number = await sell();
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    const res = await send(t.app, 'GET', '/api/admin/trade-ins?status=Device%20Assessed', { cookie: team.adminCookie });
    const items: StaffTradeIn[] = res.json().items;
    expect(items.map((i) => i.transactionNumber)).toContain(number);
    expect(items.every((i) => i.status === 'Device Assessed')).toBe(true);
  });

  it("refuses another agent's trade-in with 403 and changes nothing", async () => {
    const number = await sell();
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const res = await staff(team.otherAgent.cookie, `/api/agent/trade-ins/${number}/assess`);
    expectError(res, 403, { code: 'FORBIDDEN', message: 'This trade-in is assigned to another agent' });
    expect((await rowOf(number)).status).toBe('Assigned to Agent');
  });

  it('is the agent alone', async () => {
    const number = await sell();
    expect((await staff(team.adminCookie, `/api/agent/trade-ins/${number}/assess`)).statusCode).toBe(403);
  });
});

describe('POST /api/agent/trade-ins/:number/offer', () => {
  it('makes an offer from Device Assessed and emails the amount, notes and signed links', async () => {
    const number = await sell();
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    const res = await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, {
      amount: 6500,
      notes: 'Screen perfect',
    });
    expectMoved(res, 'Offer of R6500 submitted successfully', {
      status: 'Offer Made',
      offeredAmount: 6500,
      assessmentNotes: 'Screen perfect',
    });
    expect((await historyOf(number)).at(-1)).toMatchObject({
      status: 'Offer Made',
      description: 'Offer submitted and awaiting customer response',
    });
    const email = await emailOf(number, 'trade_in_offer');
    expect(email.containsSecret).toBe(true);
    expect(email.text).toContain('offers R6,500');
    expect(email.text).toContain("Agent's notes: Screen perfect");
    expect(email.text).toMatch(
      new RegExp(`Accept Offer: http://localhost:3000/track\\?number=${number}#token=[\\w-]{43}&answer=accept`),
    );
    expect(email.text).toContain(`They work for ${OFFER_LINK_DAYS} days, and only the newest link we sent works`);
    expect(await rowOf(number)).toMatchObject({
      accessTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      accessTokenExpiresAt: new Date(t.clock.now().getTime() + OFFER_LINK_DAYS * DAY),
    });
  });

  it('refuses an offer from Offer Made with the reason', async () => {
    const number = await sell();
    await offered(number);
    const res = await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount: 7000 });
    expectError(res, 409, {
      code: 'CONFLICT',
      message:
        'This trade-in is Offer Made; an offer can only be made from Assigned to Agent, Device Assessed or Awaiting Offer',
    });
    expect((await rowOf(number)).offeredAmount).toBe(5000);
  });

  it.each([
    [0, 'Offer amount must be greater than 0'],
    [12.5, 'Offer amount must be a whole number of rand'],
    ['', 'Offer amount is required'],
    [undefined, 'Offer amount is required'],
  ])('refuses the amount %s', async (amount, message) => {
    const number = await sell();
    const res = await staff(team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ amount: message });
  });

  it('changes the trade-in once when two tabs offer at the same moment', async () => {
    const number = await sell();
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const results = await Promise.all(
      [4000, 4500].map((amount) => staff(team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await historyOf(number)).filter((h) => h.status === 'Offer Made')).toHaveLength(1);
    expect((await emailsOf(number)).filter((e) => e.kind === 'trade_in_offer')).toHaveLength(1);
  });
});

describe('POST /api/admin/trade-ins/:number/return-device', () => {
  const returnDevice = (number: string, body: unknown, cookie = team.adminCookie) =>
    staff(cookie, `/api/admin/trade-ins/${number}/return-device`, body);

  it('records a declined device back with its seller: Device Returned, history with how, audit, email', async () => {
    const number = await sell();
    expect((await decline(number, { token: await offered(number) })).statusCode).toBe(200);
    const res = await returnDevice(number, { note: '  Aramex ARX-0042 ' });
    expectMoved(res, 'Device recorded as returned to the seller', { status: 'Device Returned' });
    await expectLatestStep(number, {
      history: {
        status: 'Device Returned',
        description: 'Device returned to the customer: Aramex ARX-0042',
        actorId: team.adminId,
      },
      audit: {
        action: 'trade_in.return_device',
        actorId: team.adminId,
        before: { status: 'Offer Declined' },
        after: { status: 'Device Returned' },
        details: { note: 'Aramex ARX-0042' },
      },
    });
    const email = await emailOf(number, 'trade_in_device_returned');
    expect(email.subject).toBe(`${number}: Device Returned`);
    expect(email.text).toContain('Device returned to the customer.');
    expect(email.text).toContain('How it went back: Aramex ARX-0042');
  });

  it('takes no note: the history says the status alone', async () => {
    const number = await sell();
    await decline(number, { token: await offered(number) });
    expect((await returnDevice(number, {})).statusCode).toBe(200);
    expect((await historyOf(number)).at(-1)).toMatchObject({
      status: 'Device Returned',
      description: 'Device returned to the customer',
    });
  });

  it('refuses any status but Offer Declined with 409 saying why, a second press too, and changes nothing', async () => {
    const open = await sell();
    await offered(open);
    const before = await everythingAbout(open);
    expectError(await returnDevice(open, {}), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Offer Made; its device can only be recorded as returned from Offer Declined',
    });
    expect(await everythingAbout(open)).toEqual(before);
    const declined = await sell();
    await decline(declined, { token: await offered(declined) });
    expect((await returnDevice(declined, {})).statusCode).toBe(200);
    expectError(await returnDevice(declined, {}), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Device Returned; its device can only be recorded as returned from Offer Declined',
    });
    expect((await auditOf(declined)).filter((a) => a.action === 'trade_in.return_device')).toHaveLength(1);
  });

  it('is the admin alone, and refuses a note too long under its name', async () => {
    const number = await sell();
    await decline(number, { token: await offered(number) });
    expect((await returnDevice(number, {}, team.agent.cookie)).statusCode).toBe(403);
    const long = await returnDevice(number, { note: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields)).toEqual(['note']);
    expect((await rowOf(number)).status).toBe('Offer Declined');
  });
});

describe('POST /api/admin/trade-ins/:number/mark-paid', () => {
  it('pays an accepted offer once, recording the reference', async () => {
    const number = await sell();
    await offered(number);
    const early = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {
      payoutReference: 'EFT-1',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This trade-in is Offer Made; it can only be marked paid from Awaiting Payment',
    );
    expect((await accept(number, { token: await offerLinkToken(t, number), ...bank })).statusCode).toBe(200);
    const res = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {
      payoutReference: 'EFT-20261122-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tradeIn.status).toBe('Paid');
    const [payout] = await t.db
      .select()
      .from(tradeInPayouts)
      .where(eq(tradeInPayouts.tradeInId, (await rowOf(number)).id));
    expect(payout).toMatchObject({ payoutReference: 'EFT-20261122-01', paidAt: t.clock.now() });
    await expectLatestStep(number, {
      history: {
        status: 'Paid',
        description: 'Payment sent to your account',
      },
      audit: {
        action: 'trade_in.mark_paid',
        actorRole: 'admin',
        before: { status: 'Awaiting Payment' },
        after: { status: 'Paid', offeredAmount: 5000 },
        details: { payoutReference: 'EFT-20261122-01' },
      },
    });
    const email = await emailOf(number, 'trade_in_paid');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', subject: `${number}: Paid` });
    expect(email.text).toContain('Payment sent to your account');
    const again = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {
      payoutReference: 'EFT-2',
    });
    expect(again.statusCode).toBe(409);
    expect((await emailsOf(number)).filter((e) => e.kind === 'trade_in_paid')).toHaveLength(1);
  });

  it('requires a payout reference', async () => {
    const number = await sell();
    const res = await staff(team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ payoutReference: 'Payout reference is required' });
  });
});

describe('GET /api/admin/trade-ins', () => {
  it('lists newest first with the agent name, filtered by status and searched by number or email', async () => {
    const first = await sell({ contactEmail: 'search.me@example.com' });
    const second = await sell();
    await offered(second);
    const all = await send(t.app, 'GET', '/api/admin/trade-ins?pageSize=2', { cookie: team.adminCookie });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.items.map((i: StaffTradeIn) => i.transactionNumber)).toEqual([second, first]);
    expect(body.items[0]).toMatchObject({
      agentName: 'Sarah Mitchell',
      status: 'Offer Made',
      customerEmail: 'lindiwe@example.com',
    });
    expect(body.total).toBeGreaterThan(2);
    const offers = await send(t.app, 'GET', '/api/admin/trade-ins?status=Offer%20Made&pageSize=100', {
      cookie: team.adminCookie,
    });
    expect(offers.json().items.every((i: StaffTradeIn) => i.status === 'Offer Made')).toBe(true);
    const byEmail = await send(t.app, 'GET', '/api/admin/trade-ins?q=SEARCH.ME', { cookie: team.adminCookie });
    expect(byEmail.json().items.map((i: StaffTradeIn) => i.transactionNumber)).toEqual([first]);
    const byNumber = await send(t.app, 'GET', `/api/admin/trade-ins?q=${second}`, { cookie: team.adminCookie });
    expect(byNumber.json().total).toBe(1);
  });

  it('searches by a part of the customer name, any case, and by a lower-case number', async () => {
    const number = await sell({ contactEmail: 'nx@example.com', customerName: 'Nomvula Xabanisa' });
    const search = async (q: string) =>
      (
        await send(t.app, 'GET', `/api/admin/trade-ins?q=${encodeURIComponent(q)}`, { cookie: team.adminCookie })
      ).json() as {
        items: StaffTradeIn[];
        total: number;
      };
    const byName = await search('xabani');
    expect(byName.items.map((i) => i.transactionNumber)).toEqual([number]);
    expect(byName.items[0]!.customerName).toBe('Nomvula Xabanisa');
    expect((await search('NOMVULA XAB')).total).toBe(1);
    expect((await search(number.toLowerCase())).items.map((i) => i.transactionNumber)).toEqual([number]);
    expect((await search('Xabanisa_')).total).toBe(0);
  });

  it('counts a trade-in submitted after the first page was read (its total is remembered between writes) and shows its moves at once', async () => {
    const firstPage = async () =>
      (await send(t.app, 'GET', '/api/admin/trade-ins', { cookie: team.adminCookie })).json() as {
        items: StaffTradeIn[];
        total: number;
      };
    const before = await firstPage();
    expect(before.total).toBe(await tradeInsInDatabase());
    await firstPage();

    t.clock.advance(60_000);
    const number = await sell();
    const submitted = await firstPage();
    expect(submitted.total).toBe(before.total + 1);
    expect(submitted.items[0]).toMatchObject({ transactionNumber: number, status: 'Awaiting Confirmation' });

    await staff(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    const confirmed = await firstPage();
    expect(confirmed.total).toBe(before.total + 1);
    expect(confirmed.items[0]).toMatchObject({ transactionNumber: number, status: 'Confirmed' });
    expect(confirmed.total).toBe(await tradeInsInDatabase());
  });

  it('counts a trade-in submitted while the first page is being read', async () => {
    t.clock.advance(60_000);
    const [, number] = await Promise.all([
      send(t.app, 'GET', '/api/admin/trade-ins', { cookie: team.adminCookie }),
      sell(),
    ]);
    const after = (await send(t.app, 'GET', '/api/admin/trade-ins', { cookie: team.adminCookie })).json();
    expect(after.items[0].transactionNumber).toBe(number);
    expect(after.total).toBe(await tradeInsInDatabase());
  });

  it('refuses a status outside the list', async () => {
    const res = await send(t.app, 'GET', '/api/admin/trade-ins?status=Lost', { cookie: team.adminCookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ status: 'Choose a status from the list' });
  });
});

describe('GET /api/agent/trade-ins', () => {
  it("lists this agent's trade-ins only, with photos and IMEI", async () => {
    const photo = `data:image/webp;base64,${TINY_WEBP.toString('base64')}`;
    const mine = await sell({ imei: '490154203237518', photos: [photo] });
    await staff(team.adminCookie, `/api/admin/trade-ins/${mine}/confirm`);
    await staff(team.adminCookie, `/api/admin/trade-ins/${mine}/assign`, { agentId: team.otherAgent.id });
    const res = await send(t.app, 'GET', '/api/agent/trade-ins', { cookie: team.otherAgent.cookie });
    expect(res.json().items).toEqual([
      expect.objectContaining({
        transactionNumber: mine,
        imei: '490154203237518',
        photos: [`/api/agent/trade-ins/${mine}/photos/0`],
      }),
    ]);
    const filtered = await send(t.app, 'GET', '/api/agent/trade-ins?status=Offer%20Made', {
      cookie: team.otherAgent.cookie,
    });
    expect(filtered.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/account/trade-ins', () => {
  it("lists the signed-in customer's own trade-ins", async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await sell({}, cookie);
    await sell();
    const res = await send(t.app, 'GET', '/api/account/trade-ins', { cookie });
    expect(res.json().tradeIns).toEqual([
      expect.objectContaining({
        transactionNumber: number,
        deviceInfo: 'Apple iPhone 13 128GB',
        status: 'Awaiting Confirmation',
      }),
    ]);
    expect(await t.db.select().from(users).where(eq(users.role, 'agent'))).toHaveLength(3);
  });
});
