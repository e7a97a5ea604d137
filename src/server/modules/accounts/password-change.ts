import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { transaction } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { hashPassword } from '../../lib/passwords';
import type { SignedInActor } from '../audit';
import { assertAcceptablePassword } from './password-rules';
import { voidPasswordResets } from './password-reset';
import { deleteUserSessions } from './sessions';
import { confirmCurrentPassword } from './sign-in';
import { auditOwnChange, getUser } from './users';

/**
 * A signed-in user's new password. Checks the current password (the spec does not; we do), ends the
 * user's other sessions and voids any reset link still out.
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
}: AppContext & {
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
  const passwordHash = await hashPassword(newPassword, config.PASSWORD_WORK);
  const now = clock.now();
  await transaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await deleteUserSessions({ db: tx, userId, exceptTokenHash: tokenHash });
    await voidPasswordResets(tx, userId);
    await auditOwnChange(tx, { actor, action: 'profile.password', at: now });
  });
}
