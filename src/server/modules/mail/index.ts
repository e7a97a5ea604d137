/*
 * The mail module's front door: enqueueing an email in the caller's transaction, the sender main.ts runs, and
 * the emails about one record. Nothing else of the module is imported from outside it (the quickbuy/server-
 * modules lint rule).
 */

export { emailsAbout } from './admin-outbox';
export { ANONYMOUS_MAIL_CAP, enqueueEmail } from './enqueue';
export type { EnqueueOptions, OutgoingEmail } from './enqueue';
export { emailsSentTo, eraseEmailsTo } from './personal-data';
export type { EmailRecord } from './personal-data';
export { registerMailRoutes } from './routes';
export { outboxBacklog, startOutboxSender } from './sender';
