import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type ProfileReply, type Role } from '../../../shared/accounts';
import type { AppContext } from '../../context';
import { transaction, type Database } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { AppError, invalidField } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/reference-numbers';
import type { Actor, SignedInActor } from '../audit/service';
import { deleteImage } from '../images/service';
import { enqueueEmail } from '../mail/outbox';
import { emailChangedEmail } from './emails';
import { voidPasswordResets } from './password-reset';
import { splitName } from './service';
import { confirmCurrentPassword } from './sign-in';
import { auditOwnChange, findByEmail, getUser } from './users';

/** The profile every role has (spec 000's account page, spec 001's Profile): name, email, picture. */

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, {
    status: 409,
    fields: { email: ACCOUNT_MESSAGES.emailTaken },
  });

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
 * Name and email. A new email needs the current password (a borrowed session must not take the
 * account over), the old address is told, so its owner notices a change they did not make, and reset
 * links still out are void. A staff member's change is audited (every staff action is on record).
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
}: Pick<AppContext, 'db' | 'clock'> & {
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
