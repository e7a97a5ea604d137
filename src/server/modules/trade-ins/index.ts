/*
 * The trade-ins module's front door: its routes, a trade-in as the track page shows it, an agent's trade-ins and
 * their hand-over, and whether an image is a seller's private photo. Nothing else of the module is imported from
 * outside it (the quickbuy/server-modules lint rule).
 */

export { agentHasTradeIns, agentTradeInCounts } from './agent-work';
export { handOverTradeIn, openTradeInsOf } from './hand-over';
export {
  deleteOldSellerPhotos,
  eraseTradeIns,
  maskOldPayoutAccounts,
  purgeExpiredSellerLinks,
  tradeInsHeldFor,
  tradeInsInProgress,
} from './personal-data';
export type { TradeInRecord } from './personal-data';
export { isTradeInPhoto } from './photos';
export { registerTradeInRoutes } from './routes';
export { getTradeInStatus } from './status';
export type { TradeInStatusSummary } from './status';
export { tradeInNotFound } from './trade-in-records';
export type { Viewer } from './trade-in-records';
export { getTrackedTradeIn } from './trade-in-views';
