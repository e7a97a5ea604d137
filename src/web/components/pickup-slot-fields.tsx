import { useMemo } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { formatPickupDate, pickupDates } from '../../shared/repair-calendar';
import type { InputProps } from '../lib/forms';
import { SelectField } from './ui/field';

/**
 * A pickup slot's two selects, in a form holding `pickupDate` and `pickupTime`: the dates ahead with a
 * slot left (closed days and past dates never listed), then `times`, the free times of the date chosen
 * (usePickupSlots; `pending` while they load). A new date clears the time; `note` ends the time's hint.
 */
export function PickupSlotFields<Values extends FieldValues & { pickupDate: string; pickupTime: string }>({
  form,
  input,
  times,
  pending,
  note,
}: {
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'watch' | 'setValue'>;
  input: InputProps<Values>;
  times: readonly string[] | undefined;
  pending: boolean;
  note: string;
}) {
  // Every such form names the two fields so; the type parameter cannot say it to react-hook-form's paths.
  const dateField = 'pickupDate' as FieldPath<Values>;
  const timeField = 'pickupTime' as FieldPath<Values>;
  const dates = useMemo(() => pickupDates(new Date()), []);
  const date = form.watch(dateField);
  const clearTime = () => form.setValue(timeField, '' as PathValue<Values, FieldPath<Values>>);
  return (
    <>
      <SelectField
        label="Pickup Date"
        required
        placeholder="Select a date"
        options={dates.map((d) => ({ value: d, label: formatPickupDate(d) }))}
        {...input(dateField, { onChange: clearTime })}
      />
      <SelectField
        label="Pickup Time"
        required
        disabled={!date || pending || !times}
        hint={
          !date
            ? 'Choose a date first'
            : pending
              ? 'Loading times...'
              : times?.length === 0
                ? 'No pickup times left on this day. Choose another date.'
                : note
        }
        placeholder="Select a time"
        options={times ?? []}
        {...input(timeField)}
      />
    </>
  );
}
