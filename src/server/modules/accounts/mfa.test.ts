import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  activate,
  AGENT_PASSWORD,
  authenticatorSecret,
  createAdmin,
  createAgent,
  newAddress,
  nextTotpCode,
  passwordStep as passwordOnly,
  sessionCookie,
  signInAs,
  signUpCustomer,
  signupBody,
  SIGN_UP_LINK,
  fromNewAddress,
} from '../../../../tests/support/accounts';
import { emailedTokens } from '../../../../tests/support/mail';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { createTestApp, send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { loadConfig } from '../../config';
import { auditLog, sessions, signInFailures, staffFactors, staffRecoveryCodes } from '../../db/schema';
import { resetStaffSecondFactor } from './second-factor';
import { sha256 } from './sessions';
import { RECOVERY_CODE_MAX_FAILURES, SECOND_FACTOR_MAX_FAILURES, signInDelayMs } from './sign-in-limit';
import * as totp from './totp';

const t = useTestApp();

const post = (url: string, cookie?: string, body?: unknown, headers = fromNewAddress()) =>
  send(t.app, 'POST', url, { cookie, body, headers });
/** POST /api/auth/mfa/code: the second step of a staff sign-in. */
const sendCode = (cookie: string | undefined, body: { code: string }, headers = fromNewAddress()) =>
  post('/api/auth/mfa/code', cookie, body, headers);
/** The sign-in failures counted under a key (`factor:<user id>`, `account:admin:<email>`). */
const failuresUnder = (key: string) => t.db.select().from(signInFailures).where(eq(signInFailures.key, key));
const me = async (cookie?: string) => (await send(t.app, 'GET', '/api/auth/me', { cookie })).json();

const MFA_REQUIRED = {
  code: 'MFA_REQUIRED',
  message: 'Enter the code from your authenticator app to finish signing in',
};
const NOT_PENDING = { code: 'MFA_NOT_PENDING', message: 'You are already signed in' };
const NOT_ENROLLED = { code: 'MFA_NOT_ENROLLED', message: 'Set up your authenticator app first' };
const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
const WRONG_FIRST_CODE =
  "That code does not match this setup. Use the QuickBuy entry you added from this page's QR code (remove any older one), and check that your phone sets its time automatically.";
const LIMITED = { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please try again in 15 minutes.' };

/** The password step of a staff sign-in: the pending session's cookie. */
const passwordStep = async (app: TestApp, kind: 'agent' | 'admin', identifier: string, headers = fromNewAddress()) =>
  sessionCookie(await passwordOnly(app, kind, identifier, headers));

/** A staff member who set up their authenticator at a first sign-in, signed out again. */
async function enrolledAdmin() {
  const admin = await createAdmin(t);
  await signInAs(t, 'admin', admin.email);
  return { ...admin, secret: authenticatorSecret(t, admin.email) };
}

const maxAgeOf = (res: { cookies: Array<{ name: string; maxAge?: number }> }) =>
  res.cookies.find((c) => c.name === 'qb_session')?.maxAge;

describe('POST /api/auth/mfa/enrolment', () => {
  it('gives a pending session a new secret, its otpauth link as a QR code, and ten recovery codes kept hashed', async () => {
    const agent = await createAgent(t);
    const cookie = await passwordStep(t, 'agent', agent.username!);
    const res = await post('/api/auth/mfa/enrolment', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrCode, recoveryCodes } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/QuickBuy:${agent.username}?secret=${secret}&issuer=QuickBuy&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg [^>]*viewBox/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);

    // Sealed at rest; the recovery codes as SHA-256 only.
    const [factor] = await t.db.select().from(staffFactors).where(eq(staffFactors.userId, agent.id));
    expect(factor!.sealedSecret).toMatch(/^v1\./);
    expect(factor!.sealedSecret).not.toContain(secret);
    expect(factor!.confirmedAt).toBeNull();
    const stored = await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      recoveryCodes.map((c: string) => sha256(c.replaceAll('-', ''))).sort(),
    );
  });

  it('shows the same setup again until it expires, then a new one, and refuses one confirmed: 409 MFA_ENROLLED', async () => {
    const agent = await createAgent(t);
    const cookie = await passwordStep(t, 'agent', agent.username!);
    const first = (await post('/api/auth/mfa/enrolment', cookie)).json();
    expect(first.expiresAt).toBe(new Date(t.clock.now().getTime() + 60 * 60_000).toISOString());
    t.clock.advance(5 * 60_000);
    // A reload, and a new sign-in within the hour: the app scanned from the first still fits.
    expect((await post('/api/auth/mfa/enrolment', cookie)).json()).toEqual(first);
    const later = await passwordStep(t, 'agent', agent.username!);
    expect((await post('/api/auth/mfa/enrolment', later)).json()).toEqual(first);
    const [factor] = await t.db.select().from(staffFactors).where(eq(staffFactors.userId, agent.id));
    expect(factor!.sealedRecoveryCodes).toMatch(/^v1\./);
    expect(factor!.sealedRecoveryCodes).not.toContain(first.recoveryCodes[0]);

    t.clock.advance(55 * 60_000);
    const fresh = await passwordStep(t, 'agent', agent.username!);
    const second = (await post('/api/auth/mfa/enrolment', fresh)).json();
    expect(second.secret).not.toBe(first.secret);
    expect(second.recoveryCodes).not.toEqual(first.recoveryCodes);
    const stored = await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      second.recoveryCodes.map((c: string) => sha256(c.replaceAll('-', ''))).sort(),
    );

    await signInAs(t, 'agent', agent.username!);
    const [confirmed] = await t.db.select().from(staffFactors).where(eq(staffFactors.userId, agent.id));
    expect(confirmed!.sealedRecoveryCodes).toBeNull();
    const again = await passwordStep(t, 'agent', agent.username!);
    expect((await me(again)).secondFactor.step).toBe('code');
    expectError(await post('/api/auth/mfa/enrolment', again), 409, {
      code: 'MFA_ENROLLED',
      message: 'Your authenticator app is already set up',
    });
  });

  it('gives two requests at once the same setup', async () => {
    const agent = await createAgent(t);
    const cookie = await passwordStep(t, 'agent', agent.username!);
    const [a, b] = await Promise.all([
      post('/api/auth/mfa/enrolment', cookie),
      post('/api/auth/mfa/enrolment', cookie),
    ]);
    expect(a.json().secret).toBe(b.json().secret);
    expect(await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id))).toHaveLength(
      10,
    );
  });
});

