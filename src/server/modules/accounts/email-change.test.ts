import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailChanges, passwordResets, users } from '../../db/schema';
import {
  AGENT_PASSWORD,
  changeEmail,
  createAgent,
  CUSTOMER_PASSWORD,
  EMAIL_CHANGE_LINK,
  me,
  newAddress,
  signIn,
  signInAs,
  signUpCustomer,
  fromNewAddress,
} from '../../../../tests/support/accounts';
import { expectError, expectFieldError, expectRateLimited } from '../../../../tests/support/errors';
import { emailedTokens, emailsTo, linkToken } from '../../../../tests/support/mail';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { RESEND_AFTER_MS } from './emailed-links';
import { EMAIL_CHANGE_MS } from './email-change';

const t = useTestApp({ PUBLIC_URL: 'http://shop.quickbuy.test' });

const save = (cookie: string, body: Record<string, string>, headers = fromNewAddress(), app = t.app) =>
  send(app, 'PUT', '/api/account/profile', { cookie, body, headers });
/** Asks for `email` as the account's new email, with the customers' password unless told. */
const askFor = (cookie: string, email: string, currentPassword = CUSTOMER_PASSWORD, headers = fromNewAddress()) =>
  save(cookie, { name: 'Thandi Nkosi', email, currentPassword }, headers);
const confirm = (token: string, currentPassword = CUSTOMER_PASSWORD) =>
  send(t.app, 'POST', '/api/auth/confirm-email', { body: { token, currentPassword }, headers: fromNewAddress() });
const linksTo = (email: string) => emailedTokens(t, email, EMAIL_CHANGE_LINK);
const freshAddress = () => `moving.${newAddress().replaceAll('.', '-')}@example.co.za`;

const UPDATED = 'Profile updated successfully!';
const PASSWORD_FOR_EMAIL = 'Enter your current password to change your email';
const WRONG_PASSWORD = 'Current password is incorrect';
const INVALID = {
  code: 'EMAIL_CHANGE_LINK_INVALID',
  message: 'This link is invalid or has expired. Change your email again from your profile.',
};
const CHANGED = { message: 'Your email has been changed. Use it to sign in from now on.' };

