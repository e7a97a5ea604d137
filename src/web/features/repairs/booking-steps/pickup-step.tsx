import { useEffect, useId, useMemo } from 'react';
import { formatPickupDate, pickupDates } from '../../../../shared/repair-calendar';
import { SelectField } from '../../../components/ui/field';
import { inputProps } from '../../../lib/forms';
import type { BookingForm } from '../booking-form';
import { usePickupSlots, useRefreshPickupSlots } from '../repairs-api';
import { STORE_TIME_NOTE } from '../../../../shared/dates';

/** The dates ahead with a slot left (closed days and past dates never listed), then that date's free times. */
export function PickupStep({ form }: { form: BookingForm }) {
  const refreshSlots = useRefreshPickupSlots();
  const dates = useMemo(() => pickupDates(new Date()), []);
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
      <SelectField
        label="Pickup Date"
        required
        placeholder="Select a date"
        options={dates.map((d) => ({ value: d, label: formatPickupDate(d) }))}
        {...input('pickupDate', { onChange: () => form.setValue('pickupTime', '' as never) })}
      />
      <SelectField
        label="Pickup Time"
        required
        disabled={!date || !offered}
        hint={
          !date
            ? 'Choose a date first'
            : slots.isPending
              ? 'Loading times...'
              : offered?.length === 0
                ? 'No pickup times left on this day. Choose another date.'
                : STORE_TIME_NOTE
        }
        placeholder="Select a time"
        options={offered ?? []}
        {...input('pickupTime')}
      />
    </div>
  );
}
