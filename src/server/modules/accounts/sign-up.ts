import { and, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, type SessionUser, type signupSchema } from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { transaction } from '../../db/client';
import { signUpRequests, users, type SignUpDetails } from '../../db/schema/accounts';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { enqueueEmail } from '../mail';
import { eitherLink, emailedLink, lockFor, nextEmail } from './emailed-links';
import { SIGN_UP_LINK_HOURS, signUpLinkEmail, signUpTakenEmail } from './emails';
import { assertAcceptablePassword } from './password-rules';
import { createSession, toSessionUser } from './sessions';
import { findByEmail } from './users';

/*
 * A customer's sign-up, in two steps (docs/decisions/042): the form (signUp) answers alike whoever
 * holds the email, and the emailed link (activateAccount) makes the account.
 */

/**
 * At most one "someone tried to sign up with your email" a day to an address: its owner needs it
 * once, and a stranger's sign-ups must not fill their inbox.
 */
export const TAKEN_NOTICE_CAP = { perRecipient: { max: 1, withinMs: 24 * 60 * 60_000 } } as const;

const detailsOf = (input: z.output<typeof signupSchema>): SignUpDetails => ({
  firstName: input.firstName,
  lastName: input.lastName,
  phone: input.phone,
  idType: input.idType,
  idNumber: input.idNumber,
  apartment: input.apartment || null,
  city: input.city,
  province: input.province,
  postalCode: input.postalCode,
});

/** The sign-up waiting for this address, whatever its case. */
const sameAddress = (email: string) => sql`lower(${signUpRequests.email}) = ${email.toLowerCase()}`;

/**
 * A sign-up: answers alike whoever holds the email (the route waits SIGN_UP_MS either way) and the
 * rest happens by email. The owner of a taken email is told someone tried (once a day). A new email
 * waits for its link with this form, which replaces any form still waiting for the address, so
 * nobody squats it; the link itself is not replaced: signing the address up again emails nothing
 * for a while, then one more link, then nothing until they expire (emailed-links.ts). So strangers
 * can neither flood the address nor use up the mail its owner's own sign-up needs: the link already
 * there works for whoever holds the inbox, who sets the password with it (activateAccount).
 */
export async function signUp({ db, config, clock, input }: AppContext & { input: z.output<typeof signupSchema> }) {
  assertAcceptablePassword(input.password, 'password', { email: input.email, publicUrl: config.PUBLIC_URL });
  // Hashed first, whoever holds the email, so both paths cost the same scrypt work.
  const passwordHash = await hashPassword(input.password, config.PASSWORD_WORK);
  const now = clock.now();
  const owner = await findByEmail(db, input.email);
  if (owner) {
    if (owner.status === 'active' && !owner.deletedAt) {
      await enqueueEmail(db, signUpTakenEmail(owner, config.PUBLIC_URL), now, TAKEN_NOTICE_CAP);
    }
    return;
  }
  await transaction(db, async (tx) => {
    await lockFor(tx, 'sign-up', input.email);
    // Expired sign-ups are no use to anyone, and keep personal data: they go as we pass.
    await tx.delete(signUpRequests).where(lte(signUpRequests.expiresAt, now));
    const [waiting] = await tx.select().from(signUpRequests).where(sameAddress(input.email)).limit(1);
    const form = { email: input.email, passwordHash, details: detailsOf(input) };
    const next = nextEmail(waiting ?? null, now);
    if (next === 'none') {
      await tx.update(signUpRequests).set(form).where(sameAddress(input.email));
      return;
    }
    const link = emailedLink(now, SIGN_UP_LINK_HOURS, waiting);
    if (waiting) {
      await tx
        .update(signUpRequests)
        .set({ ...form, ...link.columns })
        .where(sameAddress(input.email));
    } else {
      await tx.insert(signUpRequests).values({ ...form, ...link.columns, createdAt: now });
    }
    await enqueueEmail(tx, signUpLinkEmail(input.email, link.token, config.PUBLIC_URL), now);
  });
}

const activationInvalid = () => new AppError('SIGN_UP_LINK_INVALID', ACCOUNT_MESSAGES.activationInvalid);

/**
 * The emailed sign-up link, used once: whoever holds it sets the password (never the one a form
 * left waiting: anyone may sign an address up), and the account is made and signed in. The form's
 * details come with it when the password is the one typed in that form; otherwise the form may be a
 * stranger's, and the account starts with the email alone (its holder adds the rest on /account).
 */
export async function activateAccount({
  db,
  config,
  clock,
  token,
  password,
}: AppContext & { token: string; password: string }): Promise<{ user: SessionUser; token: string }> {
  const now = clock.now();
  const waiting = and(eitherLink(signUpRequests, token), gt(signUpRequests.expiresAt, now));
  const [pending] = await db.select().from(signUpRequests).where(waiting).limit(1);
  if (!pending) throw activationInvalid();
  // A refused password does not use the link up.
  assertAcceptablePassword(password, 'password', { email: pending.email, publicUrl: config.PUBLIC_URL });
  const [keepDetails, passwordHash] = await Promise.all([
    verifyPassword(password, pending.passwordHash),
    hashPassword(password, config.PASSWORD_WORK),
  ]);
  let row;
  try {
    row = await transaction(db, async (tx) => {
      const [claimed] = await tx.delete(signUpRequests).where(waiting).returning();
      // Used meanwhile, or the address was taken since (by another account's email change): the link is spent.
      if (!claimed || (await findByEmail(tx, claimed.email))) return null;
      // The form may have been replaced since it was read: its details go only with its own password.
      const details = keepDetails && claimed.passwordHash === pending.passwordHash ? claimed.details : {};
      const [user] = await tx
        .insert(users)
        .values({ role: 'customer', email: claimed.email, passwordHash, ...details, createdAt: now, updatedAt: now })
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
