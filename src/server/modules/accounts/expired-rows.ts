import { isNotNull, lt, or } from 'drizzle-orm';
import { daysAgo, EXPIRED_LINK_GRACE_DAYS } from '../../../shared/retention';
import type { DbHandle } from '../../db/client';
import { emailChanges, passwordResets, sessions, signInFailures, signUpRequests } from '../../db/schema/accounts';
import { SIGN_IN_WINDOW_MS } from './sign-in-limit';

/**
 * Retention (docs/decisions/076): the accounts' rows that no longer do anything, deleted by the daily purge. A
 * session, a sign-up or an email change a day after it stopped working; a reset link once used, or a day after it
 * expired; a failed sign-in once it no longer counts towards a lock-out. Answers how many of each went.
 */
export async function purgeExpiredAccountRows(db: DbHandle, now: Date) {
  const cutoff = daysAgo(now, EXPIRED_LINK_GRACE_DAYS);
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await count(db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning()),
    passwordResets: await count(
      db
        .delete(passwordResets)
        .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, cutoff)))
        .returning(),
    ),
    signUps: await count(db.delete(signUpRequests).where(lt(signUpRequests.expiresAt, cutoff)).returning()),
    emailChanges: await count(db.delete(emailChanges).where(lt(emailChanges.expiresAt, cutoff)).returning()),
    signInFailures: await count(
      db
        .delete(signInFailures)
        .where(lt(signInFailures.createdAt, new Date(now.getTime() - SIGN_IN_WINDOW_MS)))
        .returning(),
    ),
  };
}
