/*
 * The returns module's front door: its routes, a request as the track page and the chat show it, its
 * photos' privacy for the images route, the overview's counts, an agent's collections with their
 * hand-over, and a person's requests for privacy's copy and erasure. Nothing else of the module is imported from outside it (the quickbuy/server-modules lint rule).
 */

export { returnsOverview } from './admin-list';
export { agentCollectionCounts, agentHasReturns, handOverCollection, openCollectionsOf } from './agent-work';
export { trackReturn } from './customer-reads';
export { eraseReturnContacts, returnsHeldFor, returnsInProgress } from './personal-data';
export type { ReturnRecord } from './personal-data';
export { isReturnPhoto } from './photos';
export { registerReturnRoutes } from './routes';
