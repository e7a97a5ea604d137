import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_SLOTS } from '../../../shared/repair-calendar';
import type { RepairBookingInput } from '../../../shared/repairs';
import { passwordResets } from '../../db/schema';
import { seedTradeInQuotes } from '../../seed/trade-in-quotes';
import { createAgent, newAddress, signUpCustomer, signupBody } from '../../../../tests/support/accounts';
import { emailedTokens, emailsTo, outgoingEmail } from '../../../../tests/support/mail';
import { sellForm } from '../../../../tests/support/sell-form';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { sha256 } from '../accounts/sessions';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from './enqueue';

const t = useTestApp();
const HOUR = 60 * 60_000;

/** A request from an address of its own, as many machines of one attacker would send it. */
const post = (url: string, body: unknown) =>
  send(t.app, 'POST', url, { body, headers: { 'x-forwarded-for': newAddress() } });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });

beforeAll(async () => {
  await seedTradeInQuotes(t.db);
  await createAgent(t);
});

describe('at most 5 emails of a kind an hour to one address, from anonymous requests', () => {
  it('sends 5 reset emails for 6 requests from 6 addresses; the last link sent still works', async () => {
    const { email, user } = await signUpCustomer(t);
    for (let i = 0; i < 6; i++) expect((await forgot(email)).statusCode).toBe(200);
    const tokens = await emailedTokens(t, email, 'password_reset');
    expect(tokens).toHaveLength(5);
    // The sixth changed nothing: the one working link is one of the five in the inbox.
    const [live, ...more] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(more).toEqual([]);
    expect(tokens.map(sha256)).toContain(live!.tokenHash);
    // An hour on, the address has its share again.
    t.clock.advance(HOUR);
    await forgot(email);
    expect(await emailedTokens(t, email, 'password_reset')).toHaveLength(6);
  });

  it('counts the address whatever its case', async () => {
    const { email } = await signUpCustomer(t, { email: 'Ayanda.Case@example.co.za' });
    for (const asked of ['ayanda.case@example.co.za', 'AYANDA.CASE@EXAMPLE.CO.ZA', email, email, email, email]) {
      await forgot(asked);
    }
    expect(await emailsTo(t, email, 'password_reset')).toHaveLength(5);
  });

  it('counts requests made at once: 10 in parallel send exactly 5', async () => {
    const { email, user } = await signUpCustomer(t);
    const replies = await Promise.all(Array.from({ length: 10 }, () => forgot(email)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const tokens = await emailedTokens(t, email, 'password_reset');
    expect(tokens).toHaveLength(5);
    // One link works, whichever request came last.
    const live = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(live).toHaveLength(1);
    expect(tokens.map(sha256)).toContain(live[0]!.tokenHash);
  });

  it("sends one 'someone tried to sign up' a day to a taken email, and its reset emails keep their own count", async () => {
    const { email } = await signUpCustomer(t);
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/signup', signupBody({ email }))).statusCode).toBe(202);
    expect(await emailsTo(t, email, 'sign_up_taken')).toHaveLength(1);
    for (let i = 0; i < 5; i++) await forgot(email);
    expect(await emailsTo(t, email, 'password_reset')).toHaveLength(5);
    t.clock.advance(24 * HOUR);
    await post('/api/auth/signup', signupBody({ email }));
    expect(await emailsTo(t, email, 'sign_up_taken')).toHaveLength(2);
  });

  it('records a 6th trade-in to one contact email but sends its confirmation only 5 times', async () => {
    const contactEmail = 'sell.flood@example.co.za';
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/trade-ins', sellForm({ contactEmail }));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await emailsTo(t, contactEmail, 'trade_in_submitted')).toHaveLength(5);
  });

  it('records a 6th repair booking for one email but sends its confirmation only 5 times, and its cancel as often', async () => {
    const email = 'repair.flood@example.co.za';
    const numbers = await bookRepairs(6, { email, pickupDate: '2026-11-24' });
    expect(await emailsTo(t, email, 'repair_confirmation')).toHaveLength(5);
    for (const number of numbers) {
      const res = await post(`/api/repairs/${number}/cancel`, { email });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await emailsTo(t, email, 'repair_status')).toHaveLength(5);
  });
});

/** Books `times` repairs for one customer's details, each in a slot of its own on `pickupDate`; their numbers. */
async function bookRepairs(
  times: number,
  details: Partial<RepairBookingInput['customerDetails']> & { pickupDate: string },
) {
  const { pickupDate, ...customer } = details;
  const numbers: string[] = [];
  for (let i = 0; i < times; i++) {
    const booking: RepairBookingInput = {
      deviceType: 'phone',
      service: 'screen-repair',
      timeframe: '1 day',
      deviceDetails: { brand: 'Samsung', model: 'Galaxy S23', issueType: 'Screen Damage', description: 'Cracked' },
      customerDetails: {
        name: 'Thandi Nkosi',
        phone: '+27 82 123 4567',
        email: '',
        address: '12 Kloof Street',
        ...customer,
      },
      pickupDate,
      pickupTime: PICKUP_SLOTS[i]!,
    };
    const res = await post('/api/repairs/bookings', booking);
    expect(res.statusCode, res.body).toBe(201);
    numbers.push(res.json().bookingNumber);
  }
  return numbers;
}

describe('what an anonymous request emails to the address it typed carries nothing else it typed', () => {
  const TYPED = 'Claim your prize at evil.example';
  const expectNothingTyped = (mail: { text: string; html: string } | undefined) => {
    expect(mail).toBeDefined();
    for (const body of [mail!.text, mail!.html]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('prize');
    }
  };

  it("names a trade-in's device by the form's lists alone: brand, storage and type, never the model typed", async () => {
    const contactEmail = 'sell.words@example.co.za';
    const res = await post('/api/trade-ins', sellForm({ contactEmail, model: TYPED }));
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await emailsTo(t, contactEmail, 'trade_in_submitted');
    expectNothingTyped(mail);
    expect(mail!.text).toContain('We received the details of your Apple 128GB phone.');
  });

  it("greets a repair's booker by no name, points to no address typed, and says the same when they cancel it", async () => {
    const email = 'repair.words@example.co.za';
    const [number] = await bookRepairs(1, { email, name: TYPED, address: TYPED, pickupDate: '2026-11-25' });
    const [confirmation] = await emailsTo(t, email, 'repair_confirmation');
    expectNothingTyped(confirmation);
    expect(confirmation!.text).toContain('Hello,');
    expect(confirmation!.text).toContain('from the address you gave.');
    expect((await post(`/api/repairs/${number}/cancel`, { email })).statusCode).toBe(200);
    const [cancelled] = await emailsTo(t, email, 'repair_status');
    expectNothingTyped(cancelled);
  });
});

describe('enqueueEmail({ perRecipientPerHour })', () => {
  it('drops an email past the cap and returns null; mail without the option is never capped', async () => {
    const to = 'staff.moves@example.co.za';
    const capped = [];
    for (let i = 0; i < 6; i++) {
      capped.push(
        await enqueueEmail(t.db, outgoingEmail({ to, kind: 'capped_kind' }), t.clock.now(), ANONYMOUS_MAIL_CAP),
      );
    }
    expect(capped.filter((row) => row === null)).toHaveLength(1);
    for (let i = 0; i < 8; i++) await enqueueEmail(t.db, outgoingEmail({ to, kind: 'order_status' }), t.clock.now());
    expect(await emailsTo(t, to, 'order_status')).toHaveLength(8);
  });
});