describe('PUT /api/account/profile with a new email', () => {
  it('checks the current password before anything: missing or wrong, one refusal for a taken address and a free one, and nothing is emailed', async () => {
    const holder = await signUpCustomer(t);
    const { cookie, email } = await signUpCustomer(t);
    const free = freshAddress();
    for (const asked of [holder.email, free]) {
      expectFieldError(
        await save(cookie, { name: 'Thandi Nkosi', email: asked }),
        400,
        'VALIDATION_FAILED',
        'currentPassword',
        PASSWORD_FOR_EMAIL,
      );
      expectFieldError(
        await askFor(cookie, asked, 'Not-the-password-1'),
        400,
        'CURRENT_PASSWORD_INCORRECT',
        'currentPassword',
        WRONG_PASSWORD,
      );
    }
    expect(await emailsTo(t, holder.email, 'email_change_taken')).toEqual([]);
    expect(await linksTo(free)).toEqual([]);
    expect(await me(t, cookie)).toMatchObject({ email });
    // A name alone needs no password, and changes at once.
    const renamed = await save(cookie, { name: 'Thandi van der Merwe', email });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      message: UPDATED,
      profile: expect.objectContaining({ name: 'Thandi van der Merwe', email }),
    });
  });

  it("answers a taken address (a customer's in any case, an agent's) exactly as a free one, and changes nothing yet", async () => {
    const holder = await signUpCustomer(t);
    const agent = await createAgent(t);
    const { cookie, email } = await signUpCustomer(t);
    const profile = (await send(t.app, 'GET', '/api/account/profile', { cookie })).json();
    const free = freshAddress();
    for (const asked of [free, holder.email.toUpperCase(), agent.email]) {
      const res = await askFor(cookie, asked);
      expect(res.statusCode, asked).toBe(200);
      expect(res.json(), asked).toEqual({ message: UPDATED, profile, pendingEmail: asked });
    }
    expect(await me(t, cookie)).toMatchObject({ email });
    // The free address gets the link; the holders of the taken ones are told, and get no link.
    expect(await linksTo(free)).toHaveLength(1);
    const [customerNotice, ...more] = await emailsTo(t, holder.email, 'email_change_taken');
    expect(more).toEqual([]);
    expect(customerNotice).toMatchObject({
      subject: 'Someone tried to use your email for another QuickBuy account',
      containsSecret: false,
    });
    expect(customerNotice!.text).toContain('Hi Thandi,');
    expect(customerNotice!.text).toContain('Sign in: http://shop.quickbuy.test/auth');
    const [agentNotice] = await emailsTo(t, agent.email, 'email_change_taken');
    expect(agentNotice!.text).toContain('Sign in: http://shop.quickbuy.test/agent-login');
    for (const taken of [holder.email, agent.email]) expect(await linksTo(taken)).toEqual([]);
  });

  it('emails the new address a link and nothing the account typed: no name, no greeting by name', async () => {
    const { cookie, email } = await signUpCustomer(t);
    const named = 'Visit evil.example now';
    expect((await save(cookie, { name: named, email })).statusCode).toBe(200);
    const free = freshAddress();
    await save(cookie, { name: named, email: free, currentPassword: CUSTOMER_PASSWORD });
    const [mail] = await emailsTo(t, free, EMAIL_CHANGE_LINK);
    expect(mail).toMatchObject({ to: free, subject: 'Confirm your new QuickBuy email', containsSecret: true });
    const token = linkToken(mail!.text);
    expect(mail!.text).toContain('Hi there,');
    expect(mail!.text).toContain(`Confirm my new email: http://shop.quickbuy.test/confirm-email?token=${token}`);
    for (const body of [mail!.text, mail!.html]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('Visit');
    }
  });

  it('sends one link for repeated requests, one more once the first is 10 minutes old, then none; both links work', async () => {
    const { cookie } = await signUpCustomer(t);
    const free = freshAddress();
    for (let i = 0; i < 3; i++) expect((await askFor(cookie, free)).statusCode).toBe(200);
    expect(await linksTo(free)).toHaveLength(1);
    t.clock.advance(RESEND_AFTER_MS);
    for (let i = 0; i < 3; i++) await askFor(cookie, free);
    const links = await linksTo(free);
    expect(links).toHaveLength(2);
    t.clock.advance(6 * 60 * 60_000);
    await askFor(cookie, free);
    expect(await linksTo(free)).toHaveLength(2);
    // Either works: a wrong password leaves one usable, the other makes the change.
    const [one, other] = links as [string, string];
    const refused = await confirm(one, 'Not-the-password-1');
    expectFieldError(refused, 400, 'CURRENT_PASSWORD_INCORRECT', 'currentPassword', WRONG_PASSWORD);
    expect((await confirm(other)).json()).toEqual(CHANGED);
    expect(await me(t, cookie)).toMatchObject({ email: free });
  });

  it('voids the change waiting when another address is asked for, taken or free alike', async () => {
    const holder = await signUpCustomer(t);
    const { cookie } = await signUpCustomer(t);
    for (const next of [holder.email, freshAddress()]) {
      const waiting = freshAddress();
      await askFor(cookie, waiting);
      const [token] = await linksTo(waiting);
      await askFor(cookie, next);
      expectError(await confirm(token!), 400, INVALID);
    }
  });

  it('throttles the current password like sign-in: 10 wrong from one address, then 429 before the new email is looked at', async () => {
    const holder = await signUpCustomer(t);
    const { cookie } = await signUpCustomer(t);
    const address = fromNewAddress();
    for (let i = 0; i < 10; i++) {
      const res = await askFor(cookie, i % 2 ? holder.email : freshAddress(), `Guess-${i}-password`, address);
      expect(res.statusCode).toBe(400);
    }
    expectError(await askFor(cookie, holder.email, CUSTOMER_PASSWORD, address), 429, {
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
    });
    expect(await emailsTo(t, holder.email, 'email_change_taken')).toEqual([]);
  });

  it('is limited: 20 saves a quarter hour from one address, then 429', async () => {
    const { cookie, email } = await signUpCustomer(t);
    const address = fromNewAddress();
    for (let i = 0; i < 20; i++) {
      expect((await save(cookie, { name: `Thandi ${i}`, email }, address)).statusCode).toBe(200);
    }
    expectRateLimited(await save(cookie, { name: 'Thandi 20', email }, address));
    expect((await save(cookie, { name: 'Thandi 21', email })).statusCode).toBe(200);
  });
});

