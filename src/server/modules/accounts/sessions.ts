import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Role, SessionUser } from '../../../shared/accounts';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import type { RequestSession } from '../../lib/session-user';

export const SESSION_COOKIE = 'qb_session';
/** last_seen_at is written at most this often, so a busy page does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes, base64url: the only copy lives in the browser's cookie. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

type UserRow = typeof users.$inferSelect;

/** The user columns a session needs: who it is and whether it may still sign in (never the password hash). */
const sessionUserColumns = {
  id: users.id,
  role: users.role,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  deletedAt: users.deletedAt,
};

export function toSessionUser(
  user: Pick<UserRow, 'id' | 'role' | 'email' | 'username' | 'firstName' | 'lastName'>,
): SessionUser {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  if (user.role === 'agent') {
    return { role: 'agent', id: user.id, username: user.username ?? '', name, email: user.email };
  }
  if (user.role === 'admin') return { role: 'admin', id: user.id, email: user.email, name };
  return { role: 'customer', id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

/**
 * How long a session lives, in all and unused. Staff sessions reach the whole store's data and
 * money, so they are short whatever the customers' settings: 12 hours, 1 hour idle. A session
 * waiting for its second factor lasts 10 minutes: long enough to open the app, no longer.
 */
export function sessionLifetime(config: Config, role: Role, mfaPending = false): { maxMs: number; idleMs: number } {
  if (mfaPending) return { maxMs: PENDING_MS, idleMs: PENDING_MS };
  if (role === 'customer') {
    return { maxMs: config.SESSION_MAX_DAYS * 86_400_000, idleMs: config.SESSION_IDLE_MINUTES * 60_000 };
  }
  return { maxMs: 12 * 3_600_000, idleMs: 3_600_000 };
}

const PENDING_MS = 10 * 60_000;

/** The cookie's Max-Age: the session's own absolute lifetime, so the browser forgets it when the server does. */
export function sessionMaxAgeSeconds(config: Config, role: Role, mfaPending = false): number {
  return sessionLifetime(config, role, mfaPending).maxMs / 1000;
}

export async function createSession({
  db,
  config,
  clock,
  userId,
  role,
  mfaPending = false,
}: {
  db: DbHandle;
  config: Config;
  clock: Clock;
  userId: string;
  role: Role;
  mfaPending?: boolean;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetime(config, role, mfaPending).maxMs);
  await db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, createdAt: now, lastSeenAt: now, expiresAt, mfaPending });
  return { token, expiresAt };
}

/**
 * The second factor passed: the pending session is replaced by a full one under a new token, so a
 * token seen before the code (a shared screen, a log) is worth nothing after it. Null when the
 * pending session is gone (it expired, or a parallel request upgraded it first). Run it in the
 * transaction that records the factor's use.
 */
export async function upgradeSession({
  db,
  config,
  clock,
  tokenHash,
  userId,
  role,
}: {
  db: DbHandle;
  config: Config;
  clock: Clock;
  tokenHash: string;
  userId: string;
  role: Role;
}): Promise<{ token: string; expiresAt: Date } | null> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.mfaPending, true)))
    .returning({ tokenHash: sessions.tokenHash });
  if (ended.length === 0) return null;
  return createSession({ db, config, clock, userId, role });
}

/** A session as the guard resolves it for a request (its shape is lib/session-user.ts's). */
export type ResolvedSession = RequestSession;

/**
 * The signed-in user for a cookie token, or null. A session past its idle timeout or absolute
 * lifetime, or of a user no longer active, is deleted and treated as absent.
 */
export async function resolveSession({
  db,
  config,
  clock,
  token,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  token: string;
}): Promise<ResolvedSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      session: { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, mfaPending: sessions.mfaPending },
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const now = clock.now().getTime();
  const user = toSessionUser(row.user);
  const { mfaPending } = row.session;
  const idleLimit = row.session.lastSeenAt.getTime() + sessionLifetime(config, user.role, mfaPending).idleMs;
  const expired = now >= row.session.expiresAt.getTime() || now >= idleLimit;
  const inactive = row.user.status !== 'active' || row.user.deletedAt !== null;
  if (expired || inactive) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { user, tokenHash, mfaPending };
}

export async function deleteSession({ db, tokenHash }: { db: Database; tokenHash: string }) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, or every one but the caller's own. */
export async function deleteUserSessions({
  db,
  userId,
  exceptTokenHash,
}: {
  db: DbHandle;
  userId: string;
  exceptTokenHash?: string;
}) {
  await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    );
}

/** Active, not deleted: the only users who may sign in or stay signed in. */
export const activeUser = () => and(eq(users.status, 'active'), isNull(users.deletedAt));
