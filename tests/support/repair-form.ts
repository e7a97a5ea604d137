import type { RepairBookingInput } from '../../src/shared/repairs';

/** A repair booking that passes every rule (spec 001 section 6): Pieter's laptop battery, picked up at `slot`. */
export const repairForm = (slot: Pick<RepairBookingInput, 'pickupDate' | 'pickupTime'>): RepairBookingInput => ({
  deviceType: 'laptop',
  service: 'battery-replacement',
  timeframe: '2 days',
  customerDetails: {
    name: 'Pieter van der Merwe',
    phone: '021 555 0199',
    email: 'pieter@example.co.za',
    address: '3 Long Street, Cape Town',
  },
  ...slot,
});
