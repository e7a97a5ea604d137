import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { REPAIR_STEPS, type RepairBooking, type RepairBookingInput } from '../../../shared/repairs';
import { useProfile, useSavedAddress } from '../../lib/account-reads';
import { useSession } from '../../lib/use-session';

/** One form over the whole booking schema; each step shows and checks its own pick of it. */
export type BookingForm = UseFormReturn<RepairBookingInput, unknown, RepairBooking>;

export const EMPTY_CUSTOMER = { name: '', phone: '', email: '', address: '' };
// Empty choices are '' so the selects and radios start unchosen; the schema names each one missing.
export const EMPTY_BOOKING = {
  deviceType: '',
  service: '',
  timeframe: '',
  deviceDetails: { brand: '', model: '', issueType: '', description: '' },
  customerDetails: EMPTY_CUSTOMER,
  pickupDate: '',
  pickupTime: '',
} as unknown as RepairBookingInput;

/** The step (1 to 6) a field belongs to: 'customerDetails.email' is step 5. */
export function stepOf(field: string): number | null {
  const top = field.split('.')[0]!;
  const index = REPAIR_STEPS.findIndex((step) => top in step.schema.shape);
  return index === -1 ? null : index + 1;
}

/** A signed-in customer's name, phone, email and address, to start step 5 with. */
export function useCustomerPrefill(): RepairBookingInput['customerDetails'] | null {
  const { user } = useSession();
  const isCustomer = user?.role === 'customer';
  const profile = useProfile({ enabled: isCustomer });
  const address = useSavedAddress({ enabled: isCustomer });
  return useMemo(() => {
    if (!isCustomer || !profile.data) return null;
    const home = address.data?.address;
    return {
      name: profile.data.name,
      phone: profile.data.phone,
      email: profile.data.email,
      address: home ? [home.apartment, home.city, home.province, home.postalCode].filter(Boolean).join(', ') : '',
    };
  }, [isCustomer, profile.data, address.data]);
}
