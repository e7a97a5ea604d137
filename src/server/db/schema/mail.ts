/** The tables modules/mail owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, uuidKey } from './columns';

/** Emails written in the same transaction as the event they announce, sent later. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuidKey(),
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Makes an event's email unique: one confirmation per order, whatever the retries. */
    dedupeKey: text('dedupe_key').unique(),
    /** The body carries a secret (a reset link): blanked once delivered. */
    containsSecret: boolean('contains_secret').notNull().default(false),
    /** What the email is about (order, trade-in, repair), for the admin's email log of a record. */
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_status_check', oneOf(t.status, ['pending', 'sent', 'failed'])),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt.desc()),
    index('outbox_entity_idx').on(t.entityType, t.entityId),
    index('outbox_status_created_idx').on(t.status, t.createdAt.desc()),
    // The per-recipient cap counts one kind of email to one address over the last hour.
    index('outbox_recipient_kind_created_idx').on(sql`lower(${t.to})`, t.kind, t.createdAt),
  ],
);
