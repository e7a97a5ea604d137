import { and, eq, gt } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type Role } from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { transaction } from '../../db/client';
import { emailChanges, users } from '../../db/schema/accounts';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/reference-numbers';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import { eitherLink, emailedLink, lockFor, nextEmail } from './emailed-links';
import { EMAIL_CHANGE_LINK_HOURS, emailChangedEmail, emailChangeLinkEmail, emailChangeTakenEmail } from './emails';
import { voidPasswordResets } from './password-reset';
import { activeUser } from './sessions';
import { confirmCurrentPassword } from './sign-in';
import { TAKEN_NOTICE_CAP } from './sign-up';
import { auditOwnChange, findByEmail, type UserRow } from './users';

/*
 * A signed-in user's new email, in two steps (docs/decisions/042), the way a sign-up is made: the
 * profile asks for it with the current password and answers alike whoever holds the address
 * (requestEmailChange), and the link emailed to the new address, used with that password again,
 * changes it (confirmEmailChange). The old address is told once it has changed.
 */

/**
 * Longer than either way of answering a new email takes (a link to a free address, a notice to a
 * taken one's owner), so the time of the reply does not tell them apart.
 */
export const EMAIL_CHANGE_MS = 300;

/**
 * After the current password was checked: a free address gets the link that makes it the account's
 * email, replacing any change still waiting (asking again for the same address emails at most one
 * more, as a sign-up does); a taken one's owner is told instead (once a day), and the change that
 * was waiting goes all the same, so nothing the caller can see tells the two apart.
 */
export async function requestEmailChange({
  db,
  config,
  clock,
  user,
  email,
}: Pick<AppContext, 'db' | 'config' | 'clock'> & { user: UserRow; email: string }) {
  const now = clock.now();
  const holder = await findByEmail(db, email);
  await transaction(db, async (tx) => {
    await lockFor(tx, 'email-change', user.id);
    const mine = eq(emailChanges.userId, user.id);
    const [waiting] = await tx
      .select()
      .from(emailChanges)
      .where(and(mine, gt(emailChanges.expiresAt, now)))
      .limit(1);
    const again = !holder && waiting?.newEmail.toLowerCase() === email.toLowerCase() ? waiting : null;
    if (again && nextEmail(again, now) === 'none') return;
    await tx.delete(emailChanges).where(mine);
    if (holder) {
      if (holder.status === 'active' && !holder.deletedAt) {
        await enqueueEmail(tx, emailChangeTakenEmail(holder, config.PUBLIC_URL), now, TAKEN_NOTICE_CAP);
      }
      return;
    }
    const link = emailedLink(now, EMAIL_CHANGE_LINK_HOURS, again ?? undefined);
    const sent = await enqueueEmail(
      tx,
      emailChangeLinkEmail(email, user.id, link.token, config.PUBLIC_URL),
      now,
      ANONYMOUS_MAIL_CAP,
    );
    if (sent)
      await tx.insert(emailChanges).values({ userId: user.id, newEmail: email, ...link.columns, createdAt: now });
  });
}

const linkInvalid = () => new AppError('EMAIL_CHANGE_LINK_INVALID', ACCOUNT_MESSAGES.emailChangeInvalid);

/**
 * The link emailed to the new address, used once with the account's password (checked and throttled
 * as for a password change), so the holder of an address cannot be made to take over someone else's
 * account by opening a link. Reset links still out are void and the old address is told.
 */
export async function confirmEmailChange({
  db,
  clock,
  token,
  currentPassword,
  address,
}: Pick<AppContext, 'db' | 'clock'> & { token: string; currentPassword: string; address: string }) {
  const now = clock.now();
  const live = and(eitherLink(emailChanges, token), gt(emailChanges.expiresAt, now));
  const [found] = await db
    .select({ user: users })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(and(live, activeUser()))
    .limit(1);
  if (!found) throw linkInvalid();
  const { user } = found;
  await confirmCurrentPassword({ db, clock, user, password: currentPassword, address });
  let changed;
  try {
    changed = await transaction(db, async (tx) => {
      const [claimed] = await tx.delete(emailChanges).where(live).returning();
      // Used meanwhile, or the address was taken since: the link is spent.
      if (!claimed || (await findByEmail(tx, claimed.newEmail))) return null;
      await tx.update(users).set({ email: claimed.newEmail, updatedAt: now }).where(eq(users.id, user.id));
      await enqueueEmail(tx, emailChangedEmail(user, claimed.newEmail), now);
      // A reset link sent to the old address must not take the account back.
      await voidPasswordResets(tx, user.id);
      await auditOwnChange(tx, {
        actor: { id: user.id, role: user.role as Role, ip: address },
        action: 'profile.email',
        before: { email: user.email },
        after: { email: claimed.newEmail },
        at: now,
      });
      return claimed.newEmail;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw linkInvalid();
    throw error;
  }
  if (!changed) throw linkInvalid();
}
