// Signing in (customers, agents, admins), its rate limit, sessions and sign-out; signing up is auth.test.ts's.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, signInFailures, users } from '../../db/schema';
import * as passwords from '../../lib/passwords';
import { emailsTo, linkToken } from '../../../../tests/support/mail';
import { createTestApp, send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { signInDelayMs } from './sign-in-limit';
import {
  ADMIN_PASSWORD,
  AGENT_PASSWORD,
  CUSTOMER_PASSWORD,
  createAdmin,
  createAgent,
  me,
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
