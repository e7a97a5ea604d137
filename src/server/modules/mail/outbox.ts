import { and, asc, count, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  OUTBOX_MESSAGES,
  OUTBOX_STATUSES,
  type OutboxEmailDetails,
  type OutboxEmailSummary,
  type OutboxListReply,
} from '../../../shared/admin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { prepared, sameNames, type Value } from '../../db/prepared';
import { outboxEmails } from '../../db/schema/mail';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { containedInAny } from '../../lib/like';
import { newestPage, type AdminListInput } from '../../lib/paging';
import { repeatEvery } from '../../lib/repeat';
import { recordAudit, type Actor } from '../audit/service';

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

export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** A claimed email is not due again for this long, so a crashed sender's claim lapses by itself. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;
/** What a delivered email carrying a secret keeps of its body: the link is in the customer's inbox only. */
export const BLANKED_BODY = '[Blanked after delivery: this email carried a one-time secret.]';

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

/** nodemailer options from SMTP_URL; a plain smtp:// to this machine skips STARTTLS (a local relay or test server). */
export function transportFromUrl(url: string): Transporter {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const local = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(parsed.hostname);
  return nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: !secure && local,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
  });
}

export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * One pass of the sender: claims due pending emails (`for update skip locked`, so two instances
 * never take the same row), sends them, and marks each sent, or schedules a retry with exponential
 * backoff, or marks it failed after 8 attempts. Returns how many were sent and how many failed this pass.
 */
export async function sendDueEmails({
  db,
  config,
  clock,
  transport,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  transport?: Transporter;
}): Promise<{ sent: number; failed: number }> {
  if (!config.SMTP_URL) return { sent: 0, failed: 0 };
  const now = clock.now();
  const claimed = await transaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, now)))
      .orderBy(asc(outboxEmails.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    for (const email of due) {
      await tx
        .update(outboxEmails)
        .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(eq(outboxEmails.id, email.id));
    }
    return due;
  });
  if (claimed.length === 0) return { sent: 0, failed: 0 };

  const mailer = transport ?? transportFromUrl(config.SMTP_URL);
  let sent = 0;
  let failed = 0;
  try {
    for (const email of claimed) {
      const attempts = email.attempts + 1;
      try {
        await mailer.sendMail({
          from: config.MAIL_FROM,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
        await db
          .update(outboxEmails)
          .set({
            status: 'sent',
            sentAt: clock.now(),
            lastError: null,
            // Nobody needs the secret once it is in the recipient's inbox; the outbox keeps the rest.
            ...(email.containsSecret ? { html: BLANKED_BODY, text: BLANKED_BODY } : {}),
          })
          .where(eq(outboxEmails.id, email.id));
        sent++;
      } catch (error) {
        failed++;
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(outboxEmails)
          .set(
            attempts >= MAX_ATTEMPTS
              ? { status: 'failed', lastError: message.slice(0, 1000) }
              : {
                  lastError: message.slice(0, 1000),
                  nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
                },
          )
          .where(eq(outboxEmails.id, email.id));
      }
    }
  } finally {
    if (!transport) mailer.close();
  }
  return { sent, failed };
}

export interface OutboxSenderLog {
  info(message: string): void;
  warn(obj: unknown, message?: string): void;
}

/**
 * Sends due emails every few seconds while SMTP_URL is set; without it the mail stays in the
 * outbox for the admin to read. `stop()` waits for a pass in progress.
 */
export function startOutboxSender({
  db,
  config,
  log,
  clock,
  intervalMs = 5_000,
}: {
  db: Database;
  config: Config;
  log: OutboxSenderLog;
  clock: Clock;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  if (!config.SMTP_URL) {
    log.info(
      localPreview(config)
        ? 'SMTP_URL is not set: emails stay in the outbox, shown whole to the admin (a local preview: PUBLIC_URL is this machine)'
        : 'SMTP_URL is not set: emails stay in the outbox, readable by the admin except the secret links they carry',
    );
    return { stop: async () => undefined };
  }
  const transport = transportFromUrl(config.SMTP_URL);
  const sender = repeatEvery(
    intervalMs,
    () => sendDueEmails({ db, config, clock, transport }),
    (error) => log.warn({ err: error }, 'outbox sender pass failed'),
    { runNow: true },
  );
  return {
    stop: async () => {
      await sender.stop();
      transport.close();
    },
  };
}

/** Emails still to send and emails given up on after MAX_ATTEMPTS (the metrics' outbox gauges). */
export async function outboxBacklog(db: DbHandle): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: outboxEmails.status, count: count() })
    .from(outboxEmails)
    .where(inArray(outboxEmails.status, ['pending', 'failed']))
    .groupBy(outboxEmails.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { pending: of('pending'), failed: of('failed') };
}

