import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  maskTail,
  type addressSchema,
  type paymentDetailsSchema,
  type PaymentDetailsReply,
  type ProfileReply,
  type Role,
  type SessionUser,
  type signupSchema,
  type AddressReply,
} from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import type { PendingSecondFactor } from '../../../shared/staff-mfa';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { passwordResets, paymentDetails, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { containedInAny } from '../../lib/like';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { recordAudit, type Actor, type SignedInActor } from '../audit/service';
import { enqueueEmail, type OutgoingEmail } from '../mail/outbox';
import { assertAcceptablePassword } from './password-rules';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { activeUser, createSession, deleteUserSessions, sha256, toSessionUser } from './sessions';
import { signInKeys, signInSucceeded, takeSignInAttempt } from './sign-in-limit';
import { deleteImage } from '../images/service';
import { pendingSecondFactor } from './second-factor';

interface Deps {
  db: Database;
  config: Config;
  clock: Clock;
}

const RESET_LIFETIME_MS = 60 * 60_000;

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, {
    status: 409,
    fields: { email: ACCOUNT_MESSAGES.emailTaken },
  });

async function findByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

async function getUser(db: Database, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), activeUser()))
    .limit(1);
  if (!user) throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
  return user;
}

/** Creates a customer and signs them in. */
export async function signUp({
  db,
  config,
  clock,
  input,
}: Deps & { input: z.output<typeof signupSchema> }): Promise<{ user: SessionUser; token: string }> {
  assertAcceptablePassword(input.password, 'password');
  // Hashed first, so a taken email costs the scrypt work of a new one; the route's floor (SIGN_UP_MS) evens out the rest.
  const passwordHash = await hashPassword(input.password);
  if (await findByEmail(db, input.email)) throw emailTaken();
  const now = clock.now();
  let row;
  try {
    [row] = await db
      .insert(users)
      .values({
        role: 'customer',
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        idType: input.idType,
        idNumber: input.idNumber,
        apartment: input.apartment || null,
        city: input.city,
        province: input.province,
        postalCode: input.postalCode,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const { token } = await createSession({ db, config, clock, userId: row!.id, role: 'customer' });
  return { user: toSessionUser(row!), token };
}

let dummyHash: Promise<string> | null = null;

const INVALID: Record<Role, string> = {
  customer: ACCOUNT_MESSAGES.invalidCustomer,
  agent: ACCOUNT_MESSAGES.invalidAgent,
  admin: ACCOUNT_MESSAGES.invalidAdmin,
};

/**
 * Signs in through one role's own form: customers and the admin by email, agents by username.
 * Checks the rate limit first (a correct password does not get past it), then the password. A staff
 * password opens a pending session only, for the second factor (STAFF_MFA=required, the default).
 */
export async function signIn({
  db,
  config,
  clock,
  role,
  identifier,
  password,
  address,
}: Deps & {
  role: Role;
  identifier: string;
  password: string;
  address: string;
}): Promise<{ user: SessionUser; token: string; secondFactor?: PendingSecondFactor }> {
  const keys = signInKeys(role, identifier, address);
  const attempt = await takeSignInAttempt({ db, clock, keys });
  const lookup = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, role),
        activeUser(),
        role === 'agent' ? sql`lower(${users.username}) = ${lookup}` : sql`lower(${users.email}) = ${lookup}`,
      ),
    )
    .limit(1);
  // An unknown account costs the same scrypt work as a known one: timing tells nothing.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyPassword(password, await dummyHash);
  if (!user || !ok) {
    throw new AppError(ERROR_CODES.unauthorized, INVALID[role], { status: 401 });
  }
  await signInSucceeded({ db, attempt, keys });
  const sessionUser = toSessionUser(user);
  const staff = sessionUser.role === 'customer' || config.STAFF_MFA === 'off' ? null : sessionUser;
  const { token } = await createSession({ db, config, clock, userId: user.id, role, mfaPending: Boolean(staff) });
  return { user: sessionUser, token, secondFactor: staff ? await pendingSecondFactor(db, staff) : undefined };
}

/**
 * Audits a change staff make to their own account (DESIGN.md section 9: every staff action); a
 * customer's own changes are not staff actions and are not logged.
 */
