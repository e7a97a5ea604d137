import { asc } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';
import { sameEmail } from '../../lib/personal-data-rows';

/*
 * The contact module's part of a person's data (docs/decisions/076): the messages sent from the contact page
 * under an email address, for their copy, and deleted by an erasure.
 */

const sentFrom = (email: string) => sameEmail(contactMessages.email, email);

/** A message as the person's copy shows it. */
export interface MessageRecord {
  at: string;
  name: string;
  phone: string;
  subject: string;
  message: string;
}

export async function messagesFrom(db: DbHandle, email: string): Promise<MessageRecord[]> {
  const rows = await db.select().from(contactMessages).where(sentFrom(email)).orderBy(asc(contactMessages.createdAt));
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    name: row.name,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
  }));
}

/** The contact's part of an erasure, in the caller's transaction. */
export async function eraseMessagesFrom(tx: DbHandle, email: string): Promise<number> {
  const gone = await tx.delete(contactMessages).where(sentFrom(email)).returning({ id: contactMessages.id });
  return gone.length;
}
