import type { FastifyRequest } from 'fastify';
import type { Role } from '../../../shared/accounts';
import type { DbHandle } from '../../db/client';
import { auditLog } from '../../db/schema';
import { sessionOf } from '../accounts/guard';

/**
 * Who did it, and the address they acted from (DESIGN.md section 9): a signed-in staff member, or a
 * customer answering an offer (id null for a guest who proved it by the contact email or the link).
 */
export interface Actor {
  id: string | null;
  role: Role;
  ip?: string;
}

/** The caller of a route its access let through, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor {
  const { user } = sessionOf(request);
  return { id: user.id, role: user.role, ip: request.ip };
}

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