async function auditOwnChange(
  tx: DbHandle,
  { actor, action, before, after, at }: { actor: Actor; action: string; before?: object; after?: object; at: Date },
) {
  if (actor.role === 'customer' || !actor.id) return;
  await recordAudit(tx, { actor, action, entity: { type: actor.role, id: actor.id }, before, after, at });
}

/**
 * Checks a signed-in user's current password before a sensitive change, counted like a sign-in
 * (the address's attempts, a growing delay), so a stolen session cannot guess it at speed.
 */
async function confirmCurrentPassword({
  db,
  clock,
  user,
  password,
  address,
}: Omit<Deps, 'config'> & { user: typeof users.$inferSelect; password: string; address: string }) {
  const keys = signInKeys(toSessionUser(user).role, `reauth:${user.id}`, address);
  const attempt = await takeSignInAttempt({ db, clock, keys });
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new AppError('CURRENT_PASSWORD_INCORRECT', ACCOUNT_MESSAGES.currentPasswordWrong, {
      status: 400,
      fields: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
  }
  await signInSucceeded({ db, attempt, keys });
}

/** Checks the current password (the spec does not; we do) and ends the user's other sessions. */
export async function changePassword({
  db,
  clock,
  actor,
  tokenHash,
  currentPassword,
  newPassword,
  address,
}: Omit<Deps, 'config'> & {
  actor: SignedInActor;
  tokenHash: string;
  currentPassword: string;
  newPassword: string;
  address: string;
}) {
  const userId = actor.id;
  const user = await getUser(db, userId);
  await confirmCurrentPassword({ db, clock, user, password: currentPassword, address });
  assertAcceptablePassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await deleteUserSessions({ db: tx, userId, exceptTokenHash: tokenHash });
    await auditOwnChange(tx, { actor, action: 'profile.password', at: now });
  });
}

/**
 * Writes a single-use reset token (its hash) and the email with the link, in one transaction.
 * Says nothing about whether the email exists: the route answers the same either way.
 */
export async function requestPasswordReset({ db, config, clock, email }: Deps & { email: string }) {
  const user = await findByEmail(db, email);
  if (!user || user.status !== 'active' || user.deletedAt) return;
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const link = `${config.PUBLIC_URL.replace(/\/+$/, '')}/reset-password?token=${token}`;
  const name = user.firstName || 'there';
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
      createdAt: now,
    });
    await enqueueEmail(
      tx,
      {
        kind: 'password_reset',
        containsSecret: true,
        entity: { type: 'user', id: user.id },
        to: user.email,
        subject: 'Reset your QuickBuy password',
        text: `Hi ${name},\n\nSomeone asked to reset the password of your QuickBuy account. To choose a new password, open this link within 1 hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n\nQuickBuy`,
        html: `<p>Hi ${escapeHtml(name)},</p><p>Someone asked to reset the password of your QuickBuy account. To choose a new password, open this link within 1 hour:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If it was not you, ignore this email: your password stays as it is.</p><p>QuickBuy</p>`,
      },
      now,
    );
  });
}

/** Uses a reset token once: sets the password and ends every session of the user. */
export async function resetPassword({
  db,
  clock,
  token,
  password,
}: Omit<Deps, 'config'> & { token: string; password: string }) {
  assertAcceptablePassword(password, 'password');
  const passwordHash = await hashPassword(password);
  const now = clock.now();
  const done = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
    await deleteUserSessions({ db: tx, userId: reset.userId });
    return true;
  });
  if (!done) throw new AppError('RESET_INVALID', ACCOUNT_MESSAGES.resetInvalid, { status: 400 });
}

/** Shows the last three or four characters of an ID number, never the whole. */
export function maskIdNumber(value: string): string {
  const visible = value.length >= 8 ? 4 : 3;
  return `${'•'.repeat(Math.max(0, value.length - visible))}${value.slice(-visible)}`;
}

export function imageUrl(id: string | null): string | null {
  return id ? `/images/${id}` : null;
}

