import { useEffect, useId } from 'react';
import { PickupSlotFields } from '../../../components/pickup-slot-fields';
import { inputProps } from '../../../lib/forms';
import { usePickupSlots, useRefreshPickupSlots } from '../../../lib/pickup-slots';
import type { BookingForm } from '../booking-form';
import { STORE_TIME_NOTE } from '../../../../shared/dates';

/** The dates ahead with a slot left (closed days and past dates never listed), then that date's free times. */
export function PickupStep({ form }: { form: BookingForm }) {
  const refreshSlots = useRefreshPickupSlots();
  const date = form.watch('pickupDate');
  const time = form.watch('pickupTime');
  const slots = usePickupSlots(date);
  const offered = slots.data?.slots;
  const errors = form.formState.errors;

  // A time no longer offered on the chosen date (another booking filled it) is cleared.
  useEffect(() => {
    if (offered && time && !offered.includes(time as never)) form.setValue('pickupTime', '' as never);
  }, [offered, time, form]);

  // A refusal for a full slot: ask again which times are left.
  const fullMessage = errors.pickupTime?.type === 'server';
  useEffect(() => {
    if (fullMessage) void refreshSlots();
  }, [fullMessage, refreshSlots]);

  const input = inputProps(form, useId());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PickupSlotFields form={form} input={input} times={offered} pending={slots.isPending} note={STORE_TIME_NOTE} />
    </div>
  );
}
