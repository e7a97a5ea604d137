import { asc } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { outboxEmails } from '../../db/schema/mail';
import { sameEmail } from '../../lib/personal-data-rows';
import { WITHHELD_BODY } from './admin-outbox';

/*
 * The mail module's part of a person's data (docs/decisions/076): the emails the store sent (or will send) to an
 * address, for their copy, and deleted by an erasure. A body that carried a secret link shows as withheld, as it
 * does to the admin: the link is spent or would let whoever holds the copy in.
 */

const sentTo = (email: string) => sameEmail(outboxEmails.to, email);

/** An email as the person's copy shows it. */
export interface EmailRecord {
  at: string;
  subject: string;
  status: string;
  sentAt: string | null;
  text: string;
}

export async function emailsSentTo(db: DbHandle, email: string): Promise<EmailRecord[]> {
  const rows = await db.select().from(outboxEmails).where(sentTo(email)).orderBy(asc(outboxEmails.createdAt));
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    subject: row.subject,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    text: row.containsSecret ? WITHHELD_BODY : row.text,
  }));
}

/** The mail's part of an erasure, in the caller's transaction: every email to the address deleted. */
export async function eraseEmailsTo(tx: DbHandle, email: string): Promise<number> {
  const gone = await tx.delete(outboxEmails).where(sentTo(email)).returning({ id: outboxEmails.id });
  return gone.length;
}
