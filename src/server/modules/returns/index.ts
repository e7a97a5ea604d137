/*
 * The returns module's front door: its routes, a request as the track page and the chat show it, its
 * photos' privacy for the images route, the overview's counts, and an agent's collections with their
 * hand-over. Nothing else of the module is imported from outside it (the quickbuy/server-modules lint rule).
 */

export { returnsOverview } from './admin-list';
export { agentCollectionCounts, agentHasReturns, handOverCollection, openCollectionsOf } from './agent-work';
export { trackReturn } from './customer-reads';
export { isReturnPhoto } from './photos';
export { registerReturnRoutes } from './routes';