describe('equal time whether or not the new email is taken (docs/decisions/029)', () => {
  const floored = useTestApp({ PUBLIC_URL: 'http://shop.quickbuy.test', TIMING_FLOORS: 'on' });

  it("answers a free address, a customer's and an agent's all after EMAIL_CHANGE_MS", async () => {
    const holder = await signUpCustomer(floored);
    const agent = await createAgent(floored);
    const { cookie } = await signUpCustomer(floored);
    for (const asked of [freshAddress(), holder.email.toUpperCase(), agent.email]) {
      const started = performance.now();
      const body = { name: 'Thandi Nkosi', email: asked, currentPassword: CUSTOMER_PASSWORD };
      const res = await save(cookie, body, fromNewAddress(), floored.app);
      expect(res.statusCode, asked).toBe(200);
      expect(performance.now() - started, asked).toBeGreaterThanOrEqual(EMAIL_CHANGE_MS);
    }
  });
});

describe('POST /api/auth/confirm-email', () => {
  it("changes the email with the account's password, tells the old address, voids reset links, and works once", async () => {
    const { cookie, email: old, user } = await signUpCustomer(t);
    await send(t.app, 'POST', '/api/auth/forgot-password', { body: { email: old } });
    const free = freshAddress();
    await askFor(cookie, free);
    const [token] = await linksTo(free);
    // Anyone holding the link without the password changes nothing, and the link still works.
    const wrong = await confirm(token!, 'Not-the-password-1');
    expectFieldError(wrong, 400, 'CURRENT_PASSWORD_INCORRECT', 'currentPassword', WRONG_PASSWORD);
    expect(await me(t, cookie)).toMatchObject({ email: old });

    const res = await confirm(token!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(CHANGED);
    expect(await me(t, cookie)).toMatchObject({ email: free });
    expect((await signIn(t, free)).statusCode).toBe(200);
    expect((await signIn(t, old)).statusCode).toBe(401);
    const [notice] = await emailsTo(t, old, 'email_changed');
    expect(notice).toMatchObject({ subject: 'Your QuickBuy email was changed' });
    expect(notice!.text).toContain(`was changed to ${free}`);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expectError(await confirm(token!), 400, INVALID);
  });

  it('refuses an unknown link, one older than 24 hours, and one whose address another account took meanwhile', async () => {
    expectError(await confirm('not-a-token'), 400, INVALID);
    const late = await signUpCustomer(t);
    const lateAddress = freshAddress();
    await askFor(late.cookie, lateAddress);
    const [expired] = await linksTo(lateAddress);
    t.clock.advance(24 * 60 * 60_000 + 1);
    expectError(await confirm(expired!), 400, INVALID);

    const first = await signUpCustomer(t);
    const second = await signUpCustomer(t);
    const wanted = freshAddress();
    await askFor(first.cookie, wanted);
    const [token] = await linksTo(wanted);
    expect((await changeEmail(t, second.cookie, wanted)).statusCode).toBe(200);
    expectError(await confirm(token!), 400, INVALID);
    expect(await me(t, first.cookie)).toMatchObject({ email: first.email });
  });

  it("changes a staff member's email the same way, and audits it", async () => {
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    const free = freshAddress();
    expect((await changeEmail(t, cookie, free, AGENT_PASSWORD)).json()).toEqual(CHANGED);
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.id));
    expect(row!.email).toBe(free);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.email'), eq(auditLog.entityId, agent.id)));
    expect(audit).toMatchObject({ actorId: agent.id, before: { email: agent.email }, after: { email: free } });
  });
});