describe('POST /api/auth/mfa/enrolment/confirm', () => {
  it('needs the saved-codes box and a 6-digit code', async () => {
    const admin = await createAdmin(t);
    const cookie = await passwordStep(t, 'admin', admin.email);
    await post('/api/auth/mfa/enrolment', cookie);
    const res = await post('/api/auth/mfa/enrolment/confirm', cookie, { code: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      savedRecoveryCodes: 'Confirm that you saved your recovery codes',
      code: 'Enter the 6-digit code from your authenticator app',
    });
  });

  it('refuses a wrong first code; the right one finishes the sign-in under a new token, audited', async () => {
    const admin = await createAdmin(t);
    const pending = await passwordStep(t, 'admin', admin.email);
    const { secret } = (await post('/api/auth/mfa/enrolment', pending)).json();
    const step = totp.totpStep(t.clock.now());
    const wrong = String((Number(totp.totpCode(secret, step)) + 1) % 1_000_000).padStart(6, '0');
    expectFieldError(
      await post('/api/auth/mfa/enrolment/confirm', pending, { savedRecoveryCodes: true, code: wrong }),
      400,
      'VALIDATION_FAILED',
      'code',
      WRONG_FIRST_CODE,
    );

    const res = await post('/api/auth/mfa/enrolment/confirm', pending, {
      savedRecoveryCodes: true,
      code: totp.totpCode(secret, step),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { role: 'admin', id: admin.id, email: admin.email, name: 'QuickBuy Admin' } });
    const cookie = sessionCookie(res);
    expect(cookie).not.toBe(pending);
    expect(maxAgeOf(res)).toBe(12 * 3600);
    expect((await me(cookie)).user.role).toBe('admin');
    expect(await me(pending)).toEqual({ user: null });
    expect((await send(t.app, 'GET', '/api/admin/me', { cookie })).statusCode).toBe(200);

    const [factor] = await t.db.select().from(staffFactors).where(eq(staffFactors.userId, admin.id));
    expect(factor).toMatchObject({ confirmedAt: t.clock.now(), lastStep: step });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'admin.mfa_enrol'));
    expect(audit).toMatchObject({ actorId: admin.id, entityType: 'admin', entityId: admin.id });
  });
  it('refuses the right code of a setup that expired: 409, reload for a new one', async () => {
    const agent = await createAgent(t);
    const pending = await passwordStep(t, 'agent', agent.username!);
    const { secret } = (await post('/api/auth/mfa/enrolment', pending)).json();
    t.clock.advance(60 * 60_000);
    const later = await passwordStep(t, 'agent', agent.username!);
    const code = totp.totpCode(secret, totp.totpStep(t.clock.now()));
    expectError(await post('/api/auth/mfa/enrolment/confirm', later, { savedRecoveryCodes: true, code }), 409, {
      code: 'MFA_SETUP_EXPIRED',
      message: 'This setup expired. Reload the page to get a new QR code and recovery codes.',
    });
  });
});

