import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/accounts';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { signInFailures } from '../../db/schema/accounts';
import { clientKey } from '../../lib/client-key';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

/** Wrong passwords one client address may try in the window before it gets 429. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/**
 * Wrong second-factor codes one account may have in the window before its codes get 429. Only
 * someone who knows the password reaches the code step, so this cap cannot be used by strangers to
 * lock the account; it holds a password thief to 5 guesses of a 6-digit code a quarter hour.
 */
export const SECOND_FACTOR_MAX_FAILURES = 5;
/**
 * Wrong recovery codes one account may have in the window before its recovery codes get 429: a count
 * of their own, so wrong authenticator codes never shut the way in for someone who lost the app. A
 * recovery code is 120 random bits, so the cap is for the typist's slips, not against guessing.
 */
export const RECOVERY_CODE_MAX_FAILURES = 10;
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

/** A capped count of an account's failures at one kind of proof (beside its account key, which they also count under). */
export interface CappedKey {
  key: string;
  max: number;
}

/** The count of an account's wrong authenticator codes. */
export function secondFactorKey(userId: string): CappedKey {
  return { key: `factor:${userId}`, max: SECOND_FACTOR_MAX_FAILURES };
}

/** The count of an account's wrong recovery codes, apart from its codes'. */
export function recoveryCodeKey(userId: string): CappedKey {
  return { key: `recovery:${userId}`, max: RECOVERY_CODE_MAX_FAILURES };
}

/**
 * Forgets an account's wrong codes and recovery codes: its authenticator was reset, so the person
 * setting up a new one starts with the whole budget. In the caller's transaction.
 */
export async function forgetSecondFactorFailures(tx: DbHandle, userId: string) {
  const keys = [secondFactorKey(userId), recoveryCodeKey(userId)].map((capped) => capped.key);
  await tx.delete(signInFailures).where(inArray(signInFailures.key, keys));
}

export interface SignInAttempt {
  /** The rows this attempt wrote: they stay as failures unless the password (or code) was right. */
  ids: number[];
  delayMs: number;
}

/**
 * Counts a sign-in attempt before its password (or second-factor code) is checked: under locks on
 * the client address and on the account, taken in one order so two attempts never wait on each
 * other crosswise, the failures in the window are counted and this attempt is written. So 40 guesses
 * sent at once from one address are counted one after another and only 10 reach the check, and
 * guesses at one account from many addresses at once each see all those before them: each waits the
 * delay its place in line earns. The address gets 429 past the limit; for a password the account is
 * never locked (its owner must still get in from elsewhere), only slowed. A code attempt names its
 * `capped` key (the account's codes, or its recovery codes): past that key's `max` failures it gets
 * 429 before any check. The rows live in the database, so every instance sees them.
 */
export async function takeSignInAttempt({
  db,
  clock,
  keys,
  capped,
}: {
  db: Database;
  clock: Clock;
  keys: SignInKeys;
  capped?: CappedKey;
}): Promise<SignInAttempt> {
  const now = clock.now();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const counted = [keys.address, keys.account, ...(capped ? [capped.key] : [])].sort();
  const attempt = await transaction(db, async (tx) => {
    for (const key of counted) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const rows = await tx
      .select({ key: signInFailures.key, failures: count() })
      .from(signInFailures)
      .where(and(inArray(signInFailures.key, counted), gte(signInFailures.createdAt, since)))
      .groupBy(signInFailures.key);
    const failuresOf = (key: string) => rows.find((row) => row.key === key)?.failures ?? 0;
    if (failuresOf(keys.address) >= SIGN_IN_MAX_FAILURES) return null;
    if (capped && failuresOf(capped.key) >= capped.max) return null;
    const written = await tx
      .insert(signInFailures)
      .values(counted.map((key) => ({ key, createdAt: now })))
      .returning({ id: signInFailures.id });
    // Old rows are no use to anyone: prune these keys' expired ones as we go.
    await tx
      .delete(signInFailures)
      .where(and(inArray(signInFailures.key, counted), lt(signInFailures.createdAt, since)));
    return {
      ids: written.map((row) => row.id),
      delayMs: signInDelayMs(Math.max(failuresOf(keys.address), failuresOf(keys.account))),
    };
  });
  if (!attempt) throw new AppError(ERROR_CODES.rateLimited, ACCOUNT_MESSAGES.rateLimited, { status: 429 });
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  return attempt;
}

/**
 * The right password (or code): this attempt was no failure, and the account's earlier ones are
 * forgiven (not the address's), and those under `forgiven` too (a right code forgives the account's
 * wrong codes and recovery codes alike).
 */
export async function signInSucceeded({
  db,
  attempt,
  keys,
  forgiven = [],
}: {
  db: DbHandle;
  attempt: SignInAttempt;
  keys: SignInKeys;
  forgiven?: CappedKey[];
}) {
  await db
    .delete(signInFailures)
    .where(
      or(
        inArray(signInFailures.id, attempt.ids),
        inArray(signInFailures.key, [keys.account, ...forgiven.map((capped) => capped.key)]),
      ),
    );
}
