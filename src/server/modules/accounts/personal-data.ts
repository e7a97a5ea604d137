import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbHandle } from '../../db/client';
import {
  emailChanges,
  passwordResets,
  paymentDetails,
  sessions,
  signInFailures,
  signUpRequests,
  users,
} from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import { deleteImage } from '../images';
import { confirmCurrentPassword } from './sign-in';
import { signInKeys } from './sign-in-limit';
import { getUser } from './users';

/*
 * What the accounts module holds about a customer, for their copy (docs/decisions/076), and its part of their
 * erasure. The account's row stays, emptied, as a tombstone: the audit log refers to it by id and cannot be
 * changed, so the row it points at stays, with nothing of the person left in it.
 */

/** A customer's account as their copy shows it: everything the store keeps on them, the password excepted. */
export interface AccountRecord {
  profile: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    idType: string | null;
    idNumber: string | null;
    createdAt: string;
  };
  address: { apartment: string | null; city: string | null; province: string | null; postalCode: string | null };
  /** The saved payout account or card (a card by its brand, last four and expiry: never its number). */
  paymentDetails: Record<string, string | null> | null;
  /** The profile picture's image id (its bytes come from the images module). */
  pictureImageId: string | null;
  signIns: {
    /** Every session still kept: when it began, was last used and ends. */
    sessions: { startedAt: string; lastUsedAt: string; endsAt: string }[];
    /** Wrong passwords typed for this account in the last quarter hour (older ones are not kept). */
    failedAttempts: string[];
  };
}

/** The customer with this email, in any case, whose account is not erased; null for none (or staff). */
export async function findCustomerByEmail(
  db: DbHandle,
  email: string,
): Promise<{ id: string; email: string; name: string; createdAt: Date } | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(users.role, 'customer'),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row
    ? { id: row.id, email: row.email, name: `${row.firstName} ${row.lastName}`.trim(), createdAt: row.createdAt }
    : null;
}

export async function accountRecordOf(db: Database, userId: string): Promise<AccountRecord> {
  const user = await getUser(db, userId);
  const [details] = await db.select().from(paymentDetails).where(eq(paymentDetails.userId, userId));
  const kept = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const failed = await db
    .select({ at: signInFailures.createdAt })
    .from(signInFailures)
    .where(eq(signInFailures.key, signInKeys('customer', user.email, '').account))
    .orderBy(asc(signInFailures.createdAt));
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      idType: user.idType,
      idNumber: user.idNumber,
      createdAt: user.createdAt.toISOString(),
    },
    address: { apartment: user.apartment, city: user.city, province: user.province, postalCode: user.postalCode },
    paymentDetails: details
      ? {
          method: details.method,
          bankName: details.bankName,
          accountType: details.accountType,
          accountHolder: details.accountHolder,
          branchCode: details.branchCode,
          accountNumber: details.accountNumber,
          cardBrand: details.cardBrand,
          cardLast4: details.cardLast4,
          cardExpiry: details.cardExpiry,
          cardHolder: details.cardHolder,
        }
      : null,
    pictureImageId: user.profileImageId,
    signIns: {
      sessions: kept.map((s) => ({
        startedAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastSeenAt.toISOString(),
        endsAt: s.expiresAt.toISOString(),
      })),
      failedAttempts: failed.map((f) => f.at.toISOString()),
    },
  };
}

/**
 * The customer's password, checked as a password change checks it (throttled like sign-in, so a session thief
 * cannot guess it): before their copy is made or their account erased. A wrong one is 400 on `currentPassword`.
 */
export async function confirmCustomerPassword({
  db,
  clock,
  userId,
  password,
  address,
}: {
  db: Database;
  clock: Clock;
  userId: string;
  password: string;
  address: string;
}) {
  await confirmCurrentPassword({ db, clock, user: await getUser(db, userId), password, address });
}

/**
 * The account's part of an erasure, in the caller's transaction: the row emptied and closed (a tombstone the audit
 * log's ids still point at), every session ended, every link and saved payment detail deleted, the picture
 * deleted, failed sign-ins and a waiting sign-up under the email forgotten.
 */
export async function eraseCustomerAccount(tx: DbHandle, { userId, now }: { userId: string; now: Date }) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  await tx
    .update(users)
    .set({
      email: `erased-${userId}@erased.invalid`,
      username: null,
      // Not a hash any password matches (lib/passwords.ts reads only scrypt$...).
      passwordHash: 'erased',
      firstName: '',
      lastName: '',
      phone: '',
      idType: null,
      idNumber: null,
      apartment: null,
      city: null,
      province: null,
      postalCode: null,
      profileImageId: null,
      status: 'inactive',
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  if (user.profileImageId) await deleteImage(tx, user.profileImageId);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx.delete(paymentDetails).where(eq(paymentDetails.userId, userId));
  await tx.delete(signUpRequests).where(sql`lower(${signUpRequests.email}) = ${user.email.toLowerCase()}`);
  await tx
    .delete(signInFailures)
    .where(
      inArray(signInFailures.key, [
        signInKeys('customer', user.email, '').account,
        signInKeys('customer', `reauth:${userId}`, '').account,
      ]),
    );
}
