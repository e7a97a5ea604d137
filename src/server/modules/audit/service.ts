import type { Role } from '../../../shared/accounts';
import type { DbHandle } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who did it: a signed-in staff member (DESIGN.md section 9: every staff action writes the audit log). */
export interface Actor {
  id: string;
  role: Role;
}

/**
 * Writes one audit entry in the caller's transaction, so the entry exists exactly when the change
 * does. `before` and `after` are the thing as the API shows it, around the change.
 */
export async function recordAudit(
  tx: DbHandle,
  entry: {
    actor: Actor;
    /** `<entity>.<verb>`: 'device.create', 'device.update'. */
    action: string;
    entity: { type: string; id: string };
    before?: unknown;
    after?: unknown;
    at: Date;
  },
) {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: entry.entity.id,
    details: {
      ...(entry.before !== undefined ? { before: entry.before } : {}),
      ...(entry.after !== undefined ? { after: entry.after } : {}),
    },
    createdAt: entry.at,
  });
}
