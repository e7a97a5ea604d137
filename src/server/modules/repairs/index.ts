/*
 * The repairs module's front door: its routes, a booking as the track page shows it, an agent's pickups and
 * their hand-over. Nothing else of the module is imported from outside it (the quickbuy/server-modules lint
 * rule).
 */

export { registerAdminRepairRoutes } from './admin-routes';
export { agentHasRepairs, agentPickupCounts } from './agent-work';
export { trackRepair } from './bookings';
export { firstWhoCanTake, handOverPickup, openPickupsOf } from './hand-over';
export type { HandOver } from './hand-over';
export { eraseRepairContacts, repairsHeldFor, repairsInProgress } from './personal-data';
export type { RepairRecord } from './personal-data';
export { registerRepairRoutes } from './routes';
export { repairHeads } from './seo';
export { listOfferedSlots, lockPickupDay, releaseSlot, takeSlot } from './slots';
export { agentPickupsAt, findFinishedRepair, finishedRepairsOf, openWarrantyRepair } from './warranty-jobs';
export type { FinishedRepair } from './warranty-jobs';