describe('POST /api/auth/mfa/code', () => {
  it('signs an enrolled admin in with the code of the step before, now or after', async () => {
    const admin = await enrolledAdmin();
    t.clock.advance(120_000);
    const now = totp.totpStep(t.clock.now());
    for (const step of [now - 1, now, now + 1]) {
      const res = await sendCode(await passwordStep(t, 'admin', admin.email), {
        code: totp.totpCode(admin.secret, step),
      });
      expect(res.statusCode, `step ${step - now}`).toBe(200);
      expect(res.json().user.role).toBe('admin');
    }
  });

  it('refuses a wrong code and a code two steps away, under the field', async () => {
    const admin = await enrolledAdmin();
    t.clock.advance(120_000);
    const cookie = await passwordStep(t, 'admin', admin.email);
    const step = totp.totpStep(t.clock.now());
    for (const code of ['000000', totp.totpCode(admin.secret, step + 2), totp.totpCode(admin.secret, step - 2)]) {
      if (code === totp.totpCode(admin.secret, step)) continue;
      expectFieldError(await sendCode(cookie, { code }), 400, 'VALIDATION_FAILED', 'code', WRONG_CODE);
    }
    expect(await me(cookie)).toMatchObject({ user: null, secondFactor: { step: 'code' } });
  });

  it('refuses a code already used, even in another session, and any code of an earlier step', async () => {
    const admin = await enrolledAdmin();
    t.clock.advance(120_000);
    const code = totp.totpCode(admin.secret, totp.totpStep(t.clock.now()));
    expect((await sendCode(await passwordStep(t, 'admin', admin.email), { code })).statusCode).toBe(200);
    const used = 'That code was already used. Wait for the next code in your authenticator app.';
    const replay = await sendCode(await passwordStep(t, 'admin', admin.email), { code });
    expectFieldError(replay, 400, 'MFA_CODE_USED', 'code', used);
    const earlier = totp.totpCode(admin.secret, totp.totpStep(t.clock.now()) - 1);
    const older = await sendCode(await passwordStep(t, 'admin', admin.email), { code: earlier });
    expectFieldError(older, 400, 'MFA_CODE_USED', 'code', used);
  });

  it('takes one of two requests with the same code at once', async () => {
    const admin = await enrolledAdmin();
    t.clock.advance(120_000);
    const code = totp.totpCode(admin.secret, totp.totpStep(t.clock.now()));
    const [a, b] = [await passwordStep(t, 'admin', admin.email), await passwordStep(t, 'admin', admin.email)];
    const replies = await Promise.all([a, b].map((cookie) => sendCode(cookie, { code })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('is for a pending staff session only: 409 once signed in, 403 for a customer, 401 for nobody', async () => {
    const agent = await createAgent(t);
    const full = await signInAs(t, 'agent', agent.username!);
    expectError(await sendCode(full, { code: '123456' }), 409, NOT_PENDING);
    const customer = await signUpCustomer(t);
    expect((await sendCode(customer.cookie, { code: '123456' })).statusCode).toBe(403);
    expectError(await sendCode(undefined, { code: '123456' }), 401, {
      code: 'UNAUTHORIZED',
      message: 'Please sign in',
    });
  });

  it('asks an agent who has not set up an app to do that first: 409', async () => {
    const agent = await createAgent(t);
    const cookie = await passwordStep(t, 'agent', agent.username!);
    expectError(await sendCode(cookie, { code: '123456' }), 409, NOT_ENROLLED);
  });
});

describe('POST /api/auth/mfa/recovery', () => {
  it('lets a recovery code in once, whatever its case and spacing, and audits its use', async () => {
    const agent = await createAgent(t);
    const pending = await passwordStep(t, 'agent', agent.username!);
    const { recoveryCodes, secret } = (await post('/api/auth/mfa/enrolment', pending)).json();
    const step = totp.totpStep(t.clock.now());
    await post('/api/auth/mfa/enrolment/confirm', pending, {
      savedRecoveryCodes: true,
      code: totp.totpCode(secret, step),
    });

    const typed = ` ${recoveryCodes[3].toUpperCase().replaceAll('-', ' ')} `;
    const res = await post('/api/auth/mfa/recovery', await passwordStep(t, 'agent', agent.username!), {
      recoveryCode: typed,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'agent', id: agent.id });
    const again = await post('/api/auth/mfa/recovery', await passwordStep(t, 'agent', agent.username!), {
      recoveryCode: recoveryCodes[3],
    });
    const invalid = 'That recovery code is not right, or it was already used.';
    expectFieldError(again, 400, 'VALIDATION_FAILED', 'recoveryCode', invalid);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'agent.mfa_recovery_code'));
    expect(audit).toMatchObject({ actorId: agent.id, entityId: agent.id });
    const used = await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id));
    expect(used.filter((r) => r.usedAt)).toHaveLength(1);
  });
});

