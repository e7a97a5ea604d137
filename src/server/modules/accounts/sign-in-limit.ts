import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/accounts';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import { transaction, type Database } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { clientKey } from '../../lib/client-key';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

/** Wrong passwords one client address may try in the window before it gets 429. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures (of the address or the account) before each try waits, and the longest wait. */
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 1_000;

export interface SignInKeys {
  account: string;
  address: string;
}

export function signInKeys(role: Role, identifier: string, address: string): SignInKeys {
  return { account: `account:${role}:${identifier.trim().toLowerCase()}`, address: `ip:${clientKey(address)}` };
}

/** 0 for the first three failures, then 100 ms doubling per failure, at most a second. */
export function signInDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, 100 * 2 ** (failures - FREE_FAILURES));
}

export interface SignInAttempt {
  /** The rows this attempt wrote: they stay as failures unless the password was right. */
  ids: number[];
  delayMs: number;
}

/**
 * Counts a sign-in attempt before its password is checked (issue 10): under a lock on the client
 * address, the address's attempts in the window are counted and this one is written, so 40 guesses
 * sent at once are counted one after another and only 10 reach the password check. The address gets
 * 429 past the limit; the account is never locked (its owner must still get in from elsewhere), only
 * slowed, like the address, by a growing delay. The rows live in the database, so every instance sees them.
 */
export async function takeSignInAttempt({
  db,
  clock,
  keys,
}: {
  db: Database;
  clock: Clock;
  keys: SignInKeys;
}): Promise<SignInAttempt> {
  const now = clock.now();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const attempt = await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${keys.address}, 0))`);
    const rows = await tx
      .select({ key: signInFailures.key, failures: count() })
      .from(signInFailures)
      .where(
        and(
          or(eq(signInFailures.key, keys.address), eq(signInFailures.key, keys.account)),
          gte(signInFailures.createdAt, since),
        ),
      )
      .groupBy(signInFailures.key);
    const failuresOf = (key: string) => rows.find((row) => row.key === key)?.failures ?? 0;
    if (failuresOf(keys.address) >= SIGN_IN_MAX_FAILURES) return null;
    const written = await tx
      .insert(signInFailures)
      .values([keys.address, keys.account].map((key) => ({ key, createdAt: now })))
      .returning({ id: signInFailures.id });
    // Old rows are no use to anyone: prune this key pair's expired ones as we go.
    await tx
      .delete(signInFailures)
      .where(
        and(
          or(eq(signInFailures.key, keys.address), eq(signInFailures.key, keys.account)),
          lt(signInFailures.createdAt, since),
        ),
      );
    return {
      ids: written.map((row) => row.id),
      delayMs: signInDelayMs(Math.max(failuresOf(keys.address), failuresOf(keys.account))),
    };
  });
  if (!attempt) throw new AppError(ERROR_CODES.rateLimited, ACCOUNT_MESSAGES.rateLimited, { status: 429 });
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  return attempt;
}

/** The right password: this attempt was no failure, and the account's earlier ones are forgiven (not the address's). */
export async function signInSucceeded({
  db,
  attempt,
  keys,
}: {
  db: Database;
  attempt: SignInAttempt;
  keys: SignInKeys;
}) {
  await db
    .delete(signInFailures)
    .where(or(inArray(signInFailures.id, attempt.ids), eq(signInFailures.key, keys.account)));
}
