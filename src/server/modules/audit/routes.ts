import type { FastifyInstance } from 'fastify';
import { actorLabel, auditQuerySchema, type AuditEntry } from '../../../shared/admin';
import type { PagedReply } from '../../../shared/paging';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/errors';
import { listAudit } from './audit-log';

interface Person {
  id: string;
  name: string;
  email: string;
}

/** Who keeps the people the log names: app.ts passes accounts' findPeople, so audit imports no other module. */
export interface AuditPeople {
  findPeople: (db: Database, filter: { ids: string[] } | { search: string }) => Promise<Person[]>;
}

const withLabel = (actor: Omit<AuditEntry['actor'], 'who'>): AuditEntry['actor'] => ({
  ...actor,
  who: actorLabel(actor),
});

/** The admin's Audit log tab: read-only, there is no route that changes an entry. */
export function registerAuditRoutes(app: FastifyInstance, { db }: AppContext, { findPeople }: AuditPeople) {
  app.get('/api/admin/audit', { config: { access: ['admin'] } }, async (request): Promise<PagedReply<AuditEntry>> => {
    const query = parseInput(auditQuerySchema, request.query);
    const actorIds = query.person ? (await findPeople(db, { search: query.person })).map((p) => p.id) : null;
    const page = await listAudit({ db, ...query, actorIds });
    const ids = [...new Set(page.items.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
    const people = new Map((await findPeople(db, { ids })).map((person) => [person.id, person]));
    return {
      ...page,
      items: page.items.map((row) => {
        const person = row.actorId ? people.get(row.actorId) : undefined;
        return {
          id: row.id,
          at: row.createdAt.toISOString(),
          actor: withLabel({
            id: row.actorId,
            name: person?.name ?? null,
            email: person?.email ?? null,
            role: row.actorRole,
          }),
          action: row.action,
          target: { type: row.entityType, id: row.entityId },
          before: row.before ?? null,
          after: row.after ?? null,
          details: row.details ?? null,
          ip: row.ip,
        };
      }),
    };
  });
}