describe('a session waiting for its second factor', () => {
  it('reaches no admin, agent or customer route (401 MFA_REQUIRED) and is nobody on a public one', async () => {
    const admin = await createAdmin(t);
    const agent = await createAgent(t);
    const adminPending = await passwordStep(t, 'admin', admin.email);
    const agentPending = await passwordStep(t, 'agent', agent.username!);
    const routes: Array<['GET' | 'POST' | 'PUT', string, string]> = [
      ['GET', '/api/admin/me', adminPending],
      ['GET', '/api/admin/agents', adminPending],
      ['GET', '/api/admin/orders', adminPending],
      ['GET', '/api/agent/summary', agentPending],
      ['GET', '/api/agent/profile', agentPending],
      ['GET', '/api/account/profile', agentPending],
      ['GET', '/api/account/orders', adminPending],
      ['PUT', '/api/account/profile', agentPending],
      ['POST', '/api/account/password', adminPending],
    ];
    for (const [method, url, cookie] of routes) {
      expectError(
        await send(t.app, method, url, { cookie, body: method === 'GET' ? undefined : {} }),
        401,
        MFA_REQUIRED,
      );
    }
    expect(await me(adminPending)).toEqual({
      user: null,
      secondFactor: { role: 'admin', step: 'enrol', name: 'QuickBuy Admin' },
    });
  });

  it('lives 10 minutes, cookie included', async () => {
    const agent = await createAgent(t);
    const res = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: agent.username, password: AGENT_PASSWORD },
      headers: fromNewAddress(),
    });
    expect(maxAgeOf(res)).toBe(600);
    const cookie = sessionCookie(res);
    t.clock.advance(9 * 60_000);
    expect((await me(cookie)).secondFactor).toBeDefined();
    t.clock.advance(60_000);
    expect(await me(cookie)).toEqual({ user: null });
  });

  it('ends at sign-out', async () => {
    const agent = await createAgent(t);
    const cookie = await passwordStep(t, 'agent', agent.username!);
    expect((await post('/api/auth/signout', cookie)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, agent.id))).toHaveLength(0);
  });
});

describe('the session cookie', () => {
  it('lives as long as its session: 30 days for a customer, 12 hours for staff', async () => {
    // A customer's session begins at the sign-up link's activation.
    const body = signupBody();
    await send(t.app, 'POST', '/api/auth/signup', { body, headers: fromNewAddress() });
    const [token] = await emailedTokens(t, body.email, SIGN_UP_LINK);
    expect(maxAgeOf(await activate(t, token!, body.password))).toBe(30 * 86_400);
    const admin = await createAdmin(t);
    const pending = await passwordStep(t, 'admin', admin.email);
    const { secret } = (await post('/api/auth/mfa/enrolment', pending)).json();
    const res = await post('/api/auth/mfa/enrolment/confirm', pending, {
      savedRecoveryCodes: true,
      code: totp.totpCode(secret, totp.totpStep(t.clock.now())),
    });
    expect(maxAgeOf(res)).toBe(43_200);
  });
});

