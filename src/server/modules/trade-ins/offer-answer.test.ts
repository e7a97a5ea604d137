import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OFFER_LINK_DAYS, type TrackedTradeIn } from '../../../shared/trade-ins';
import { tradeInPayouts, tradeIns } from '../../db/schema';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import * as tradeIn from '../../../../tests/support/trade-ins';

/* The seller's answer to an offer, accept or decline, by the offer email's link or as the signed-in owner. */

const t = useTestApp();
const team = tradeIn.useTradeInTeam(t);

describe('POST /api/trade-ins/:number/accept', () => {
  /** The refusal of a link past its last day. */
  const LINK_EXPIRED = {
    code: 'FORBIDDEN',
    message: 'This link has expired: ask for a new link and we will email it to you.',
  };

  it("accepts through the offer email's link: Awaiting Payment, bank details kept, history, audit and email", async () => {
    const number = await tradeIn.sell(t);
    const token = await tradeIn.offered(t, team, number);
    const res = await tradeIn.accept(t, number, { token, ...tradeIn.bank });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tradeIn).toMatchObject({ status: 'Awaiting Payment', offeredAmount: 5000 });
    const row = await tradeIn.rowOf(t, number);
    expect(await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id))).toEqual([
      expect.objectContaining({
        accountHolder: 'Lindiwe Dube',
        bankName: 'FNB',
        accountNumber: '6212345678',
        branchCode: '250655',
      }),
    ]);
    await tradeIn.expectLatestStep(t, number, {
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
    const email = await tradeIn.emailOf(t, number, 'trade_in_awaiting_payment');
    expect(email.to).toBe('lindiwe@example.com');
    expect(email.text).toContain('FNB account ending 5678');
  });

  it('refuses a stranger who knows the number and the contact email with 403, naming neither, and changes nothing', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.offered(t, team, number);
    const tracked = (await send(t.app, 'GET', `/api/track/${number}`)).json().tradeIn as TrackedTradeIn;
    expect(tracked.contactEmail).toBe('l***@example.com');
    const before = await tradeIn.everythingAbout(t, number);
    for (const email of ['lindiwe@example.com', 'LINDIWE@example.com']) {
      const res = await tradeIn.accept(t, number, { email, ...tradeIn.malloryBank });
      expectError(res, 403, tradeIn.LINK_REQUIRED);
      expect(res.body).not.toContain('lindiwe');
    }
    expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
    expect(before.status).toBe('Offer Made');
    expect(before.payouts).toEqual([]);
  });

  it("refuses a forged link and another trade-in's link with 403 and changes nothing", async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.offered(t, team, number);
    const other = await tradeIn.sell(t);
    const othersToken = await tradeIn.offered(t, team, other);
    const before = await tradeIn.everythingAbout(t, number);
    for (const token of ['forged', othersToken]) {
      expectError(await tradeIn.accept(t, number, { token, ...tradeIn.bank }), 403, tradeIn.LINK_INVALID);
    }
    expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
  });

  it(`takes the link for ${OFFER_LINK_DAYS} days from the offer, then refuses it with 403 saying to ask for a new one`, async () => {
    const [first, second] = [await tradeIn.sell(t), await tradeIn.sell(t)];
    const [firstToken, secondToken] = [await tradeIn.offered(t, team, first), await tradeIn.offered(t, team, second)];
    const expiry = (await tradeIn.rowOf(t, second)).accessTokenExpiresAt!;
    expect(expiry.getTime() - t.clock.now().getTime()).toBe(OFFER_LINK_DAYS * tradeIn.DAY);
    const before = await tradeIn.everythingAbout(t, second);
    await tradeIn.later(t, OFFER_LINK_DAYS * tradeIn.DAY - 1000, async () => {
      expect((await tradeIn.accept(t, first, { token: firstToken, ...tradeIn.bank })).statusCode).toBe(200);
    });
    await tradeIn.later(t, OFFER_LINK_DAYS * tradeIn.DAY, async () => {
      expectError(await tradeIn.accept(t, second, { token: secondToken, ...tradeIn.bank }), 403, LINK_EXPIRED);
      expectError(await tradeIn.decline(t, second, { token: secondToken }), 403, LINK_EXPIRED);
    });
    expect(await tradeIn.everythingAbout(t, second)).toEqual(before);
  });

  it("emails the seller's live link again when a stranger asks for one: the link in the offer email keeps working", async () => {
    const number = await tradeIn.sell(t, { contactEmail: 'same.link@example.com' });
    const token = await tradeIn.offered(t, team, number);
    const { accessTokenHash, accessTokenNonce, accessTokenExpiresAt } = await tradeIn.rowOf(t, number);
    await tradeIn.later(t, 3 * tradeIn.DAY, async () => {
      expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
    });
    const email = await tradeIn.emailOf(t, number, 'trade_in_link');
    expect(tradeIn.linkTokenIn(email)).toBe(token);
    expect(email.subject).toBe(`Your link for ${number}`);
    expect(email.text).toContain('It is the same link as in our earlier email, which still works.');
    // Its life is not lengthened: it ends 14 days after the offer, as the offer email said.
    expect(email.text).toContain('It works until 6 Dec 2026, 12:00 PM (South African time).');
    expect(await tradeIn.rowOf(t, number)).toMatchObject({ accessTokenHash, accessTokenNonce, accessTokenExpiresAt });
    expect((await tradeIn.auditOf(t, number)).at(-1)).toMatchObject({
      action: 'trade_in.new_link',
      details: { status: 'Offer Made', link: 'same' },
    });
    expect((await tradeIn.accept(t, number, { token, ...tradeIn.bank })).statusCode).toBe(200);
  });

  it('emails a new link once the last one has expired, and the expired one stays refused', async () => {
    const number = await tradeIn.sell(t, { contactEmail: 'expired.link@example.com' });
    const oldToken = await tradeIn.offered(t, team, number);
    await tradeIn.later(t, OFFER_LINK_DAYS * tradeIn.DAY, async () => {
      expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
      const email = await tradeIn.emailOf(t, number, 'trade_in_link');
      const newToken = tradeIn.linkTokenIn(email);
      expect(newToken).toMatch(/^[\w-]{43}$/);
      expect(newToken).not.toBe(oldToken);
      expect(email.text).toContain('Any link we sent before no longer works.');
      expect((await tradeIn.rowOf(t, number)).accessTokenExpiresAt).toEqual(
        new Date(t.clock.now().getTime() + OFFER_LINK_DAYS * tradeIn.DAY),
      );
      expectError(await tradeIn.accept(t, number, { token: oldToken, ...tradeIn.bank }), 403, tradeIn.LINK_INVALID);
      expect((await tradeIn.accept(t, number, { token: newToken, ...tradeIn.bank })).statusCode).toBe(200);
    });
  });

  it('emails a new link in place of a live one sent before links kept their nonce, which cannot be sent again', async () => {
    const number = await tradeIn.sell(t, { contactEmail: 'older.link@example.com' });
    const oldToken = await tradeIn.offered(t, team, number);
    await t.db.update(tradeIns).set({ accessTokenNonce: null }).where(eq(tradeIns.transactionNumber, number));
    expect((await tradeIn.askForLink(t, number)).statusCode).toBe(202);
    const newToken = tradeIn.linkTokenIn(await tradeIn.emailOf(t, number, 'trade_in_link'));
    expect(newToken).not.toBe(oldToken);
    expectError(await tradeIn.accept(t, number, { token: oldToken, ...tradeIn.bank }), 403, tradeIn.LINK_INVALID);
    expect((await tradeIn.accept(t, number, { token: newToken, ...tradeIn.bank })).statusCode).toBe(200);
  });

  it('refuses to accept twice (409) and keeps the first bank details', async () => {
    const number = await tradeIn.sell(t);
    const token = await tradeIn.offered(t, team, number);
    expect((await tradeIn.accept(t, number, { token, ...tradeIn.bank })).statusCode).toBe(200);
    const again = await tradeIn.accept(t, number, { token, ...tradeIn.bank, accountNumber: '999999999' });
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Awaiting Payment; an offer can only be accepted from Offer Made',
    });
    const [payout] = await t.db
      .select()
      .from(tradeInPayouts)
      .where(eq(tradeInPayouts.tradeInId, (await tradeIn.rowOf(t, number)).id));
    expect(payout!.accountNumber).toBe('6212345678');
  });

  it("lets the signed-in owner accept without the link; another customer's session is refused", async () => {
    const { number, cookie, otherCookie, before } = await tradeIn.signedInSellers(t, (number) =>
      tradeIn.offered(t, team, number),
    );
    expectError(await tradeIn.accept(t, number, tradeIn.bank, otherCookie), 403, tradeIn.LINK_REQUIRED);
    expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
    const res = await tradeIn.accept(t, number, tradeIn.bank, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await tradeIn.auditOf(t, number)).at(-1)).toMatchObject({
      actorRole: 'customer',
      details: { proof: 'session' },
    });
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
    const { accountNumber: _typed, ...withoutNumber } = tradeIn.bank;
    const useSaved = { ...withoutNumber, useSavedAccount: true };

    it('pays the signed-in seller into their saved account without the number being typed', async () => {
      const { cookie } = await signUpCustomer(t);
      await saveBank(cookie);
      const number = await tradeIn.sell(t, {}, cookie);
      await tradeIn.offered(t, team, number);
      const res = await tradeIn.accept(t, number, useSaved, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('62987654321');
      const [payout] = await t.db
        .select()
        .from(tradeInPayouts)
        .where(eq(tradeInPayouts.tradeInId, (await tradeIn.rowOf(t, number)).id));
      expect(payout).toMatchObject({ bankName: 'FNB', accountNumber: '62987654321', branchCode: '250655' });
      expect((await tradeIn.emailOf(t, number, 'trade_in_awaiting_payment')).text).toContain('FNB account ending 4321');
    });

    it("is the signed-in seller's alone: the link's holder, signed out or as another customer, is refused and nothing changes", async () => {
      const seller = await signUpCustomer(t);
      await saveBank(seller.cookie);
      const number = await tradeIn.sell(t, {}, seller.cookie);
      const token = await tradeIn.offered(t, team, number);
      const before = await tradeIn.everythingAbout(t, number);
      const other = await signUpCustomer(t);
      await saveBank(other.cookie);
      for (const cookie of [undefined, other.cookie]) {
        const res = await tradeIn.accept(t, number, { ...useSaved, token }, cookie);
        expectFieldError(
          res,
          403,
          'FORBIDDEN',
          'accountNumber',
          'Sign in as the seller to use the bank account saved in your account',
        );
      }
      expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
    });

    it('says so when nothing is saved, or the saved account is with another bank', async () => {
      const { cookie } = await signUpCustomer(t);
      const number = await tradeIn.sell(t, {}, cookie);
      await tradeIn.offered(t, team, number);
      const none = await tradeIn.accept(t, number, useSaved, cookie);
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields).toEqual({
        accountNumber: 'No bank account is saved in your account: enter the account number',
      });
      await saveBank(cookie, 'Capitec');
      const otherBank = await tradeIn.accept(t, number, useSaved, cookie);
      expect(otherBank.json().error.fields).toEqual({
        bankName: 'Your saved account is with Capitec: choose Capitec, or enter the account number',
      });
      expect((await tradeIn.rowOf(t, number)).status).toBe('Offer Made');
    });

    it('still needs the account number without it', async () => {
      const number = await tradeIn.sell(t);
      const token = await tradeIn.offered(t, team, number);
      const res = await tradeIn.accept(t, number, { ...withoutNumber, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ accountNumber: 'Account number is required' });
    });
  });

  it('names a bad branch code and bank under their fields', async () => {
    const number = await tradeIn.sell(t);
    const token = await tradeIn.offered(t, team, number);
    const res = await tradeIn.accept(t, number, {
      token,
      ...tradeIn.bank,
      bankName: 'Monopoly Bank',
      branchCode: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      bankName: 'Choose a bank from the list',
      branchCode: 'Enter the 6-digit branch code',
    });
  });
});

