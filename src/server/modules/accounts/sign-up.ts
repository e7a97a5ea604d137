import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, type SessionUser, type signupSchema } from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { transaction } from '../../db/client';
import { signUpRequests, users } from '../../db/schema/accounts';
import { AppError, invalidField } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail/outbox';
import { SIGN_UP_LINK_HOURS, signUpLinkEmail, signUpTakenEmail } from './emails';
import { assertAcceptablePassword } from './password-rules';
import { createSession, sha256, toSessionUser } from './sessions';
import { findByEmail } from './users';

/*
 * A customer's sign-up, in two steps (docs/decisions/042): the form (signUp) answers alike whoever
 * holds the email, and the emailed link (activateAccount) makes the account.
 */

/**
 * A sign-up: answers alike whoever holds the email (the route waits SIGN_UP_MS either way) and the
 * rest happens by email. A new email gets the link that makes the account (activateAccount),
 * replacing any sign-up still waiting for that address, so nobody can squat it; the owner of a taken
 * email is told someone tried. Both emails are capped per recipient like any an anonymous request sends.
 */
export async function signUp({ db, config, clock, input }: AppContext & { input: z.output<typeof signupSchema> }) {
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
}: AppContext & { token: string; password: string }): Promise<{ user: SessionUser; token: string }> {
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
