import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, signInFailures, signUpRequests, users } from '../../db/schema';
import * as passwords from '../../lib/passwords';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { emailedTokens, emailsTo, linkToken } from '../../../../tests/support/mail';
import { createTestApp, send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { FORGOT_PASSWORD_MS, SIGN_UP_MS } from './auth-routes';
import { RESEND_AFTER_MS } from './emailed-links';
import { sha256 } from './sessions';
import { signInDelayMs } from './sign-in-limit';
import {
  activate,
  ADMIN_PASSWORD,
  changeEmail,
  AGENT_PASSWORD,
  CUSTOMER_PASSWORD,
  createAdmin,
  createAgent,
  me,
  signIn,
  signInAs,
  newAddress,
  passSecondFactor,
  sessionCookie,
  SIGN_UP_LINK,
  signUpCustomer,
  signupBody,
  fromNewAddress,
} from '../../../../tests/support/accounts';

const t = useTestApp();

const CHECK_EMAIL = { message: 'Check your email to finish creating your account' };
const signUp = (body: unknown, headers: Record<string, string> = fromNewAddress()) =>
  send(t.app, 'POST', '/api/auth/signup', { body, headers });
const pendingFor = (email: string) =>
  t.db
    .select()
    .from(signUpRequests)
    .where(sql`lower(${signUpRequests.email}) = ${email.toLowerCase()}`);

/** Signs `body` up and returns the token of the link it emailed (the newest, when the address had others). */
async function signUpForLink(body: ReturnType<typeof signupBody>) {
  const before = await emailedTokens(t, body.email, SIGN_UP_LINK);
  expect((await signUp(body)).statusCode).toBe(202);
  const fresh = (await emailedTokens(t, body.email, SIGN_UP_LINK)).filter((token) => !before.includes(token));
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}
const CONTEXT_WORD = 'Password must not contain QuickBuy or the part of your email before the @';

describe('POST /api/auth/signup', () => {
  it('answers 202 with no session and emails a link to the address, with nothing the form typed; nothing is made until the link is used', async () => {
    const body = signupBody({ email: 'Lerato.M@Example.co.za', firstName: 'Visit evil.example', lastName: 'Zzyzx' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(CHECK_EMAIL);
    expect(res.cookies).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    const [mail, ...more] = await emailsTo(t, body.email, SIGN_UP_LINK);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      to: 'Lerato.M@Example.co.za',
      subject: 'Finish creating your QuickBuy account',
      containsSecret: true,
      status: 'pending',
    });
    const token = linkToken(mail!.text);
    expect(mail!.text).toContain(`http://localhost:3000/signup?token=${token}`);
    expect(mail!.html).toContain(`http://localhost:3000/signup?token=${token}`);
    // Anyone may sign an address up: the email greets nobody by the name typed, and repeats nothing of the form.
    expect(mail!.text).toContain('Hi there,');
    for (const typed of ['evil.example', 'Visit', 'Zzyzx', body.phone, body.idNumber, body.apartment!]) {
      expect(mail!.text, typed).not.toContain(typed);
      expect(mail!.html, typed).not.toContain(typed);
    }
    // Only the link's SHA-256 is stored, with the password's scrypt hash.
    const [pending] = await pendingFor(body.email);
    expect(pending!.tokenHash).toBe(sha256(token));
    expect(pending!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(pending)).not.toContain(CUSTOMER_PASSWORD);
  });

  it('answers a taken email, whatever its case, exactly as a new one, and tells its owner by email', async () => {
    const { email } = await signUpCustomer(t, { email: 'sipho@example.co.za' });
    const taken = await signUp(signupBody({ email: 'SIPHO@example.co.za', firstName: 'Mallory' }));
    const fresh = await signUp(signupBody({ email: 'sipho.new@example.co.za' }));
    expect([taken.statusCode, fresh.statusCode]).toEqual([202, 202]);
    expect(taken.body).toBe(fresh.body);
    expect(taken.cookies).toEqual([]);
    // The owner hears of it; no link is sent and nothing waits for the address.
    const [notice, ...more] = await emailsTo(t, email, 'sign_up_taken');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ to: email, subject: 'Someone tried to sign up with your QuickBuy email' });
    // Its owner's own name, nothing of the form.
    expect(notice!.text).toContain('Hi Thandi,');
    expect(notice!.text + notice!.html).not.toContain('Mallory');
    expect(notice!.text).toContain('Sign in: http://localhost:3000/auth');
    expect(notice!.text).toContain('Reset my password: http://localhost:3000/forgot-password');
    expect(await emailedTokens(t, email, SIGN_UP_LINK)).toHaveLength(1); // the owner's own, used
    expect(await pendingFor(email)).toEqual([]);
  });

  it("answers a staff member's email as any other, and points them to the staff sign-in", async () => {
    const agent = await createAgent(t, 'taken.agent');
    const res = await signUp(signupBody({ email: agent.email }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(CHECK_EMAIL);
    const [notice] = await emailsTo(t, agent.email, 'sign_up_taken');
    expect(notice!.text).toContain('Sign in: http://localhost:3000/agent-login');
  });

  it("says 'Passwords do not match' when the confirmation differs", async () => {
    const res = await signUp(signupBody({ confirmPassword: 'Something-else-1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Passwords do not match');
    expect(res.json().error.fields).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('says which password rule failed: length, then the common-password block', async () => {
    const short = await signUp(signupBody({ password: 'abc1234', confirmPassword: 'abc1234' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe('Password must be at least 8 characters long');
    const common = await signUp(signupBody({ password: 'Password123', confirmPassword: 'Password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      message: 'This password is too common: choose another',
      fields: { password: 'This password is too common: choose another' },
    });
  });

  it("refuses a password holding QuickBuy or the email's name, plainly or with look-alike characters, and emails nothing", async () => {
    const email = 'lerato.mokoena@example.co.za';
    for (const password of ['Quickbuy2026', 'my-QU1CKBUY-pass', 'Lerato-2026!', 'M0k0ena#Cape', 'Mokoena.Lerato']) {
      const res = await signUp(signupBody({ email, password, confirmPassword: password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toEqual({
        code: 'VALIDATION_FAILED',
        message: CONTEXT_WORD,
        fields: { password: CONTEXT_WORD },
      });
    }
    expect(await emailsTo(t, email, SIGN_UP_LINK)).toEqual([]);
    // The same passwords are fine for someone else.
    const other = await signUp(signupBody({ password: 'M0k0ena#Cape', confirmPassword: 'M0k0ena#Cape' }));
    expect(other.statusCode).toBe(202);
  });

  it('requires every field but the apartment, a province of the nine, an ID type and the terms', async () => {
    const res = await signUp({
      ...signupBody(),
      firstName: '',
      city: '',
      province: 'Gauteng North',
      idType: 'licence',
      acceptTerms: false,
      apartment: undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: 'First name is required',
      city: 'City is required',
      province: 'Choose a province',
      idType: 'Choose an ID type',
      acceptTerms: 'You must accept the Terms of Service and Privacy Policy',
    });
  });

  it('accepts a passport instead of an ID number and no apartment', async () => {
    const { cookie } = await signUpCustomer(t, { idType: 'passport', idNumber: 'A12345678', apartment: undefined });
    const profile = (await send(t.app, 'GET', '/api/account/profile', { cookie })).json();
    expect(profile.identification).toEqual({ type: 'passport', number: '•••••5678' });
  });

  it('refuses a request without the QuickBuy header and creates nothing', async () => {
    const body = signupBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_HEADER_MISSING');
    expect(await pendingFor(body.email)).toHaveLength(0);
    expect(await emailsTo(t, body.email, SIGN_UP_LINK)).toHaveLength(0);
  });
});

describe('POST /api/auth/activate (the emailed sign-up link)', () => {
  const INVALID = {
    code: 'SIGN_UP_LINK_INVALID',
    message: 'This sign-up link is invalid or has expired. Please sign up again.',
  };

  it('makes the customer and signs them in with an HttpOnly SameSite=Lax cookie, never returning the ID number', async () => {
    const body = signupBody({ email: 'Naledi.K@Example.co.za' });
    const res = await activate(t, await signUpForLink(body));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: {
        role: 'customer',
        id: expect.any(String),
        email: 'Naledi.K@Example.co.za',
        firstName: 'Thandi',
        lastName: 'Nkosi',
      },
    });
    expect(res.body).not.toContain('9001015009087');
    const cookie = res.cookies.find((c) => c.name === 'qb_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(await me(t, sessionCookie(res))).toMatchObject({ role: 'customer', email: 'Naledi.K@Example.co.za' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'Naledi.K@Example.co.za'));
    expect(row).toMatchObject({ city: 'Cape Town', province: 'Western Cape', idType: 'id', apartment: 'Unit 4' });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    // Only the session token's SHA-256 is stored, and the waiting sign-up is gone.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(sha256(cookie.value));
    expect(await pendingFor(body.email)).toEqual([]);
  });

  it('works once: the link a second time is refused and makes nothing', async () => {
    const body = signupBody();
    const token = await signUpForLink(body);
    expect((await activate(t, token)).statusCode).toBe(201);
    const again = await activate(t, token);
    expectError(again, 400, INVALID);
    expect(again.cookies).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it('refuses a link older than 24 hours, and an unknown one', async () => {
    const token = await signUpForLink(signupBody());
    t.clock.advance(24 * 60 * 60_000 + 1);
    expectError(await activate(t, token), 400, INVALID);
    expectError(await activate(t, 'not-a-token'), 400, INVALID);
  });

  it("lets whoever holds the link set the password: the one typed at sign-up keeps the form's details, another makes the account with the email alone", async () => {
    const body = signupBody();
    const token = await signUpForLink(body);
    const res = await activate(t, token, 'Someone-elses-2026');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: { role: 'customer', id: expect.any(String), email: body.email, firstName: '', lastName: '' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ phone: '', idType: null, idNumber: null, city: null, province: null });
    expect((await signIn(t, body.email, 'Someone-elses-2026')).statusCode).toBe(200);
    expect((await signIn(t, body.email, body.password)).statusCode).toBe(401);
  });

  it('refuses two passwords that differ, or one that breaks a rule, under its field, and leaves the link usable', async () => {
    const body = signupBody({ email: 'nomsa.dube@example.co.za' });
    const token = await signUpForLink(body);
    const refusals: [Record<string, string>, string, string][] = [
      [{ password: 'Table-bay-2026', confirmPassword: 'Table-bay-2027' }, 'confirmPassword', 'Passwords do not match'],
      [
        { password: 'Password123', confirmPassword: 'Password123' },
        'password',
        'This password is too common: choose another',
      ],
      [{ password: 'Nomsa-2026!', confirmPassword: 'Nomsa-2026!' }, 'password', CONTEXT_WORD],
    ];
    for (const [passwords, field, message] of refusals) {
      const res = await send(t.app, 'POST', '/api/auth/activate', {
        body: { token, ...passwords },
        headers: fromNewAddress(),
      });
      expectFieldError(res, 400, 'VALIDATION_FAILED', field, message);
      expect(res.cookies).toEqual([]);
    }
    expect((await activate(t, token)).statusCode).toBe(201);
  });

  it("refuses a sign-in before the link is used with a wrong password's answer", async () => {
    const body = signupBody();
    await signUpForLink(body);
    const res = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email: body.email, password: body.password },
      headers: fromNewAddress(),
    });
    expectError(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  });

  it("keeps a squatter's link: the owner's sign-up replaces the waiting form, and that link makes the owner's account", async () => {
    const email = 'target@example.co.za';
    const squatter = { email, firstName: 'Squatter', password: 'Stolen-goods-77', confirmPassword: 'Stolen-goods-77' };
    const link = await signUpForLink(signupBody(squatter));
    expect((await signUp(signupBody({ email, firstName: 'Palesa' }))).statusCode).toBe(202);
    expect(await emailedTokens(t, email, SIGN_UP_LINK)).toEqual([link]);
    expect(await pendingFor(email)).toHaveLength(1);
    const res = await activate(t, link);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, firstName: 'Palesa' });
    const squatterIn = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: squatter.password },
      headers: fromNewAddress(),
    });
    expectError(squatterIn, 401, { code: 'UNAUTHORIZED', message: 'Invalid email or password' });
  });

  it('refuses a link whose address another account took meanwhile', async () => {
    const body = signupBody();
    const token = await signUpForLink(body);
    const other = await signUpCustomer(t);
    expect((await changeEmail(t, other.cookie, body.email)).statusCode).toBe(200);
    expectError(await activate(t, token), 400, INVALID);
    expect(await pendingFor(body.email)).toEqual([]);
  });
});

describe('a stranger signing up an address that is not theirs', () => {
  const stranger = (email: string) =>
    signupBody({ email, firstName: 'Mallory', password: 'Stolen-goods-77', confirmPassword: 'Stolen-goods-77' });
  const owner = (email: string) => signupBody({ email, firstName: 'Palesa' });
  const linksTo = (email: string) => emailedTokens(t, email, SIGN_UP_LINK);
  const signUpTimes = async (times: number, body: ReturnType<typeof signupBody>) => {
    for (let i = 0; i < times; i++) expect((await signUp(body)).statusCode).toBe(202);
  };

  it('sends one link for every sign-up within 10 minutes of it, one more after, then none until they expire; both links work', async () => {
    const email = 'flooded@example.co.za';
    await signUpTimes(6, stranger(email));
    expect(await linksTo(email)).toHaveLength(1);
    t.clock.advance(RESEND_AFTER_MS);
    await signUpTimes(6, stranger(email));
    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    t.clock.advance(12 * 60 * 60_000);
    await signUpTimes(6, stranger(email));
    expect(await linksTo(email)).toHaveLength(2);
    // One waiting sign-up, which either link finishes.
    const [waiting, ...more] = await pendingFor(email);
    expect(more).toEqual([]);
    expect([waiting!.tokenHash, waiting!.earlierTokenHash].sort()).toEqual(links.map(sha256).sort());
    // Once they expire, the address starts over with a new link.
    t.clock.advance(24 * 60 * 60_000);
    await signUpTimes(1, owner(email));
    expect(await linksTo(email)).toHaveLength(3);
  });

  it("still gets its owner a working link after a stranger's five sign-ups: within 10 minutes the one in the inbox, after them one more", async () => {
    for (const wait of [2 * 60_000, RESEND_AFTER_MS]) {
      const email = `owner.${wait}@example.co.za`;
      await signUpTimes(5, stranger(email));
      t.clock.advance(wait);
      await signUpTimes(1, owner(email));
      const links = await linksTo(email);
      expect(links, `after ${wait} ms`).toHaveLength(wait < RESEND_AFTER_MS ? 1 : 2);
      // The newest link works for the owner, with the owner's password and details.
      const newest = (await pendingFor(email))[0]!.tokenHash;
      const res = await activate(
        t,
        links.find((token) => sha256(token) === newest)!,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ email, firstName: 'Palesa', lastName: 'Nkosi' });
    }
  });

  it("never puts a stranger's form into the owner's account: signed up after the owner's, it leaves the owner an account with the email alone", async () => {
    const email = 'second.form@example.co.za';
    const link = await signUpForLink(owner(email));
    await signUpTimes(1, stranger(email));
    const res = await activate(t, link);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, firstName: '', lastName: '' });
    expect(JSON.stringify(await t.db.select().from(users).where(eq(users.email, email)))).not.toContain('Mallory');
  });
});

describe('equal time whether or not the email exists (docs/decisions/029)', () => {
  /** How long the route took to answer, in milliseconds, with its reply. */
  const timed = async (url: string, body: unknown) => {
    const started = performance.now();
    const res = await send(t.app, 'POST', url, { body, headers: fromNewAddress() });
    return { res, ms: performance.now() - started };
  };

  it('sign-up: a taken email answers as a new one, with the same words, both after SIGN_UP_MS', async () => {
    const { email } = await signUpCustomer(t);
    const taken = await timed('/api/auth/signup', signupBody({ email: email.toUpperCase() }));
    const fresh = await timed('/api/auth/signup', signupBody({ email: 'never.seen@example.co.za' }));
    expect([taken.res.statusCode, fresh.res.statusCode]).toEqual([202, 202]);
    expect(taken.res.json()).toEqual(fresh.res.json());
    expect(taken.ms).toBeGreaterThanOrEqual(SIGN_UP_MS);
    expect(fresh.ms).toBeGreaterThanOrEqual(SIGN_UP_MS);
  });

  it('forgot-password: a known and an unknown email both answer after FORGOT_PASSWORD_MS, with the same words', async () => {
    const { email } = await signUpCustomer(t);
    const known = await timed('/api/auth/forgot-password', { email });
    const unknown = await timed('/api/auth/forgot-password', { email: 'nobody.here@example.co.za' });
    expect(known.res.json()).toEqual(unknown.res.json());
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MS);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MS);
  });
});