// --- The admin's Outbox tab ------------------------------------------------------------------------

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A developer's own store: no SMTP_URL, so nothing is ever delivered, and a PUBLIC_URL on this machine, so
 * nobody else follows its links. The outbox then shows each email whole, secret links included, as the only
 * way to follow them (docs/decisions/054). Anywhere else a secret stays withheld.
 */
export function localPreview(config: Pick<Config, 'SMTP_URL' | 'PUBLIC_URL'>): boolean {
  return !config.SMTP_URL && LOCAL_HOSTS.has(new URL(config.PUBLIC_URL).hostname);
}

type OutboxRow = typeof outboxEmails.$inferSelect;

function toSummary(row: Omit<OutboxRow, 'html' | 'text'>): OutboxEmailSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    containsSecret: row.containsSecret,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The emails written about one record ({ type: 'order', id: orderNumber }), oldest first, without their bodies. */
export async function emailsAbout(db: DbHandle, entity: { type: string; id: string }) {
  return db
    .select({
      kind: outboxEmails.kind,
      subject: outboxEmails.subject,
      to: outboxEmails.to,
      status: outboxEmails.status,
      createdAt: outboxEmails.createdAt,
      sentAt: outboxEmails.sentAt,
    })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.entityType, entity.type), eq(outboxEmails.entityId, entity.id)))
    .orderBy(asc(outboxEmails.createdAt));
}

const OUTBOX_STATUS_VALUES: readonly string[] = OUTBOX_STATUSES.map((status) => status.value);
export const EMAIL_NOT_FOUND = 'EMAIL_NOT_FOUND';
const emailNotFound = () => notFound(EMAIL_NOT_FOUND, 'Email not found');
/** What the admin sees of a queued email carrying a secret: the link is for its recipient only. */
export const WITHHELD_BODY = '[withheld: this email carries a secret link for its recipient only]';

/**
 * GET /api/admin/outbox: newest first, paged; ?status= pending, sent or failed; ?q= recipient, subject or kind.
 * `localPreview` tells the tab to say that the bodies are shown whole.
 */
export async function listOutbox({
  db,
  query,
  preview,
}: AdminListInput & { preview: boolean }): Promise<OutboxListReply> {
  const conditions: SQL[] = [];
  if (query.status) {
    if (!OUTBOX_STATUS_VALUES.includes(query.status)) {
      throw invalidField('status', 'Unknown email status');
    }
    conditions.push(eq(outboxEmails.status, query.status));
  }
  if (query.q) conditions.push(containedInAny(query.q, [outboxEmails.to, outboxEmails.subject, outboxEmails.kind]));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { html: _html, text: _text, ...columns } = getTableColumns(outboxEmails);
  const page = await newestPage(db, outboxEmails, where, query, {
    rows: db.select(columns).from(outboxEmails).where(where),
  });
  return { ...page, items: page.items.map(toSummary), localPreview: preview };
}

/**
 * GET /api/admin/outbox/:id: the email with its body; a secret one still queued is withheld (sent, it is
 * already blanked), except in a local preview.
 */
export async function getOutboxEmail({
  db,
  id,
  preview,
}: {
  db: Database;
  id: string;
  preview: boolean;
}): Promise<OutboxEmailDetails> {
  const [row] = isUuid(id) ? await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)).limit(1) : [];
  if (!row) throw emailNotFound();
  const hidden = row.containsSecret && row.status !== 'sent' && !preview;
  return { ...toSummary(row), text: hidden ? WITHHELD_BODY : row.text, html: hidden ? WITHHELD_BODY : row.html };
}

/**
 * POST /api/admin/outbox/:id/resend: a failed email is queued again with fresh attempts (the sender
 * picks it up on its next pass). 409 for one queued or sent.
 */
export async function resendEmail({ db, clock, actor, id }: { db: Database; clock: Clock; actor: Actor; id: string }) {
  if (!isUuid(id)) throw emailNotFound();
  const now = clock.now();
  return transaction(db, async (tx) => {
    const [current] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, id)).for('update').limit(1);
    if (!current) throw emailNotFound();
    if (current.status !== 'failed') {
      throw new AppError('EMAIL_NOT_FAILED', `This email is ${current.status}; only a failed email can be sent again`, {
        status: 409,
      });
    }
    const [row] = await tx
      .update(outboxEmails)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
      .where(eq(outboxEmails.id, id))
      .returning();
    const { html: _h, text: _t, ...before } = current;
    await recordAudit(tx, {
      actor,
      action: 'email.resend',
      entity: { type: 'email', id },
      before: toSummary(before),
      after: toSummary(row!),
      at: now,
    });
    return { message: OUTBOX_MESSAGES.resent, email: toSummary(row!) };
  });
}
