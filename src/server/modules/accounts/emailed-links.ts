import { eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/client';
import { newToken, sha256 } from './sessions';

/*
 * A link emailed to an address nobody has proven yet (a sign-up's, an email change's), waiting in a
 * row of its own (docs/decisions/042). Asking again while the link lives emails nothing for
 * RESEND_AFTER_MS, then one more link (the first keeps working), then nothing until they expire: a
 * stranger who asks on the address's behalf can neither flood its inbox nor use up what its owner
 * needs, since the link already in the inbox is the owner's too.
 */

/** How old the last link must be before asking again emails one more. */
export const RESEND_AFTER_MS = 10 * 60_000;

export interface EmailedLinkRow {
  tokenHash: string;
  earlierTokenHash: string | null;
  emailedAt: Date;
}

/**
 * What a request does about a row's link: `new` for no row (or one for something else), `again`
 * for the one more link, `none` inside the wait or once it was sent.
 */
export function nextEmail(row: EmailedLinkRow | null, now: Date): 'new' | 'again' | 'none' {
  if (!row) return 'new';
  if (row.earlierTokenHash !== null) return 'none';
  return now.getTime() - row.emailedAt.getTime() >= RESEND_AFTER_MS ? 'again' : 'none';
}

/**
 * A new link: its token for the email, and the columns that store it. After `previous` (the one
 * more link) the earlier one keeps working until both expire, `hours` from now.
 */
export function emailedLink(now: Date, hours: number, previous?: EmailedLinkRow) {
  const token = newToken();
  return {
    token,
    columns: {
      tokenHash: sha256(token),
      earlierTokenHash: previous?.tokenHash ?? null,
      emailedAt: now,
      expiresAt: new Date(now.getTime() + hours * 60 * 60_000),
    },
  };
}

/** The row either of whose links `token` is. */
export function eitherLink(table: { tokenHash: AnyPgColumn; earlierTokenHash: AnyPgColumn }, token: string) {
  const hash = sha256(token);
  return or(eq(table.tokenHash, hash), eq(table.earlierTokenHash, hash))!;
}

/**
 * Holds `key` (an address, whatever its case, or a user) until the transaction ends, so two requests
 * at once about it read and write its row one after the other.
 */
export async function lockFor(tx: DbHandle, kind: string, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${key.trim().toLowerCase()}`}, 0))`);
}
