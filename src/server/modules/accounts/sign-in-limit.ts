import { and, count, eq, gte, lt, or } from 'drizzle-orm';
import type { Role } from '../../../shared/accounts';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { signInFailures } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function signInKeys(role: Role, identifier: string, address: string): string[] {
  return [`account:${role}:${identifier.trim().toLowerCase()}`, `ip:${address}`];
}

/**
 * 429 when either key (the account or the address) has 10 failures in the last 15 minutes. The
 * counts live in the database, so every instance sees the same ones.
 */
export async function assertSignInAllowed({ db, clock, keys }: { db: Database; clock: Clock; keys: string[] }) {
  const since = new Date(clock.now().getTime() - SIGN_IN_WINDOW_MS);
  const rows = await db
    .select({ key: signInFailures.key, failures: count() })
    .from(signInFailures)
    .where(and(or(...keys.map((key) => eq(signInFailures.key, key))), gte(signInFailures.createdAt, since)))
    .groupBy(signInFailures.key);
  if (rows.some((row) => row.failures >= SIGN_IN_MAX_FAILURES)) {
    throw new AppError(ERROR_CODES.rateLimited, ACCOUNT_MESSAGES.rateLimited, { status: 429 });
  }
}

export async function recordSignInFailure({ db, clock, keys }: { db: Database; clock: Clock; keys: string[] }) {
  const now = clock.now();
  await db.insert(signInFailures).values(keys.map((key) => ({ key, createdAt: now })));
  // Old rows are no use to anyone: prune this key set's expired ones as we go.
  const before = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  await db
    .delete(signInFailures)
    .where(and(or(...keys.map((key) => eq(signInFailures.key, key))), lt(signInFailures.createdAt, before)));
}

/** A successful sign-in clears the account's own count (not the address's). */
export async function clearAccountFailures({ db, key }: { db: Database; key: string }) {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}