describe('POST /api/trade-ins/:number/decline', () => {
  it('declines through the signed link of the offer email: Offer Declined, history, audit, email', async () => {
    const number = await tradeIn.sell(t);
    const token = await tradeIn.offered(t, team, number);
    const res = await tradeIn.decline(t, number, { token });
    tradeIn.expectMoved(res, 'Offer declined. Your device will be returned to you.', { status: 'Offer Declined' });
    await tradeIn.expectLatestStep(t, number, {
      history: {
        status: 'Offer Declined',
        description: 'Offer declined by the customer',
      },
      audit: { action: 'trade_in.decline', details: { proof: 'link' } },
    });
    expect((await tradeIn.emailOf(t, number, 'trade_in_offer_declined')).text).toContain(
      'Your device will be returned to you.',
    );
  });

  it("refuses a stranger with the contact email with 403 and changes nothing, a signed-in customer's trade-in too", async () => {
    const guests = await tradeIn.sell(t);
    await tradeIn.offered(t, team, guests);
    const { cookie } = await signUpCustomer(t);
    const customers = await tradeIn.sell(t, {}, cookie);
    await tradeIn.offered(t, team, customers);
    for (const number of [guests, customers]) {
      const before = await tradeIn.everythingAbout(t, number);
      const res = await tradeIn.decline(t, number, { email: 'lindiwe@example.com', reason: 'Too low' });
      expectError(res, 403, tradeIn.LINK_REQUIRED);
      expect(await tradeIn.everythingAbout(t, number)).toEqual(before);
    }
  });

  it('refuses another link', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.offered(t, team, number);
    expectError(await tradeIn.decline(t, number, { token: 'forged' }), 403, tradeIn.LINK_INVALID);
    expect((await tradeIn.rowOf(t, number)).status).toBe('Offer Made');
  });

  it('lets the signed-in owner decline without the link', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await tradeIn.sell(t, {}, cookie);
    await tradeIn.offered(t, team, number);
    expect((await tradeIn.decline(t, number, {}, cookie)).statusCode).toBe(200);
    expect((await tradeIn.auditOf(t, number)).at(-1)).toMatchObject({
      action: 'trade_in.decline',
      details: { proof: 'session' },
    });
  });

  it('refuses to decline after accepting (409)', async () => {
    const number = await tradeIn.sell(t);
    const token = await tradeIn.offered(t, team, number);
    await tradeIn.accept(t, number, { token, ...tradeIn.bank });
    const res = await tradeIn.decline(t, number, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This trade-in is Awaiting Payment; an offer can only be declined from Offer Made',
    );
  });

  it('refuses before an offer is made: 409 for the owner, and 403 for anyone else, who learns nothing of its state', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await tradeIn.sell(t, {}, cookie);
    expectError(await tradeIn.decline(t, number, { email: 'lindiwe@example.com' }), 403, tradeIn.LINK_REQUIRED);
    const res = await tradeIn.decline(t, number, {}, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This trade-in is Awaiting Confirmation; an offer can only be declined from Offer Made',
    );
  });
});
