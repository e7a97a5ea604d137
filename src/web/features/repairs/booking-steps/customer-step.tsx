import { useId } from 'react';
import { AddressField, EmailField, PhoneField, TextField } from '../../../components/ui/field';
import { inputProps } from '../../../lib/forms';
import type { BookingForm } from '../booking-form';

/** Step 5: who we collect from and where (a signed-in customer's details start it). */
export function CustomerStep({ form }: { form: BookingForm }) {
  const input = inputProps(form, useId());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Full Name" required autoComplete="name" {...input('customerDetails.name')} />
      <PhoneField required {...input('customerDetails.phone')} />
      <EmailField className="sm:col-span-2" {...input('customerDetails.email')} />
      <AddressField label="Pickup Address" rows={3} {...input('customerDetails.address')} />
    </div>
  );
}
