import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
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
import { passwordResets, paymentDetails, signUpRequests, users } from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { containedInAny } from '../../lib/like';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { recordAudit, type Actor, type SignedInActor } from '../audit/service';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail/outbox';
import {
  emailChangedEmail,
  passwordResetEmail,
  RESET_LINK_HOURS,
  SIGN_UP_LINK_HOURS,
  signUpLinkEmail,
  signUpTakenEmail,
} from './emails';
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

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, {
    status: 409,
    fields: { email: ACCOUNT_MESSAGES.emailTaken },
  });

async function findByEmail(db: DbHandle, email: string) {
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

/**
 * A sign-up: answers alike whoever holds the email (the route waits SIGN_UP_MS either way) and the
 * rest happens by email. A new email gets the link that makes the account (activateAccount),
 * replacing any sign-up still waiting for that address, so nobody can squat it; the owner of a taken
 * email is told someone tried. Both emails are capped per recipient like any an anonymous request sends.
 */
export async function signUp({ db, config, clock, input }: Deps & { input: z.output<typeof signupSchema> }) {
  assertAcceptablePassword(input.password, 'password', { email: input.email, publicUrl: config.PUBLIC_URL });
  // Hashed first, whoever holds the email, so both paths cost the same scrypt work.
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const owner = await findByEmail(db, input.email);
  if (owner) {
    if (owner.status === 'active' && !owner.deletedAt) {
      await enqueueEmail(db, signUpTakenEmail(owner, config.PUBLIC_URL), now, ANONYMOUS_MAIL_CAP);
    }
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await transaction(db, async (tx) => {
    // The email first: past the address's cap nothing changes, so a waiting sign-up keeps its link.
    const sent = await enqueueEmail(tx, signUpLinkEmail(input, token, config.PUBLIC_URL), now, ANONYMOUS_MAIL_CAP);
    if (!sent) return;
    // Under the recipient's lock the cap took: the sign-up waiting for this address (and any expired one) goes.
    await tx
      .delete(signUpRequests)
      .where(
        or(sql`lower(${signUpRequests.email}) = ${input.email.toLowerCase()}`, lte(signUpRequests.expiresAt, now)),
      );
    await tx.insert(signUpRequests).values({
      tokenHash: sha256(token),
      email: input.email,
      passwordHash,
      details: {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        idType: input.idType,
        idNumber: input.idNumber,
        apartment: input.apartment || null,
        city: input.city,
        province: input.province,
        postalCode: input.postalCode,
      },
      expiresAt: new Date(now.getTime() + SIGN_UP_LINK_HOURS * 60 * 60_000),
      createdAt: now,
    });
  });
}

const activationInvalid = () =>
  new AppError('SIGN_UP_LINK_INVALID', ACCOUNT_MESSAGES.activationInvalid, { status: 400 });

/**
 * The emailed sign-up link, used once: with the password chosen at sign-up (so a sign-up someone
 * else made for this address cannot be finished by its owner unawares) it makes the customer and
 * signs them in.
 */
export async function activateAccount({
  db,
  config,
  clock,
  token,
  password,
}: Deps & { token: string; password: string }): Promise<{ user: SessionUser; token: string }> {
  const now = clock.now();
  const tokenHash = sha256(token);
  const waiting = and(eq(signUpRequests.tokenHash, tokenHash), gt(signUpRequests.expiresAt, now));
  const [pending] = await db.select().from(signUpRequests).where(waiting).limit(1);
  if (!pending) throw activationInvalid();
  if (!(await verifyPassword(password, pending.passwordHash))) {
    throw invalidField('password', ACCOUNT_MESSAGES.activationPasswordWrong);
  }
  let row;
  try {
    row = await transaction(db, async (tx) => {
      const [claimed] = await tx.delete(signUpRequests).where(waiting).returning();
      // Used meanwhile, or the address was taken since (by another account's email change): the link is spent.
      if (!claimed || (await findByEmail(tx, claimed.email))) return null;
      const [user] = await tx
        .insert(users)
        .values({
          role: 'customer',
          email: claimed.email,
          passwordHash: claimed.passwordHash,
          ...claimed.details,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw activationInvalid();
    throw error;
  }
  if (!row) throw activationInvalid();
  const session = await createSession({ db, config, clock, userId: row.id, role: 'customer' });
  return { user: toSessionUser(row), token: session.token };
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

/**
 * Checks the current password (the spec does not; we do), ends the user's other sessions and voids
 * any reset link still out.
 */
export async function changePassword({
  db,
  config,
  clock,
  actor,
  tokenHash,
  currentPassword,
  newPassword,
  address,
}: Deps & {
  actor: SignedInActor;
  tokenHash: string;
  currentPassword: string;
  newPassword: string;
  address: string;
}) {
  const userId = actor.id;
  const user = await getUser(db, userId);
  await confirmCurrentPassword({ db, clock, user, password: currentPassword, address });
  assertAcceptablePassword(newPassword, 'newPassword', {
    email: user.email,
    username: user.username,
    publicUrl: config.PUBLIC_URL,
  });
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await deleteUserSessions({ db: tx, userId, exceptTokenHash: tokenHash });
    await voidPasswordResets(tx, userId);
    await auditOwnChange(tx, { actor, action: 'profile.password', at: now });
  });
}

/** Voids every reset link of the user: a reset, a password change or an email change leaves none working. */
async function voidPasswordResets(tx: DbHandle, userId: string) {
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * Writes a single-use reset token (its hash) and the email with the link, in one transaction; the
 * new link voids the user's earlier ones, so one works at a time. Capped per recipient: past the cap
 * nothing changes and the last link sent still works. Says nothing about whether the email exists:
 * the route answers the same either way.
 */
export async function requestPasswordReset({ db, config, clock, email }: Deps & { email: string }) {
  const user = await findByEmail(db, email);
  if (!user || user.status !== 'active' || user.deletedAt) return;
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.transaction(async (tx) => {
    const sent = await enqueueEmail(tx, passwordResetEmail(user, token, config.PUBLIC_URL), now, ANONYMOUS_MAIL_CAP);
    if (!sent) return;
    // Under the recipient's lock the cap took, so two requests at once still leave one link.
    await voidPasswordResets(tx, user.id);
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_LINK_HOURS * 60 * 60_000),
      createdAt: now,
    });
  });
}

const resetInvalid = () => new AppError('RESET_INVALID', ACCOUNT_MESSAGES.resetInvalid, { status: 400 });

/** Uses a reset token once: sets the password, ends every session of the user and voids their other links. */
export async function resetPassword({
  db,
  config,
  clock,
  token,
  password,
}: Deps & { token: string; password: string }) {
  const now = clock.now();
  const live = and(eq(passwordResets.tokenHash, sha256(token)), gt(passwordResets.expiresAt, now));
  const [reset] = await db
    .select({ email: users.email, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(live)
    .limit(1);
  if (!reset) throw resetInvalid();
  // A refused password does not use the link up.
  assertAcceptablePassword(password, 'password', { ...reset, publicUrl: config.PUBLIC_URL });
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx.delete(passwordResets).where(live).returning({ userId: passwordResets.userId });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    await deleteUserSessions({ db: tx, userId: claimed.userId });
    await voidPasswordResets(tx, claimed.userId);
    return true;
  });
  if (!done) throw resetInvalid();
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
 * account over), the old address is told, so its owner notices a change they did not make, and reset
 * links still out are void. A staff member's change is audited (DESIGN.md section 9: every staff action).
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
      if (emailChanged) {
        await enqueueEmail(tx, emailChangedEmail(user, email), now);
        // A reset link sent to the old address must not take the account back.
        await voidPasswordResets(tx, userId);
      }
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
