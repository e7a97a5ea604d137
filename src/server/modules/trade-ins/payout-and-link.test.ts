import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails, tradeInPayouts } from '../../db/schema';
import { nextAddress } from '../../../../tests/support/checkout';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import * as tradeIn from '../../../../tests/support/trade-ins';
import { NEW_LINK_MS } from './routes';

/*
 * The payout once the seller has accepted (their account changed, the admin marking it paid), and the seller's
 * link emailed again on request: the same answer to whoever asks, and only so many emails an hour.
 */

const t = useTestApp();
const team = tradeIn.useTradeInTeam(t);

const changePayout = (number: string, body: unknown, cookie?: string) =>
  tradeIn.bySeller(t, 'PUT', `/api/trade-ins/${number}/payout`, body, cookie);

/** A new trade-in's offer accepted through the offer email's link (into `bank`); returns the link's token. */
async function accepted(number: string) {
  const token = await tradeIn.offered(t, team, number);
  const res = await tradeIn.accept(t, number, { token, ...tradeIn.bank });
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

const payoutsOf = async (number: string) =>
  t.db
    .select()
    .from(tradeInPayouts)
    .where(eq(tradeInPayouts.tradeInId, (await tradeIn.rowOf(t, number)).id));

describe('PUT /api/trade-ins/:number/payout', () => {
  const capitec = {
    accountHolder: 'Lindiwe Dube',
    bankName: 'Capitec',
    accountNumber: '1098765432',
    branchCode: '470010',
  };

  it('changes the account through the link while the payment waits: replaced, history, audit with the proof, the seller emailed', async () => {
    const number = await tradeIn.sell(t);
    const token = await accepted(number);
    const res = await changePayout(number, { token, ...capitec });
    tradeIn.expectMoved(res, 'Payout account changed. We will pay into your Capitec account ending 5432.', {
      status: 'Awaiting Payment',
    });
    expect(await payoutsOf(number)).toEqual([
      expect.objectContaining({ accountHolder: 'Lindiwe Dube', bankName: 'Capitec', accountNumber: '1098765432' }),
    ]);
    await tradeIn.expectLatestStep(t, number, {
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
    expect(JSON.stringify((await tradeIn.auditOf(t, number)).at(-1))).not.toContain('1098765432');
    const email = await tradeIn.emailOf(t, number, 'trade_in_payout_changed');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', subject: `${number}: payout account changed` });
    expect(email.text).toContain('your payout account was changed to Capitec ending 5432.');
    expect(email.text).toContain('If you did not make this change, contact us at once, before we pay.');
    expect(email.text).not.toContain('token=');
  });

  it("needs the link or the owner's session: the contact email, another customer and a forged link get 403 and nothing changes", async () => {
    const { number, cookie, otherCookie, before } = await tradeIn.signedInSellers(t, accepted);
    expectError(
      await changePayout(number, { email: 'lindiwe@example.com', ...tradeIn.malloryBank }),
      403,
      tradeIn.LINK_REQUIRED,
    );
    expectError(await changePayout(number, tradeIn.malloryBank, otherCookie), 403, tradeIn.LINK_REQUIRED);
    expectError(await changePayout(number, { token: 'forged', ...tradeIn.malloryBank }), 403, tradeIn.LINK_INVALID);
    expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
    const res = await changePayout(number, capitec, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await tradeIn.auditOf(t, number)).at(-1)).toMatchObject({
      actorId: expect.any(String),
      details: { proof: 'session' },
    });
  });

  it('is refused once paid (409 with the reason), and before the offer is accepted', async () => {
    const number = await tradeIn.sell(t);
    const token = await accepted(number);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, { payoutReference: 'EFT-9' });
    const before = await tradeIn.everythingAbout(t, number);
    expectError(await changePayout(number, { token, ...capitec }), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Paid; the payout account can only be changed while Awaiting Payment',
    });
    expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
    const open = await tradeIn.sell(t);
    const openToken = await tradeIn.offered(t, team, open);
    expectError(await changePayout(open, { token: openToken, ...capitec }), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Offer Made; the payout account can only be changed while Awaiting Payment',
    });
    expect(await payoutsOf(open)).toEqual([]);
  });

  it('emails the same link, now to change the payout account, when asked while the payment waits', async () => {
    const number = await tradeIn.sell(t, { contactEmail: 'payout.link@example.com' });
    const token = await accepted(number);
    expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
    const email = await tradeIn.emailOf(t, number, 'trade_in_link');
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
    const waiting = await tradeIn.sell(t, { contactEmail: address });
    const oldToken = await tradeIn.offered(t, team, waiting);
    const early = await tradeIn.sell(t, { contactEmail: address });
    const declined = await tradeIn.sell(t, { contactEmail: address });
    await tradeIn.decline(t, declined, { token: await tradeIn.offered(t, team, declined) });
    const paid = await tradeIn.sell(t, { contactEmail: address });
    await accepted(paid);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${paid}/mark-paid`, { payoutReference: 'EFT-10' });

    const before = await outboxIds();
    for (const number of ['TXN0000000000000000', 'hello', early, declined, paid, waiting.toLowerCase()]) {
      const res = await tradeIn.askForLink(t, number);
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
    expect(tradeIn.linkTokenIn(sent[0]!)).toBe(oldToken);
    expect((await tradeIn.rowOf(t, early)).accessTokenHash).toBeNull();
    expect((await tradeIn.auditOf(t, waiting)).at(-1)).toMatchObject({ action: 'trade_in.new_link', actorId: null });
    expect((await tradeIn.accept(t, waiting, { token: oldToken, ...tradeIn.bank })).statusCode).toBe(200);
  });

  it('emails one link a trade-in an hour', async () => {
    const number = await tradeIn.sell(t, { contactEmail: 'one.an.hour@example.com' });
    await tradeIn.offered(t, team, number);
    const links = async () => (await tradeIn.emailsOf(t, number)).filter((e) => e.kind === 'trade_in_link');
    for (let i = 0; i < 3; i++) expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
    expect(await links()).toHaveLength(1);
    await tradeIn.later(t, tradeIn.HOUR - 1000, async () => {
      expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
      expect(await links()).toHaveLength(1);
    });
    await tradeIn.later(t, tradeIn.HOUR, async () => {
      expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
      expect(await links()).toHaveLength(2);
    });
  });

  it('emails links for at most three trade-ins an hour to one address, however many it has', async () => {
    const address = 'three.an.hour@example.com';
    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const number = await tradeIn.sell(t, { contactEmail: i === 3 ? address.toUpperCase() : address });
      await tradeIn.offered(t, team, number);
      numbers.push(number);
    }
    const replies = await Promise.all(numbers.map((number) => tradeIn.askForLink(t, number)));
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

describe('equal time whatever the number asked for (docs/decisions/029)', () => {
  const floored = useTestApp({ TIMING_FLOORS: 'on' });
  const flooredTeam = tradeIn.useTradeInTeam(floored);

  it('answers an unknown number, one in another state and one it emails a link for, all after NEW_LINK_MS', async () => {
    const waiting = await tradeIn.sell(floored, { contactEmail: 'link.timed@example.com' });
    await tradeIn.offered(floored, flooredTeam, waiting);
    const early = await tradeIn.sell(floored, { contactEmail: 'link.timed@example.com' });
    for (const number of ['TXN0000000000000000', early, waiting]) {
      const started = performance.now();
      expect((await tradeIn.askForLink(floored, number)).statusCode, number).toBe(202);
      expect(performance.now() - started, number).toBeGreaterThanOrEqual(NEW_LINK_MS);
    }
    expect((await tradeIn.emailsOf(floored, waiting)).filter((e) => e.kind === 'trade_in_link')).toHaveLength(1);
  });
});

describe('POST /api/admin/trade-ins/:number/mark-paid', () => {
  it('pays an accepted offer once, recording the reference', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.offered(t, team, number);
    const early = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {
      payoutReference: 'EFT-1',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This trade-in is Offer Made; it can only be marked paid from Awaiting Payment',
    );
    expect(
      (await tradeIn.accept(t, number, { token: await tradeIn.offerLinkToken(t, number), ...tradeIn.bank })).statusCode,
    ).toBe(200);
    const res = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {
      payoutReference: 'EFT-20261122-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tradeIn.status).toBe('Paid');
    const [payout] = await t.db
      .select()
      .from(tradeInPayouts)
      .where(eq(tradeInPayouts.tradeInId, (await tradeIn.rowOf(t, number)).id));
    expect(payout).toMatchObject({ payoutReference: 'EFT-20261122-01', paidAt: t.clock.now() });
    await tradeIn.expectLatestStep(t, number, {
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
    const email = await tradeIn.emailOf(t, number, 'trade_in_paid');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', subject: `${number}: Paid` });
    expect(email.text).toContain('Payment sent to your account');
    const again = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {
      payoutReference: 'EFT-2',
    });
    expect(again.statusCode).toBe(409);
    expect((await tradeIn.emailsOf(t, number)).filter((e) => e.kind === 'trade_in_paid')).toHaveLength(1);
  });

  it('requires a payout reference', async () => {
    const number = await tradeIn.sell(t);
    const res = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/mark-paid`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ payoutReference: 'Payout reference is required' });
  });
});
