import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { outboxEmails } from '../../db/schema/mail';
import type { Clock } from '../../lib/clock';
import { repeatEvery } from '../../lib/repeat';

/* Delivering the outbox over SMTP: claimed in batches, retried with backoff, secrets blanked once sent. */

export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** A claimed email is not due again for this long, so a crashed sender's claim lapses by itself. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;
/** What a delivered email carrying a secret keeps of its body: the link is in the customer's inbox only. */
export const BLANKED_BODY = '[Blanked after delivery: this email carried a one-time secret.]';

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

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A developer's own store: no SMTP_URL, so nothing is ever delivered, and a PUBLIC_URL on this machine, so
 * nobody else follows its links. The outbox then shows each email whole, secret links included, as the only
 * way to follow them (docs/decisions/054). Anywhere else a secret stays withheld.
 */
export function localPreview(config: Pick<Config, 'SMTP_URL' | 'PUBLIC_URL'>): boolean {
  return !config.SMTP_URL && LOCAL_HOSTS.has(new URL(config.PUBLIC_URL).hostname);
}