describe('POST /api/admin/agents/:id/reset-mfa', () => {
  it("removes the agent's app and recovery codes, ends their sessions, is audited, and their next sign-in sets up a new app", async () => {
    const agent = await createAgent(t);
    const agentCookie = await signInAs(t, 'agent', agent.username!);
    const admin = await createAdmin(t);
    const adminCookie = await signInAs(t, 'admin', admin.email);

    const res = await post(`/api/admin/agents/${agent.id}/reset-mfa`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Authenticator reset: the agent sets up a new one at their next sign-in' });
    expect(await me(agentCookie)).toEqual({ user: null });
    expect(await t.db.select().from(staffFactors).where(eq(staffFactors.userId, agent.id))).toHaveLength(0);
    expect(await t.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, agent.id))).toHaveLength(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.mfa_reset'), eq(auditLog.entityId, agent.id)));
    expect(audit).toMatchObject({ actorId: admin.id, actorRole: 'admin', before: { username: agent.username } });

    expect((await me(await passwordStep(t, 'agent', agent.username!))).secondFactor.step).toBe('enrol');
  });

  it('answers 404 for an unknown agent and 403 to an agent', async () => {
    const admin = await createAdmin(t);
    const adminCookie = await signInAs(t, 'admin', admin.email);
    expectError(await post('/api/admin/agents/00000000-0000-4000-8000-000000000000/reset-mfa', adminCookie), 404, {
      code: 'AGENT_NOT_FOUND',
      message: 'Agent not found',
    });
    const agent = await createAgent(t);
    const agentCookie = await signInAs(t, 'agent', agent.username!);
    expect((await post(`/api/admin/agents/${agent.id}/reset-mfa`, agentCookie)).statusCode).toBe(403);
  });
});

describe("the operator's reset (npm run staff:reset-mfa)", () => {
  it("removes the admin's app, ends their sessions and records it as the operator's", async () => {
    const admin = await enrolledAdmin();
    const cookie = await signInAs(t, 'admin', admin.email);
    expect(await resetStaffSecondFactor({ db: t.db, clock: t.clock, identifier: admin.email.toUpperCase() })).toEqual({
      role: 'admin',
      email: admin.email,
    });
    expect(await me(cookie)).toEqual({ user: null });
    expect((await me(await passwordStep(t, 'admin', admin.email))).secondFactor.step).toBe('enrol');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.mfa_reset'), eq(auditLog.entityId, admin.id)));
    expect(audit).toMatchObject({ actorId: null, details: { by: 'operator' } });
    expect(await resetStaffSecondFactor({ db: t.db, clock: t.clock, identifier: 'nobody@quickbuy.test' })).toBeNull();
  });
});

