import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { MeReply, SignupInput } from '../../src/shared/accounts';
import type { EnrolmentReply } from '../../src/shared/staff-mfa';
import type { Database } from '../../src/server/db/client';
import { staffFactors, users } from '../../src/server/db/schema';
import { emailedTokens } from './mail';
import { send, type TestApp } from './test-app';
import { hashPassword } from '../../src/server/lib/passwords';
import { SESSION_COOKIE } from '../../src/server/modules/accounts';
import { TOTP_STEP_SECONDS, totpCode, totpStep } from '../../src/server/modules/accounts/totp';

/** Fixtures for the accounts tests: people of each role and their session cookies. */
export const CUSTOMER_PASSWORD = 'Kloof-street-42';
export const AGENT_PASSWORD = 'Agent-pass-2026';
export const ADMIN_PASSWORD = 'Admin-pass-2026';

let counter = 0;
/** A distinct address per call, so the per-address sign-in limit of one test does not leak into another. */
export const newAddress = () => `10.0.${Math.floor(++counter / 250)}.${counter % 250}`;

/** The headers of a request from an address of its own (newAddress), as a separate person would send it. */
export const fromNewAddress = () => ({ 'x-forwarded-for': newAddress() });

export function signupBody(overrides: Partial<SignupInput> = {}): SignupInput {
  counter++;
  return {
    firstName: 'Thandi',
    lastName: 'Nkosi',
    email: `thandi${counter}@example.co.za`,
    phone: '+27 82 000 0000',
    idType: 'id',
    idNumber: '9001015009087',
    apartment: 'Unit 4',
    city: 'Cape Town',
    province: 'Western Cape',
    postalCode: '8001',
    password: CUSTOMER_PASSWORD,
    confirmPassword: CUSTOMER_PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in the reply (${res.statusCode} ${res.body})`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** The sign-up link's email kind, and the route its page sends the token and password to. */
export const SIGN_UP_LINK = 'sign_up_link';

/** Finishes a sign-up as its emailed link's page does: the token and the password (chosen at sign-up), typed twice. */
export function activate(t: TestApp, token: string, password = CUSTOMER_PASSWORD) {
  return send(t.app, 'POST', '/api/auth/activate', {
    body: { token, password, confirmPassword: password },
    headers: { 'x-forwarded-for': newAddress() },
  });
}

/** A new customer as a person makes one: the sign-up form, then the link emailed to them; signed in. */
export async function signUpCustomer(t: TestApp, overrides: Partial<SignupInput> = {}) {
  const body = signupBody(overrides);
  const res = await send(t.app, 'POST', '/api/auth/signup', { body, headers: { 'x-forwarded-for': newAddress() } });
  if (res.statusCode !== 202) throw new Error(`signup failed: ${res.body}`);
  const [token] = await emailedTokens(t, body.email, SIGN_UP_LINK);
  if (!token) throw new Error(`no sign-up link was emailed to ${body.email}`);
  const activated = await activate(t, token, body.password);
  if (activated.statusCode !== 201) throw new Error(`activation failed: ${activated.body}`);
  return { cookie: sessionCookie(activated), email: body.email, user: activated.json().user as { id: string } };
}

/** A customer's sign-in form sent from an address of its own (newAddress): the reply, refusals included. */
export function signIn(t: TestApp, email: string, password = CUSTOMER_PASSWORD) {
  return send(t.app, 'POST', '/api/auth/signin', { body: { email, password }, headers: fromNewAddress() });
}

/** Whom a session cookie signs in as, as GET /api/auth/me answers: null for no one. */
export async function me(t: TestApp, cookie?: string) {
  return (await send(t.app, 'GET', '/api/auth/me', { cookie })).json().user;
}

/** The email change's link kind, and the route its page sends the token and the account's password to. */
export const EMAIL_CHANGE_LINK = 'email_change_link';

/**
 * Changes a signed-in user's email as a person does: the profile form with the current password, then
 * the link emailed to the new address with the password again. The confirmation's reply.
 */
export async function changeEmail(t: TestApp, cookie: string, email: string, password = CUSTOMER_PASSWORD) {
  const headers = { 'x-forwarded-for': newAddress() };
  const { name } = (await send(t.app, 'GET', '/api/account/profile', { cookie })).json() as { name: string };
  const before = await emailedTokens(t, email, EMAIL_CHANGE_LINK);
  const asked = await send(t.app, 'PUT', '/api/account/profile', {
    cookie,
    headers,
    body: { name, email, currentPassword: password },
  });
  if (asked.statusCode !== 200) throw new Error(`email change refused: ${asked.body}`);
  const token = (await emailedTokens(t, email, EMAIL_CHANGE_LINK)).find((sent) => !before.includes(sent));
  if (!token) throw new Error(`no email change link was emailed to ${email}`);
  return send(t.app, 'POST', '/api/auth/confirm-email', { headers, body: { token, currentPassword: password } });
}

export async function createAgent(
  t: TestApp,
  username = `agent${++counter}`,
  status: 'active' | 'inactive' = 'active',
) {
  const [row] = await t.db
    .insert(users)
    .values({
      role: 'agent',
      email: `${username}@quickbuy.co.za`,
      username,
      passwordHash: await hashPassword(AGENT_PASSWORD, t.config.PASSWORD_WORK),
      firstName: 'Sarah',
      lastName: 'Mitchell',
      agentRole: 'Senior Agent',
      status,
    })
    .returning();
  return row!;
}

export async function createAdmin(t: TestApp, email = `admin${++counter}@quickbuy.test`) {
  const [row] = await t.db
    .insert(users)
    .values({
      role: 'admin',
      email,
      passwordHash: await hashPassword(ADMIN_PASSWORD, t.config.PASSWORD_WORK),
      firstName: 'QuickBuy',
      lastName: 'Admin',
    })
    .returning();
  return row!;
}

/**
 * Signs a staff member in as they would: the password, then (STAFF_MFA=required, the default) the
 * second factor. On their first sign-in they set up their authenticator through the API; the test
 * keeps the secret as their phone would and computes each code from it.
 */
export async function signInAs(t: TestApp, kind: 'agent' | 'admin', identifier: string) {
  const res = await passwordStep(t, kind, identifier);
  const { secondFactor } = res.json() as MeReply;
  if (!secondFactor) return sessionCookie(res);
  return passSecondFactor(t, sessionCookie(res), secondFactor.step, identifier);
}

/** The first step of a staff sign-in, the password: with STAFF_MFA=required its cookie opens only the second step. */
export async function passwordStep(
  t: TestApp,
  kind: 'agent' | 'admin',
  identifier: string,
  headers: Record<string, string> = { 'x-forwarded-for': newAddress() },
) {
  const url = kind === 'agent' ? '/api/auth/agent/signin' : '/api/auth/admin/signin';
  const body =
    kind === 'agent'
      ? { username: identifier, password: AGENT_PASSWORD }
      : { email: identifier, password: ADMIN_PASSWORD };
  const res = await send(t.app, 'POST', url, { body, headers });
  if (res.statusCode !== 200) throw new Error(`${kind} sign-in failed: ${res.body}`);
  return res;
}

/** The authenticator secrets staff set up, by database and sign-in name: the tests' phones. */
const phones = new WeakMap<Database, Map<string, string>>();

function phoneOf(t: TestApp): Map<string, string> {
  let phone = phones.get(t.db);
  if (!phone) phones.set(t.db, (phone = new Map()));
  return phone;
}

/** The secret a staff member's authenticator holds (after their first sign-in). */
export function authenticatorSecret(t: TestApp, identifier: string): string {
  const secret = phoneOf(t).get(identifier.toLowerCase());
  if (!secret) throw new Error(`${identifier} has not set up an authenticator in this test`);
  return secret;
}

/**
 * The next code the server will take for `identifier`: the earliest step of the accepted window
 * (one step either side of now) after the last one used; past the window, the test's clock moves
 * on to the next step, as a person would wait for the next code.
 */
export async function nextTotpCode(t: TestApp, identifier: string): Promise<string> {
  const secret = authenticatorSecret(t, identifier);
  const [factor] = await t.db
    .select({ lastStep: staffFactors.lastStep })
    .from(staffFactors)
    .innerJoin(users, eq(users.id, staffFactors.userId))
    .where(
      sql`lower(${users.email}) = ${identifier.toLowerCase()} or lower(${users.username}) = ${identifier.toLowerCase()}`,
    );
  const last = factor?.lastStep ?? -Infinity;
  let now = totpStep(t.clock.now());
  if (last >= now + 1) {
    t.clock.advance((last - now) * TOTP_STEP_SECONDS * 1000);
    now = totpStep(t.clock.now());
  }
  return totpCode(secret, Math.max(now - 1, last + 1));
}

/** The second step of a staff sign-in for a pending session's cookie: sets the app up or enters its code. */
export async function passSecondFactor(t: TestApp, cookie: string, step: 'enrol' | 'code', identifier: string) {
  const headers = { 'x-forwarded-for': newAddress() };
  if (step === 'enrol') {
    const enrolment = await send(t.app, 'POST', '/api/auth/mfa/enrolment', { cookie, headers });
    if (enrolment.statusCode !== 200) throw new Error(`enrolment failed: ${enrolment.body}`);
    phoneOf(t).set(identifier.toLowerCase(), (enrolment.json() as EnrolmentReply).secret);
  }
  const res =
    step === 'enrol'
      ? await send(t.app, 'POST', '/api/auth/mfa/enrolment/confirm', {
          cookie,
          headers,
          body: { savedRecoveryCodes: true, code: await nextTotpCode(t, identifier) },
        })
      : await send(t.app, 'POST', '/api/auth/mfa/code', {
          cookie,
          headers,
          body: { code: await nextTotpCode(t, identifier) },
        });
  if (res.statusCode !== 200) throw new Error(`second factor refused: ${res.body}`);
  return sessionCookie(res);
}

/** A new active agent, signed in: their id and username, and the session cookie. */
export async function signedInAgent(t: TestApp) {
  const row = await createAgent(t);
  return { id: row.id, username: row.username!, cookie: await signInAs(t, 'agent', row.username!) };
}

/** A new admin, signed in: their id and email, and the session cookie. */
export async function signedInAdmin(t: TestApp) {
  const row = await createAdmin(t);
  return { id: row.id, email: row.email, cookie: await signInAs(t, 'admin', row.email) };
}
