import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, signUpRequests, users } from '../../db/schema';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { emailedTokens, emailsTo, linkToken } from '../../../../tests/support/mail';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { FORGOT_PASSWORD_MS, SIGN_UP_MS } from './auth-routes';
import { RESEND_AFTER_MS } from './emailed-links';
import { sha256 } from './sessions';
import {
  activate,
  changeEmail,
  CUSTOMER_PASSWORD,
  createAgent,
  me,
  signIn,
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
  const floored = useTestApp({ TIMING_FLOORS: 'on' });
  /** How long the route took to answer, in milliseconds, with its reply. */
  const timed = async (url: string, body: unknown) => {
    const started = performance.now();
    const res = await send(floored.app, 'POST', url, { body, headers: fromNewAddress() });
    return { res, ms: performance.now() - started };
  };

  it('sign-up: a taken email answers as a new one, with the same words, both after SIGN_UP_MS', async () => {
    const { email } = await signUpCustomer(floored);
    const taken = await timed('/api/auth/signup', signupBody({ email: email.toUpperCase() }));
    const fresh = await timed('/api/auth/signup', signupBody({ email: 'never.seen@example.co.za' }));
    expect([taken.res.statusCode, fresh.res.statusCode]).toEqual([202, 202]);
    expect(taken.res.json()).toEqual(fresh.res.json());
    expect(taken.ms).toBeGreaterThanOrEqual(SIGN_UP_MS);
    expect(fresh.ms).toBeGreaterThanOrEqual(SIGN_UP_MS);
  });

  it('forgot-password: a known and an unknown email both answer after FORGOT_PASSWORD_MS, with the same words', async () => {
    const { email } = await signUpCustomer(floored);
    const known = await timed('/api/auth/forgot-password', { email });
    const unknown = await timed('/api/auth/forgot-password', { email: 'nobody.here@example.co.za' });
    expect(known.res.json()).toEqual(unknown.res.json());
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MS);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MS);
  });
});

describe('GET /api/auth/me', () => {
  it('answers { user: null } for an anonymous or unknown cookie', async () => {
    expect(await me(t)).toBeNull();
    expect(await me(t, 'qb_session=not-a-real-token')).toBeNull();
  });
});
