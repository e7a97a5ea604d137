import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type ProfileReply, type Role } from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { transaction, type Database } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { invalidField } from '../../lib/errors';
import { takingAtLeast } from '../../lib/timing';
import type { Actor, SignedInActor } from '../audit';
import { deleteImage } from '../images';
import { EMAIL_CHANGE_MS, requestEmailChange } from './email-change';
import { splitName } from './people';
import { confirmCurrentPassword } from './sign-in';
import { auditOwnChange, getUser } from './users';

/** The profile every role has (spec 000's account page, spec 001's Profile): name, email, picture. */

/** Shows the last three or four characters of an ID number, never the whole. */
function maskIdNumber(value: string): string {
  const visible = value.length >= 8 ? 4 : 3;
  return `${'•'.repeat(Math.max(0, value.length - visible))}${value.slice(-visible)}`;
}

function imageUrl(id: string | null): string | null {
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

/**
 * Name and email. The name changes at once. A new email needs the current password first (checked and
 * throttled as for a password change, so a borrowed session neither takes the account over nor learns
 * anything), then changes only by the link emailed to it (email-change.ts), so nothing here says
 * whether another account holds it: the reply, and its time, are the same. A change of case alone is
 * the same address and is saved at once. A staff member's change is audited (every staff action is on record).
 */
export async function updateProfile({
  db,
  config,
  clock,
  userId,
  name,
  email,
  currentPassword,
  address,
  actor,
}: Pick<AppContext, 'db' | 'config' | 'clock'> & {
  userId: string;
  name: string;
  email: string;
  currentPassword: string;
  address: string;
  actor: Actor;
}): Promise<{ profile: ProfileReply; pendingEmail?: string }> {
  const user = await getUser(db, userId);
  const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    if (!currentPassword) {
      throw invalidField('currentPassword', ACCOUNT_MESSAGES.currentPasswordForEmail);
    }
    await confirmCurrentPassword({ db, clock, user, password: currentPassword, address });
  }
  const now = clock.now();
  const savedEmail = emailChanged ? user.email : email;
  await transaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ ...splitName(name), email: savedEmail, updatedAt: now })
      .where(eq(users.id, userId));
    await auditOwnChange(tx, {
      actor,
      action: 'profile.update',
      before: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      after: { name, email: savedEmail },
      at: now,
    });
  });
  if (!emailChanged) return { profile: await getProfile({ db, userId }) };
  await takingAtLeast(config, EMAIL_CHANGE_MS, () => requestEmailChange({ db, config, clock, user, email }));
  return { profile: await getProfile({ db, userId }), pendingEmail: email };
}

/** A new picture (already stored by the images module); the one it replaces is deleted. */
export async function setProfilePicture({
  db,
  clock,
  actor,
  imageId,
}: Pick<AppContext, 'db' | 'clock'> & { actor: SignedInActor; imageId: string }): Promise<ProfileReply> {
  const userId = actor.id;
  const user = await getUser(db, userId);
  const now = clock.now();
  await transaction(db, async (tx) => {
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
