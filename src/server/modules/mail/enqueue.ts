import { and, count, eq, gt, sql } from 'drizzle-orm';
import { transaction, type DbHandle } from '../../db/client';
import { prepared, sameNames, type Value } from '../../db/prepared';
import { outboxEmails } from '../../db/schema/mail';

/*
 * Putting an email in the outbox, in the caller's transaction: written with the event it announces, or
 * not at all. The sender (sender.ts) delivers it; the admin reads it (admin-outbox.ts).
 */

export interface OutgoingEmail {
  /** What the email is about, for the admin's outbox view: 'password_reset', 'order_confirmation'... */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** One email per event: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** The body carries a secret (a reset link): blanked once delivered, never shown to the admin. */
  containsSecret?: boolean;
  /** What the email is about, for a record's email log: { type: 'order', id: orderNumber }. */
  entity?: { type: string; id: string };
}

export interface EnqueueOptions {
  /**
   * At most `max` emails of this kind to one address (whatever its case) in the last `withinMs`; past
   * it the email is dropped and enqueueEmail returns null. For mail a request can send to an address
   * it was merely given, so nobody can flood a stranger's inbox through the store.
   */
  perRecipient?: { max: number; withinMs: number };
}

const HOUR_MS = 60 * 60_000;

/**
 * The cap on every email an anonymous request can trigger (a reset link, the confirmation of a
 * trade-in or a repair booking): 5 of a kind an hour to one address. Not for what staff send or for a
 * paid order's confirmation.
 */
export const ANONYMOUS_MAIL_CAP = { perRecipient: { max: 5, withinMs: HOUR_MS } } as const satisfies EnqueueOptions;

/**
 * Puts an email in the outbox. Pass the caller's transaction as `db` so the email is written with
 * the event it announces, or not at all. With a per-recipient cap (`ANONYMOUS_MAIL_CAP`), returns
 * null when the address has had its share: the caller may skip what the email was for.
 */
export async function enqueueEmail(
  db: DbHandle,
  email: OutgoingEmail,
  now?: Date,
  options: EnqueueOptions = {},
): Promise<{ id: string } | null> {
  const cap = options.perRecipient;
  if (cap === undefined) return insertEmail(db, email, now);
  // A savepoint inside the caller's transaction (or a transaction of its own): the lock lasts until
  // the caller commits, so parallel requests to one address count each other's emails.
  return transaction(db, async (tx) => {
    const recipient = email.to.trim().toLowerCase();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-to:${recipient}`}, 0))`);
    const since = now
      ? new Date(now.getTime() - cap.withinMs)
      : sql`now() - make_interval(secs => ${cap.withinMs / 1000})`;
    const [sent] = await tx
      .select({ count: count() })
      .from(outboxEmails)
      .where(
        and(
          sql`lower(${outboxEmails.to}) = ${recipient}`,
          eq(outboxEmails.kind, email.kind),
          gt(outboxEmails.createdAt, since),
        ),
      );
    if (sent!.count >= cap.max) return null;
    return insertEmail(tx, email, now);
  });
}

async function insertEmail(db: DbHandle, email: OutgoingEmail, now?: Date): Promise<{ id: string } | null> {
  const values = {
    kind: email.kind,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    dedupeKey: email.dedupeKey ?? null,
    containsSecret: email.containsSecret ?? false,
    entityType: email.entity?.type ?? null,
    entityId: email.entity?.id ?? null,
  };
  const [row] = now ? await insertAt(db, { ...values, now }) : await insertNow(db, values);
  return row ?? null;
}

const EMAIL_COLUMNS = [
  'kind',
  'to',
  'subject',
  'html',
  'text',
  'dedupeKey',
  'containsSecret',
  'entityType',
  'entityId',
] as const;
type EmailRow = Pick<typeof outboxEmails.$inferInsert, (typeof EMAIL_COLUMNS)[number]>;

/**
 * The outbox's insert, built once (db/prepared.ts) for each way it is timed: at `now` (the caller's clock,
 * due at once) or at the database's defaults. A dedupe key already there inserts nothing.
 */
function insertEmailStatement(timed: boolean) {
  return prepared((db, value: Value<EmailRow & { now?: Date }>) =>
    db
      .insert(outboxEmails)
      .values({
        ...sameNames(value, EMAIL_COLUMNS),
        ...(timed ? { createdAt: value('now'), nextAttemptAt: value('now') } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: outboxEmails.id }),
  );
}

const insertAt = insertEmailStatement(true);
const insertNow = insertEmailStatement(false);
