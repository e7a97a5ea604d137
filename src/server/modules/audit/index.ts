/*
 * The audit module's front door: an entry written in the caller's transaction, and the entries of one record.
 * Nothing else of the module is imported from outside it (the quickbuy/server-modules lint rule).
 */

export { auditEntriesFor, hasActed, recordAudit } from './audit-log';
export type { Actor, SignedInActor } from './audit-log';
export { registerAuditRoutes } from './routes';
