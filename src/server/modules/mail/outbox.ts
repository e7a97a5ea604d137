import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { repeatEvery } from '../../lib/repeat';

export interface OutgoingEmail {
  /** What the email is about, for the admin's outbox view: 'password_reset', 'order_confirmation'... */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** One email per event: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** The body carries a secret (a signed link): blanked once delivered. */
  containsSecret?: boolean;
  /** What it is about, for the admin's email log of a record: { type: 'trade_in', id: 'TXN...' }. */
  entity?: { type: string; id: string };
}

export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** A claimed email is not due again for this long, so a crashed sender's claim lapses by itself. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;

/**
 * Puts an email in the outbox. Pass the caller's transaction as `db` so the email is written with
 * the event it announces, or not at all.
 */
export async function enqueueEmail(db: DbHandle, email: OutgoingEmail, now?: Date): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      dedupeKey: email.dedupeKey ?? null,
      containsSecret: email.containsSecret ?? false,
      entityType: email.entity?.type ?? null,
      entityId: email.entity?.id ?? null,
      ...(now ? { createdAt: now, nextAttemptAt: now } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: outboxEmails.id });
  return row ?? null;
}

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
  const claimed = await db.transaction(async (tx) => {
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
          .set({ status: 'sent', sentAt: clock.now(), lastError: null })
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
    log.info('SMTP_URL is not set: emails stay in the outbox (readable by the admin)');
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