describe('one budget per account, shared by parallel requests', () => {
  it(`gives 40 wrong codes sent at once from 20 addresses exactly ${SECOND_FACTOR_MAX_FAILURES} checks, 429 for the rest, and the owner's code after the quarter hour`, async () => {
    const admin = await enrolledAdmin();
    t.clock.advance(120_000);
    const addresses = Array.from({ length: 20 }, newAddress);
    const pending = await Promise.all(
      addresses.map((address) => passwordStep(t, 'admin', admin.email, { 'x-forwarded-for': address })),
    );
    const step = totp.totpStep(t.clock.now());
    const right = new Set([-1, 0, 1].map((offset) => totp.totpCode(admin.secret, step + offset)));
    const wrong = Array.from({ length: 40 }, (_, i) => String(100_000 + i * 7919)).filter((c) => !right.has(c));
    const checks = vi.spyOn(totp, 'matchTotp');
    try {
      const replies = await Promise.all(
        wrong
          .slice(0, 40)
          .map((code, i) => sendCode(pending[i % 20], { code }, { 'x-forwarded-for': addresses[i % 20]! })),
      );
      expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(SECOND_FACTOR_MAX_FAILURES);
      expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(40 - SECOND_FACTOR_MAX_FAILURES);
      expect(checks).toHaveBeenCalledTimes(SECOND_FACTOR_MAX_FAILURES);
      expectError(
        replies.find((r) => r.statusCode === 429)!,
        429,
        LIMITED,
      );
    } finally {
      checks.mockRestore();
    }
    // The failures stand under the account's key too, beside the passwords'.
    expect(await failuresUnder(`account:admin:${admin.email}`)).toHaveLength(SECOND_FACTOR_MAX_FAILURES);

    // Even the right code waits for the window to pass: only a password holder can spend this budget.
    const owner = await passwordStep(t, 'admin', admin.email);
    expectError(await sendCode(owner, { code: await nextTotpCode(t, admin.email) }), 429, LIMITED);
    t.clock.advance(15 * 60_000 + 1);
    const later = await passwordStep(t, 'admin', admin.email);
    expect((await sendCode(later, { code: await nextTotpCode(t, admin.email) })).statusCode).toBe(200);
    expect(await failuresUnder(`factor:${admin.id}`)).toEqual([]);
  });

  it('makes 40 wrong passwords sent at once from 20 addresses wait their turn: all but 3 slowed, 33 by a second or more', async () => {
    const admin = await createAdmin(t);
    const addresses = Array.from({ length: 20 }, newAddress);
    const timed = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const started = performance.now();
        const res = await send(t.app, 'POST', '/api/auth/admin/signin', {
          body: { email: admin.email, password: `Wrong-${i}-password` },
          headers: { 'x-forwarded-for': addresses[i % 20]! },
        });
        return { status: res.statusCode, ms: performance.now() - started };
      }),
    );
    expect(timed.every((r) => r.status === 401)).toBe(true);
    // Counted one after another under the account's lock, the n-th waited signInDelayMs(n - 1): 0, 0, 0,
    // 100, 200, 400, 800, then 1000 ms for each of the last 33, however many addresses they came from.
    const waits = Array.from({ length: 40 }, (_, n) => signInDelayMs(n));
    expect(waits.filter((ms) => ms >= 1000)).toHaveLength(33);
    expect(timed.filter((r) => r.ms >= 1000).length).toBeGreaterThanOrEqual(33);
    expect(timed.filter((r) => r.ms >= 100).length).toBeGreaterThanOrEqual(37);
    // Slowed, never locked: the owner's password still opens the second step.
    expect((await me(await passwordStep(t, 'admin', admin.email))).secondFactor.step).toBe('enrol');
  }, 90_000);
});

