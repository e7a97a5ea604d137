import { and, asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import {
  OUTBOX_MESSAGES,
  OUTBOX_STATUSES,
  type OutboxEmailDetails,
  type OutboxEmailSummary,
  type OutboxListReply,
} from '../../../shared/admin';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { outboxEmails } from '../../db/schema/mail';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { containedInAny } from '../../lib/like';
import { newestPage, type AdminListInput } from '../../lib/paging';
import { recordAudit, type Actor } from '../audit';

/* The admin's Outbox tab, and the emails about one record that staff detail views show. */

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
