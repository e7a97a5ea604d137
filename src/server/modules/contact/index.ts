/*
 * The contact module's front door: its route. Nothing else of the module is imported from outside it (the
 * quickbuy/server-modules lint rule).
 */

export { eraseMessagesFrom, messagesFrom } from './personal-data';
export type { MessageRecord } from './personal-data';
export { registerContactRoutes } from './routes';