export async function getProfile({ db, userId }: { db: Database; userId: string }): Promise<ProfileReply> {
  const user = await getUser(db, userId);
  return {
    role: user.role as Role,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: user.email,
    profilePicture: imageUrl(user.profileImageId),
    phone: user.phone,
    identification:
      user.role === 'customer' && user.idType && user.idNumber
        ? { type: user.idType as 'id' | 'passport', number: maskIdNumber(user.idNumber) }
        : null,
  };
}

/** One name field on the spec's profile: the first word is the first name, the rest the last. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Name and email. A new email needs the current password (a borrowed session must not take the
 * account over) and the old address is told, so its owner notices a change they did not make. A
 * staff member's change is audited (DESIGN.md section 9: every staff action).
 */
export async function updateProfile({
  db,
  clock,
  userId,
  name,
  email,
  currentPassword,
  address,
  actor,
}: Omit<Deps, 'config'> & {
  userId: string;
  name: string;
  email: string;
  currentPassword: string;
  address: string;
  actor: Actor;
}): Promise<ProfileReply> {
  const user = await getUser(db, userId);
  const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    if (!currentPassword) {
      throw invalidField('currentPassword', ACCOUNT_MESSAGES.currentPasswordForEmail);
    }
    const other = await findByEmail(db, email);
    if (other && other.id !== userId) throw emailTaken();
    await confirmCurrentPassword({ db, clock, user, password: currentPassword, address });
  }
  const now = clock.now();
  try {
    await transaction(db, async (tx) => {
      await tx
        .update(users)
        .set({ ...splitName(name), email, updatedAt: now })
        .where(eq(users.id, userId));
      if (emailChanged) await enqueueEmail(tx, emailChangedNotice(user, email), now);
      await auditOwnChange(tx, {
        actor,
        action: 'profile.update',
        before: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
        after: { name, email },
        at: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getProfile({ db, userId });
}

function emailChangedNotice(user: typeof users.$inferSelect, newEmail: string): OutgoingEmail {
  const name = user.firstName || 'there';
  const text =
    `Hi ${name},\n\nThe email of your QuickBuy account was changed to ${newEmail}. ` +
    `If you did not make this change, reply to this email or contact support@quickbuy.co.za at once.\n\nQuickBuy`;
  return {
    kind: 'email_changed',
    entity: { type: 'user', id: user.id },
    to: user.email,
    subject: 'Your QuickBuy email was changed',
    text,
    html: text
      .split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join(''),
  };
}

export async function setProfilePicture({
  db,
  clock,
  actor,
  imageId,
}: Omit<Deps, 'config'> & { actor: SignedInActor; imageId: string }): Promise<ProfileReply> {
  const userId = actor.id;
  const user = await getUser(db, userId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ profileImageId: imageId, updatedAt: now }).where(eq(users.id, userId));
    // The picture it replaces was this user's alone: nobody can see it any more, so it goes.
    if (user.profileImageId && user.profileImageId !== imageId) await deleteImage(tx, user.profileImageId);
    await auditOwnChange(tx, {
      actor,
      action: 'profile.picture',
      before: { profilePicture: imageUrl(user.profileImageId) },
      after: { profilePicture: imageUrl(imageId) },
      at: now,
    });
  });
  return getProfile({ db, userId });
}

/** Visa, Mastercard, Verve, American Express, Discover by the number's prefix; 'Card' otherwise. */
export function cardBrand(number: string): string {
  const n = number.replace(/\D/g, '');
  if (/^4/.test(n)) return 'Visa';
  if (/^(506(0|1)|507[89]|6500)/.test(n)) return 'Verve';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'Mastercard';
  if (/^3[47]/.test(n)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(n)) return 'Discover';
  return 'Card';
}

export async function getPaymentDetails({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<PaymentDetailsReply> {
  const [row] = await db.select().from(paymentDetails).where(eq(paymentDetails.userId, userId)).limit(1);
  if (!row) return { details: null };
  return {
    details: {
      method: row.method as 'paystack' | 'bank' | 'card',
      bank:
        row.method === 'bank' && row.accountNumber
          ? {
              bankName: row.bankName ?? '',
              accountType: row.accountType ?? '',
              accountHolder: row.accountHolder ?? '',
              branchCode: row.branchCode ?? '',
              accountNumber: maskTail(row.accountNumber),
            }
          : null,
      card:
        row.method === 'card' && row.cardLast4
          ? {
              brand: row.cardBrand ?? 'Card',
              last4: row.cardLast4,
              expiryDate: row.cardExpiry ?? '',
              cardHolder: row.cardHolder ?? '',
            }
          : null,
    },
  };
}

/**
 * The bank account a customer saved for payouts, with its number whole: for the server's own use
 * only (accepting an offer into it), never a reply, which shows the number masked.
 */
export async function savedBankAccount(
  db: DbHandle,
  userId: string,
): Promise<{ bankName: string; accountHolder: string; branchCode: string; accountNumber: string } | null> {
  const [row] = await db.select().from(paymentDetails).where(eq(paymentDetails.userId, userId)).limit(1);
  if (row?.method !== 'bank' || !row.accountNumber || !row.bankName) return null;
  return {
    bankName: row.bankName,
    accountHolder: row.accountHolder ?? '',
    branchCode: row.branchCode ?? '',
    accountNumber: row.accountNumber,
  };
}

/** Stores payout bank details, or a card's brand, last four and expiry: never its number or CVV. */
export async function savePaymentDetails({
  db,
  clock,
  userId,
  input,
}: Omit<Deps, 'config'> & {
  userId: string;
  input: z.output<typeof paymentDetailsSchema>;
}): Promise<PaymentDetailsReply> {
  const digits = input.cardNumber.replace(/\D/g, '');
  const values = {
    method: input.method,
    bankName: input.method === 'bank' ? input.bankName : null,
    accountType: input.method === 'bank' ? input.accountType || null : null,
    accountHolder: input.method === 'bank' ? input.accountHolder : null,
    branchCode: input.method === 'bank' ? input.branchCode || null : null,
    accountNumber: input.method === 'bank' ? input.accountNumber : null,
    cardBrand: input.method === 'card' ? cardBrand(digits) : null,
    cardLast4: input.method === 'card' ? digits.slice(-4) : null,
    cardExpiry: input.method === 'card' ? input.expiryDate : null,
    cardHolder: input.method === 'card' ? input.cardHolder || null : null,
    updatedAt: clock.now(),
  };
  await db
    .insert(paymentDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: paymentDetails.userId, set: values });
  return getPaymentDetails({ db, userId });
}

export async function getAddress({ db, userId }: { db: Database; userId: string }): Promise<AddressReply> {
  const user = await getUser(db, userId);
  if (!user.city && !user.province && !user.postalCode) return { address: null };
  return {
    address: {
      apartment: user.apartment ?? '',
      city: user.city ?? '',
      province: user.province ?? '',
      postalCode: user.postalCode ?? '',
    },
  };
}

export async function saveAddress({
  db,
  clock,
  userId,
  input,
}: Omit<Deps, 'config'> & { userId: string; input: z.output<typeof addressSchema> }): Promise<AddressReply> {
  await db
    .update(users)
    .set({
      apartment: input.apartment || null,
      city: input.city,
      province: input.province,
      postalCode: input.postalCode,
      updatedAt: clock.now(),
    })
    .where(eq(users.id, userId));
  return getAddress({ db, userId });
}

/** Staff and customers by id, or whose name or email contains `search`: for the audit log's names and its person filter. */
export async function findPeople(
  db: Database,
  filter: { ids: string[] } | { search: string },
): Promise<Array<{ id: string; name: string; email: string }>> {
  const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  const where =
    'ids' in filter
      ? filter.ids.length > 0
        ? inArray(users.id, filter.ids)
        : sql`false`
      : containedInAny(filter.search, [name, users.email]);
  return db.select({ id: users.id, name, email: users.email }).from(users).where(where).limit(500);
}

/** Display names ('Sarah Mitchell') of users by id, for staff lists naming who holds a record. */
export async function userNames(db: DbHandle, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** The agent with this id when they are active (work may be given to them), or null. */
export async function findActiveAgent(db: DbHandle, id: string) {
  const [agent] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'agent'), activeUser()))
    .limit(1);
  return agent ? { id: agent.id, name: `${agent.firstName} ${agent.lastName}`.trim() } : null;
}