describe('POST /api/auth/signin', () => {
  it('signs a customer in by email (any case) and issues a new token at every sign-in', async () => {
    const { email, cookie: first } = await signUpCustomer(t);
    const a = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email: email.toUpperCase(), password: CUSTOMER_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(a.statusCode).toBe(200);
    expect(a.json().user).toMatchObject({ role: 'customer', email });
    const b = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: CUSTOMER_PASSWORD },
      headers: fromNewAddress(),
    });
    const tokens = new Set([first, sessionCookie(a), sessionCookie(b)]);
    expect(tokens.size).toBe(3);
  });

  it("answers 401 'Invalid email or password' for a wrong password or an unknown email", async () => {
    const { email } = await signUpCustomer(t);
    for (const body of [
      { email, password: 'Wrong-password-1' },
      { email: 'nobody@example.co.za', password: CUSTOMER_PASSWORD },
    ]) {
      const res = await send(t.app, 'POST', '/api/auth/signin', { body, headers: fromNewAddress() });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
      expect(res.cookies.find((c) => c.name === 'qb_session')).toBeUndefined();
    }
  });

  it('requires email and password', async () => {
    const res = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email: '', password: '' },
      headers: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('lets a role sign in only through its own form', async () => {
    const agent = await createAgent(t);
    const admin = await createAdmin(t);
    const asCustomer = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email: admin.email, password: ADMIN_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(asCustomer.statusCode).toBe(401);
    const agentAsAdmin = await send(t.app, 'POST', '/api/auth/admin/signin', {
      body: { email: agent.email, password: AGENT_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(agentAsAdmin.statusCode).toBe(401);
    const { email } = await signUpCustomer(t);
    const customerAsAdmin = await send(t.app, 'POST', '/api/auth/admin/signin', {
      body: { email, password: CUSTOMER_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(customerAsAdmin.statusCode).toBe(401);
  });

  it('refuses inactive and soft-deleted users, and their existing sessions stop working', async () => {
    const { email, cookie, user } = await signUpCustomer(t);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const res = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: CUSTOMER_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(res.statusCode).toBe(401);
    expect(await me(t, cookie)).toBeNull();

    const other = await signUpCustomer(t);
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, other.user.id));
    const deleted = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email: other.email, password: CUSTOMER_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(deleted.statusCode).toBe(401);
  });
});

describe('POST /api/auth/agent/signin', () => {
  it('takes the username in any case, then the second factor; /me reports the agent once it is given', async () => {
    await createAgent(t, 'sarah.mitchell');
    const res = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: 'Sarah.Mitchell', password: AGENT_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    const pending = { user: null, secondFactor: { role: 'agent', step: 'enrol', name: 'Sarah Mitchell' } };
    expect(res.json()).toEqual(pending);
    expect((await send(t.app, 'GET', '/api/auth/me', { cookie: sessionCookie(res) })).json()).toEqual(pending);
    const cookie = await passSecondFactor(t, sessionCookie(res), 'enrol', 'sarah.mitchell');
    expect(await me(t, cookie)).toEqual({
      role: 'agent',
      id: expect.any(String),
      username: 'sarah.mitchell',
      name: 'Sarah Mitchell',
      email: 'sarah.mitchell@quickbuy.co.za',
    });
  });

  it("answers 401 with the spec's agent message", async () => {
    await createAgent(t, 'michael.johnson');
    for (const body of [
      { username: 'michael.johnson', password: 'nope-nope-nope' },
      { username: 'nobody', password: AGENT_PASSWORD },
    ]) {
      const res = await send(t.app, 'POST', '/api/auth/agent/signin', { body, headers: fromNewAddress() });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid agent credentials. Please check your username and password.');
    }
  });

  it('refuses an inactive agent', async () => {
    await createAgent(t, 'retired.agent', 'inactive');
    const res = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: 'retired.agent', password: AGENT_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/admin/signin', () => {
  it('signs the admin in by email and the second factor', async () => {
    const admin = await createAdmin(t, 'boss@quickbuy.test');
    const res = await send(t.app, 'POST', '/api/auth/admin/signin', {
      body: { email: 'boss@quickbuy.test', password: ADMIN_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, secondFactor: { role: 'admin', step: 'enrol', name: 'QuickBuy Admin' } });
    const cookie = await passSecondFactor(t, sessionCookie(res), 'enrol', 'boss@quickbuy.test');
    expect(await me(t, cookie)).toEqual({
      role: 'admin',
      id: admin.id,
      email: 'boss@quickbuy.test',
      name: 'QuickBuy Admin',
    });
  });

  it("answers 401 with the spec's admin message", async () => {
    await createAdmin(t, 'boss2@quickbuy.test');
    const res = await send(t.app, 'POST', '/api/auth/admin/signin', {
      body: { email: 'boss2@quickbuy.test', password: 'Wrong-pass-2026' },
      headers: fromNewAddress(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid admin credentials. Please check your email and password.');
  });
});

describe('sign-in rate limit', () => {
  const LIMITED = 'Too many sign-in attempts. Please try again in 15 minutes.';

  it('never locks an account: after 10 failures from other addresses its owner still signs in, only slowed', async () => {
    const { email } = await signUpCustomer(t);
    for (let i = 0; i < 10; i++) {
      const res = await send(t.app, 'POST', '/api/auth/signin', {
        body: { email, password: `Wrong-${i}-password` },
        headers: fromNewAddress(),
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: CUSTOMER_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(right.statusCode).toBe(200);
  }, 60_000); // eleven password checks, each a deliberately slow scrypt: about 10 s on PostgreSQL here

  it('lets the admin in from another address while one address is throttled on the admin email', async () => {
    await createAdmin(t, 'besieged@quickbuy.test');
    const attacker = newAddress();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(t.app, 'POST', '/api/auth/admin/signin', {
          body: { email: 'besieged@quickbuy.test', password: `Guess-${i}-password` },
          headers: { 'x-forwarded-for': attacker },
        }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
    const admin = await send(t.app, 'POST', '/api/auth/admin/signin', {
      body: { email: 'besieged@quickbuy.test', password: ADMIN_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('counts each attempt before its password is checked: 40 at once give exactly 10 checks and 429 for the rest', async () => {
    const { email } = await signUpCustomer(t);
    const address = newAddress();
    const checks = vi.spyOn(passwords, 'verifyPassword');
    try {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          send(t.app, 'POST', '/api/auth/signin', {
            body: { email, password: `Wrong-${i}-password` },
            headers: { 'x-forwarded-for': address },
          }),
        ),
      );
      expect(replies.filter((r) => r.statusCode === 401)).toHaveLength(10);
      expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(30);
      // Ten real scrypt checks, no more: the refused thirty never reached the password.
      expect(checks).toHaveBeenCalledTimes(10);
      expect(replies.find((r) => r.statusCode === 429)!.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: LIMITED,
      });
    } finally {
      checks.mockRestore();
    }
  });

  it('waits longer after each failure: nothing for three, then 100 ms doubling up to a second', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 12].map(signInDelayMs)).toEqual([0, 0, 100, 200, 400, 800, 1000, 1000]);
  });

  it('answers 429 after 10 failures from one address, whatever the accounts tried', async () => {
    const address = newAddress();
    await createAgent(t, 'target.agent');
    for (let i = 0; i < 10; i++) {
      const res = await send(t.app, 'POST', '/api/auth/agent/signin', {
        body: { username: `guess${i}`, password: 'Wrong-password' },
        headers: { 'x-forwarded-for': address },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: 'target.agent', password: AGENT_PASSWORD },
      headers: { 'x-forwarded-for': address },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(LIMITED);
    // Another address is not affected.
    const elsewhere = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: 'target.agent', password: AGENT_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps the count in the database, where every instance reads it', async () => {
    await createAdmin(t, 'counted@quickbuy.test');
    await send(t.app, 'POST', '/api/auth/admin/signin', {
      body: { email: 'Counted@quickbuy.test', password: 'Wrong-pass-2026' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const keys = (await t.db.select().from(signInFailures)).map((r) => r.key);
    expect(keys).toContain('account:admin:counted@quickbuy.test');
    expect(keys).toContain('ip:203.0.113.9');
  });
});

describe('sessions', () => {
  it('end after the idle timeout, and the expired session row is deleted', async () => {
    const { cookie, user } = await signUpCustomer(t);
    t.clock.advance(t.config.SESSION_IDLE_MINUTES * 60_000 - 60_000);
    expect(await me(t, cookie)).not.toBeNull(); // touched: the idle clock restarts
    t.clock.advance(t.config.SESSION_IDLE_MINUTES * 60_000 - 60_000);
    expect(await me(t, cookie)).not.toBeNull();
    t.clock.advance(t.config.SESSION_IDLE_MINUTES * 60_000 + 1);
    const res = await send(t.app, 'GET', '/api/auth/me', { cookie });
    expect(res.json().user).toBeNull();
    expect(res.cookies.find((c) => c.name === 'qb_session')?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('end after the absolute lifetime even when used every day', async () => {
    const { cookie } = await signUpCustomer(t);
    for (let day = 1; day < t.config.SESSION_MAX_DAYS; day++) {
      t.clock.advance(86_400_000);
      expect(await me(t, cookie)).not.toBeNull();
    }
    t.clock.advance(86_400_000);
    expect(await me(t, cookie)).toBeNull();
  });

  it('are short for staff: an admin is signed out after an idle hour, an agent after 12 hours of use', async () => {
    const admin = await createAdmin(t, 'shortlived@quickbuy.test');
    const adminCookie = await signInAs(t, 'admin', admin.email);
    t.clock.advance(59 * 60_000);
    expect(await me(t, adminCookie)).not.toBeNull();
    t.clock.advance(60 * 60_000 + 1);
    expect(await me(t, adminCookie)).toBeNull();

    const agent = await createAgent(t, 'short.lived');
    const agentCookie = await signInAs(t, 'agent', agent.username!);
    for (let half = 1; half < 24; half++) {
      t.clock.advance(30 * 60_000);
      expect(await me(t, agentCookie)).not.toBeNull();
    }
    t.clock.advance(30 * 60_000);
    expect(await me(t, agentCookie)).toBeNull();
  });

  it('touch last_seen_at at most once a minute', async () => {
    const { cookie, user } = await signUpCustomer(t);
    const seen = async () => (await t.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastSeenAt;
    const start = await seen();
    t.clock.advance(30_000);
    await me(t, cookie);
    expect(await seen()).toEqual(start);
    t.clock.advance(31_000);
    await me(t, cookie);
    expect((await seen()).getTime()).toBe(start.getTime() + 61_000);
  });

  it('mark the cookie Secure and send HSTS when PUBLIC_URL is https, whatever the proxy says', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://quickbuy.co.za', ALLOW_SANDBOX_PAYMENTS: 'true' });
    try {
      await expectSecureSignUp(secure);
    } finally {
      await secure.close();
    }
  });

  it('mark the cookie Secure and send HSTS when PUBLIC_URL says HTTPS in capitals, and link to the store in one form', async () => {
    const shouted = await createTestApp({ PUBLIC_URL: 'HTTPS://QuickBuy.co.za/', ALLOW_SANDBOX_PAYMENTS: 'true' });
    try {
      const mail = await expectSecureSignUp(shouted);
      const link = `https://quickbuy.co.za/signup?token=${linkToken(mail.text)}`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link);
    } finally {
      await shouted.close();
    }
  });
});

/**
 * A sign-up finished on an https store, behind a proxy that speaks plain http to it: the cookie and HSTS
 * still follow PUBLIC_URL. Gives the sign-up email the link came in.
 */
async function expectSecureSignUp(store: TestApp) {
  const viaHttp = { ...fromNewAddress(), 'x-forwarded-proto': 'http' };
  const body = signupBody();
  await send(store.app, 'POST', '/api/auth/signup', { body, headers: viaHttp });
  const [mail] = await emailsTo(store, body.email, SIGN_UP_LINK);
  const res = await send(store.app, 'POST', '/api/auth/activate', {
    body: { token: linkToken(mail!.text), password: body.password, confirmPassword: body.password },
    headers: viaHttp,
  });
  expect(res.cookies.find((c) => c.name === 'qb_session')?.secure).toBe(true);
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  return mail!;
}

describe('POST /api/auth/signout', () => {
  it('deletes the session and clears the cookie; the old token is dead afterwards', async () => {
    const { cookie, user } = await signUpCustomer(t);
    const res = await send(t.app, 'POST', '/api/auth/signout', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'qb_session')?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await me(t, cookie)).toBeNull();
  });

  it('without the QuickBuy header is refused and the session lives on', async () => {
    const { cookie } = await signUpCustomer(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(await me(t, cookie)).not.toBeNull();
  });
});

describe('GET /api/auth/me', () => {
  it('answers { user: null } for an anonymous or unknown cookie', async () => {
    expect(await me(t)).toBeNull();
    expect(await me(t, 'qb_session=not-a-real-token')).toBeNull();
  });
});
