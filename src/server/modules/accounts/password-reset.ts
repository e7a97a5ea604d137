import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { transaction, type DbHandle } from '../../db/client';
import { passwordResets, users } from '../../db/schema/accounts';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import { passwordResetEmail, RESET_LINK_HOURS } from './emails';
import { assertAcceptablePassword } from './password-rules';
import { deleteUserSessions, sha256 } from './sessions';
import { findByEmail } from './users';

/** A forgotten password: an emailed single-use link (requestPasswordReset) that sets a new one (resetPassword). */

/** Voids every reset link of the user: a reset, a password change or an email change leaves none working. */
export async function voidPasswordResets(tx: DbHandle, userId: string) {
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * Writes a single-use reset token (its hash) and the email with the link, in one transaction; the
 * new link voids the user's earlier ones, so one works at a time. Capped per recipient: past the cap
 * nothing changes and the last link sent still works. Says nothing about whether the email exists:
 * the route answers the same either way.
 */
export async function requestPasswordReset({ db, config, clock, email }: AppContext & { email: string }) {
  const user = await findByEmail(db, email);
  if (!user || user.status !== 'active' || user.deletedAt) return;
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await transaction(db, async (tx) => {
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

const resetInvalid = () => new AppError('RESET_INVALID', ACCOUNT_MESSAGES.resetInvalid);

/** Uses a reset token once: sets the password, ends every session of the user and voids their other links. */
export async function resetPassword({
  db,
  config,
  clock,
  token,
  password,
}: AppContext & { token: string; password: string }) {
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
  const passwordHash = await hashPassword(password, config.PASSWORD_WORK);
  const done = await transaction(db, async (tx) => {
    const [claimed] = await tx.delete(passwordResets).where(live).returning({ userId: passwordResets.userId });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId));
    await deleteUserSessions({ db: tx, userId: claimed.userId });
    await voidPasswordResets(tx, claimed.userId);
    return true;
  });
  if (!done) throw resetInvalid();
}