describe('recovery codes, counted apart from authenticator codes', () => {
  /** An agent who set up their app, with their recovery codes, and a wrong code for now. */
  async function enrolledAgent() {
    const agent = await createAgent(t);
    const pending = await passwordStep(t, 'agent', agent.username!);
    const { recoveryCodes, secret } = (await post('/api/auth/mfa/enrolment', pending)).json();
    const code = totp.totpCode(secret, totp.totpStep(t.clock.now()));
    await post('/api/auth/mfa/enrolment/confirm', pending, { savedRecoveryCodes: true, code });
    t.clock.advance(120_000);
    const step = totp.totpStep(t.clock.now());
    const right = new Set([-1, 0, 1].map((offset) => totp.totpCode(secret, step + offset)));
    const wrongCode = ['000000', '111111'].find((c) => !right.has(c))!;
    const codeNow = () => totp.totpCode(secret, totp.totpStep(t.clock.now()));
    return { agent, recoveryCodes: recoveryCodes as string[], wrongCode, codeNow };
  }
  const wrongCodes = async (cookie: string, code: string, times: number) => {
    for (let i = 0; i < times; i++) await sendCode(cookie, { code });
  };

  it(`still let a recovery code in once ${SECOND_FACTOR_MAX_FAILURES} wrong codes shut the code step for the quarter hour`, async () => {
    const { agent, recoveryCodes, wrongCode, codeNow } = await enrolledAgent();
    const pending = await passwordStep(t, 'agent', agent.username!);
    await wrongCodes(pending, wrongCode, SECOND_FACTOR_MAX_FAILURES);
    expectError(await sendCode(pending, { code: codeNow() }), 429, LIMITED);
    const res = await post('/api/auth/mfa/recovery', pending, { recoveryCode: recoveryCodes[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'agent', id: agent.id });
    // The owner is in: the wrong codes are forgiven.
    expect(await failuresUnder(`factor:${agent.id}`)).toEqual([]);
  });

  it(`take ${RECOVERY_CODE_MAX_FAILURES} wrong recovery codes a quarter hour, then 429 for recovery codes alone`, async () => {
    const { agent, recoveryCodes, codeNow } = await enrolledAgent();
    const pending = await passwordStep(t, 'agent', agent.username!);
    const invalid = 'That recovery code is not right, or it was already used.';
    for (let i = 0; i < RECOVERY_CODE_MAX_FAILURES; i++) {
      const res = await post('/api/auth/mfa/recovery', pending, { recoveryCode: `aaaa-bbbb-cccc-dddd-eeee-ff${i}a` });
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'recoveryCode', invalid);
    }
    expectError(await post('/api/auth/mfa/recovery', pending, { recoveryCode: recoveryCodes[1] }), 429, LIMITED);
    // The app's code is another count: it still signs the agent in.
    const res = await sendCode(pending, { code: codeNow() });
    expect(res.statusCode).toBe(200);
  });

  it("are forgotten with the agent's authenticator when the admin resets it: the agent sets up a new app at once", async () => {
    const { agent, wrongCode } = await enrolledAgent();
    await wrongCodes(await passwordStep(t, 'agent', agent.username!), wrongCode, SECOND_FACTOR_MAX_FAILURES);
    const admin = await createAdmin(t);
    const adminCookie = await signInAs(t, 'admin', admin.email);
    expect((await post(`/api/admin/agents/${agent.id}/reset-mfa`, adminCookie)).statusCode).toBe(200);
    expect(await failuresUnder(`factor:${agent.id}`)).toEqual([]);
    const pending = await passwordStep(t, 'agent', agent.username!);
    const { secret } = (await post('/api/auth/mfa/enrolment', pending)).json();
    const res = await post('/api/auth/mfa/enrolment/confirm', pending, {
      savedRecoveryCodes: true,
      code: totp.totpCode(secret, totp.totpStep(t.clock.now())),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'agent', id: agent.id });
  });
});

describe('STAFF_MFA', () => {
  it('is required by default; off signs staff in with a password alone', async () => {
    expect(loadConfig({}).STAFF_MFA).toBe('required');
    const off = await createTestApp({ STAFF_MFA: 'off' });
    try {
      const agent = await createAgent(off);
      const res = await send(off.app, 'POST', '/api/auth/agent/signin', {
        body: { username: agent.username, password: AGENT_PASSWORD },
        headers: fromNewAddress(),
      });
      expect(res.json().user).toMatchObject({ role: 'agent', id: agent.id });
      expect(maxAgeOf(res)).toBe(43_200);
      const summary = await send(off.app, 'GET', '/api/agent/summary', { cookie: sessionCookie(res) });
      expect(summary.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });

  it('refuses off on an https store, its scheme written in any case, and any other value', () => {
    for (const PUBLIC_URL of ['https://quickbuy.co.za', 'HTTPS://QuickBuy.co.za/']) {
      expect(() => loadConfig({ STAFF_MFA: 'off', PUBLIC_URL, ALLOW_SANDBOX_PAYMENTS: 'true' })).toThrow(
        'Invalid configuration:\n  STAFF_MFA: off lets agents and the admin in with a password alone, and PUBLIC_URL is https (a real store): remove STAFF_MFA (required is the default)',
      );
    }
    expect(() => loadConfig({ STAFF_MFA: 'sometimes' })).toThrow(
      'Invalid configuration:\n  STAFF_MFA: must be one of required, off',
    );
    expect(loadConfig({ STAFF_MFA: 'off', PUBLIC_URL: 'http://localhost:3000' }).STAFF_MFA).toBe('off');
  });
});

// The other suites sign staff in through tests/support's authenticator: it must keep agreeing with the server.
describe('the tests’ authenticator', () => {
  it('signs the same staff member in again and again, moving the clock on when a step is spent', async () => {
    const agent = await createAgent(t);
    for (let i = 0; i < 5; i++) expect((await me(await signInAs(t, 'agent', agent.username!))).user.id).toBe(agent.id);
  });
});
