/** The tables modules/audit owns: only that module imports this file (table-ownership.test.ts). */
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/accounts';
import { users } from './accounts';
import { clearedWith, createdAt, identityKey, oneOf } from './columns';

export const auditLog = pgTable(
  'audit_log',
  {
    id: identityKey(),
    actorId: clearedWith('actor_id', () => users.id),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The client address the action came from. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_log_role_check', oneOf(t.actorRole, ROLES)),
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
  ],
);
