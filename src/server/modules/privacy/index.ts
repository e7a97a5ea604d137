/*
 * The privacy module's front door: a person's copy of their data and its erasure (docs/decisions/076), gathered
 * from the modules that own each table, and the daily retention purges. Nothing else of the module is imported
 * from outside it (the quickbuy/server-modules lint rule).
 */

export { registerPrivacyRoutes } from './routes';
export { purgeOnce, startRetentionPurges } from './retention-purges';
export type { PurgeCounts } from './retention-purges';
