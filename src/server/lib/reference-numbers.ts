import { randomInt } from 'node:crypto';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client';

/** ORD-{year}-{last six digits of the timestamp} (spec 000 section 9). */
export function orderNumber(now: Date): string {
  return `ORD-${now.getUTCFullYear()}-${String(now.getTime()).slice(-6)}`;
}

/** TXN + timestamp in ms + random 0-999 (spec 001 section 9). */
export function transactionNumber(now: Date): string {
  return `TXN${now.getTime()}${randomInt(0, 1000)}`;
}

/** REP- + last six digits of the timestamp + three random digits. */
export function bookingNumber(now: Date): string {
  return `REP-${String(now.getTime()).slice(-6)}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

/**
 * The spec's numbers repeat (six timestamp digits wrap every 16.7 minutes), so inserts that
 * carry one retry on a unique violation with the next millisecond's number.
 */
export async function withUniqueNumber<T>(
  make: (attempt: number) => string,
  insert: (number: string) => Promise<T>,
  attempts = 20,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert(make(attempt));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts - 1) throw error;
    }
  }
}

/** Numbers from the clock for withUniqueNumber: attempt n gets the number of `now` plus n milliseconds. */
export function clockNumbers(make: (now: Date) => string, now: Date): (attempt: number) => string {
  return (attempt) => make(new Date(now.getTime() + attempt));
}

/**
 * Inserts one row of `table` carrying a new number, inside the caller's transaction: each attempt
 * runs in a savepoint, so a collision retries with the next number and does not abort the rest.
 */
export async function insertNumbered<T extends PgTable>(
  tx: Transaction,
  table: T,
  make: (attempt: number) => string,
  values: (number: string) => PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  return withUniqueNumber(make, (number) =>
    tx.transaction(async (sp) => {
      const [row] = (await sp.insert(table).values(values(number)).returning()) as Array<T['$inferSelect']>;
      return row!;
    }),
  );
}

/** Postgres error 23505, as node-postgres and PGlite both report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Like withUniqueNumber, for an insert that skips a taken number itself (`on conflict (number) do
 * nothing returning ...`) and so answers undefined instead of failing: no savepoint is needed to
 * keep the caller's transaction alive, and no error is raised and caught.
 */
export async function withFreeNumber<T>(
  make: (attempt: number) => string,
  insert: (number: string) => Promise<T | undefined>,
  attempts = 20,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const row = await insert(make(attempt));
    if (row !== undefined) return row;
  }
  throw new Error(`no free number after ${attempts} attempts`);
}

/** RET- + last six digits of the timestamp + three random digits: a return request, shaped like a repair booking's. */
export function returnNumber(now: Date): string {
  return `RET-${String(now.getTime()).slice(-6)}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}
