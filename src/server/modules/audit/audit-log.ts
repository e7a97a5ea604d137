import type { Role } from '../../../shared/accounts';
import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database, DbHandle } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { anyRow } from '../../lib/any-row';
import { escapeLike, likeContains } from '../../lib/like';
import { newestPage } from '../../lib/paging';

/**
 * Who did it, and the address they acted from (docs/decisions/029): a signed-in staff member, or a
 * customer acting on their trade-in (id null for a guest who proved it by the emailed link).
 */
export interface Actor {
  id: string | null;
  role: Role;
  ip?: string;
}

/** Someone signed in: every staff action has one. */
export type SignedInActor = Actor & { id: string };

/**
 * Writes one audit entry in the caller's transaction, so the entry exists exactly when the change
 * does (the table is append-only: a trigger refuses UPDATE and DELETE). `before` and `after` are the
 * thing as the API shows it, around the change; `details` anything else worth keeping (a reason).
 */
export async function recordAudit(
  tx: DbHandle,
  entry: {
    actor: Actor;
    /** `<entity>.<verb>`: 'device.create', 'trade_in.offer'. */
    action: string;
    entity: { type: string; id: string };
    before?: object;
    after?: object;
    details?: Record<string, unknown>;
    at: Date;
  },
) {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: entry.entity.id,
    before: entry.before as Record<string, unknown> | undefined,
    after: entry.after as Record<string, unknown> | undefined,
    details: entry.details,
    ip: entry.actor.ip,
    createdAt: entry.at,
  });
}

/** True when this user ever acted on record (the log is append-only: such a user is deactivated, never removed). */
export async function hasActed(db: DbHandle, userId: string): Promise<boolean> {
  return anyRow(db, auditLog, eq(auditLog.actorId, userId));
}

/**
 * GET /api/admin/audit: newest first, paged. `actorIds` (when given) keeps the entries of those
 * people, `action` those whose action is it or starts with it plus a dot, `target` those whose
 * target type is it or whose target id contains it. Read-only: nothing in the app edits the log.
 */
export async function listAudit({
  db,
  page,
  pageSize,
  actorIds,
  action,
  target,
}: {
  db: Database;
  page: number;
  pageSize: number;
  actorIds: string[] | null;
  action: string;
  target: string;
}) {
  const conditions: SQL[] = [];
  if (actorIds) conditions.push(actorIds.length > 0 ? inArray(auditLog.actorId, actorIds) : sql`false`);
  if (action) conditions.push(or(eq(auditLog.action, action), like(auditLog.action, `${escapeLike(action)}.%`))!);
  if (target) {
    conditions.push(
      or(eq(auditLog.entityType, target), sql`lower(${auditLog.entityId}) like ${likeContains(target)}`)!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return newestPage(db, auditLog, where, { page, pageSize });
}

/** Every entry about one thing (a trade-in's detail view), oldest first. */
export async function auditEntriesFor(db: DbHandle, entity: { type: string; id: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entity.type), eq(auditLog.entityId, entity.id)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
