import type { RepairBooking, RepairBookedReply } from '../../../shared/repairs';
import { api } from '../../lib/api';

/** The booking: its number, and the agent who collects the device. */
export const bookRepair = (booking: RepairBooking) => api.post<RepairBookedReply>('/api/repairs/bookings', booking);
