import { and, asc, eq, sql } from 'drizzle-orm';
import { outboxEmails } from '../../src/server/db/schema';
import type { OutgoingEmail } from '../../src/server/modules/mail';
import type { TestApp } from './test-app';

/** An email as a module hands it to the outbox: an order confirmation to a buyer. */
export const outgoingEmail = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: 'order_confirmation',
  to: 'buyer@example.co.za',
  subject: 'Order Confirmed! ORD-2026-000001',
  html: '<p>Thanks</p>',
  text: 'Thanks',
  ...overrides,
});

/** The outbox's emails of one kind to one address (any case), as the recipient would read them. */
export function emailsTo(t: Pick<TestApp, 'db'>, to: string, kind: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(sql`lower(${outboxEmails.to}) = ${to.toLowerCase()}`, eq(outboxEmails.kind, kind)));
}

/** The outbox's emails of one kind about a record (its order, transaction or booking number), oldest first. */
export function emailsAbout(t: Pick<TestApp, 'db'>, entityId: string, kind: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.entityId, entityId), eq(outboxEmails.kind, kind)))
    .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id));
}

/** The `token` of the link in an email's text ('.../reset-password?token=...'). */
export function linkToken(text: string): string {
  const token = /[?&]token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link with a token in: ${text}`);
  return token;
}

/** The tokens of every link of this kind emailed to `to`, in no particular order. */
export async function emailedTokens(t: Pick<TestApp, 'db'>, to: string, kind: string): Promise<string[]> {
  return (await emailsTo(t, to, kind)).map((email) => linkToken(email.text));
}
