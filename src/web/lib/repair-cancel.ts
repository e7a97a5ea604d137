import type { CancelRepairInput, RepairCancelledReply } from '../../shared/repairs';
import { api } from './api';

/**
 * Cancels a repair booking the agent has not picked up yet, from the account's list or from /track:
 * the owner's session proves it is theirs, or the email given at booking (`proof.email`).
 */
export const cancelRepairBooking = (bookingNumber: string, proof: CancelRepairInput = {}) =>
  api.post<RepairCancelledReply>(`/api/repairs/${encodeURIComponent(bookingNumber)}/cancel`, proof);
