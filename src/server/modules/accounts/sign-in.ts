import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type Role, type SessionUser } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import type { PendingSecondFactor } from '../../../shared/staff-mfa';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/accounts';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword, type PasswordWork } from '../../lib/passwords';
import { pendingSecondFactor } from './second-factor';
import { activeUser, createSession, toSessionUser } from './sessions';
import { signInKeys, signInSucceeded, takeSignInAttempt } from './sign-in-limit';
import type { UserRow } from './users';

/** One hash of a random password per kind of work, made once: what an unknown account's attempt is checked against. */
const dummyHashes = new Map<PasswordWork, Promise<string>>();

function dummyHash(work: PasswordWork): Promise<string> {
  let hash = dummyHashes.get(work);
  if (!hash) dummyHashes.set(work, (hash = hashPassword(randomBytes(16).toString('hex'), work)));
  return hash;
}

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
}: AppContext & {
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
  const ok = await verifyPassword(password, user ? user.passwordHash : await dummyHash(config.PASSWORD_WORK));
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
 * Checks a signed-in user's current password before a sensitive change, counted like a sign-in
 * (the address's attempts, a growing delay), so a stolen session cannot guess it at speed.
 */
export async function confirmCurrentPassword({
  db,
  clock,
  user,
  password,
  address,
}: Pick<AppContext, 'db' | 'clock'> & { user: UserRow; password: string; address: string }) {
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
