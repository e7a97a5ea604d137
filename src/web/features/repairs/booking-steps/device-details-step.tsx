import { useId } from 'react';
import { REPAIR_ISSUE_TYPES } from '../../../../shared/repair-services';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { inputProps } from '../../../lib/forms';
import type { BookingForm } from '../booking-form';

/** Step 4: brand, model, issue and what happened, all optional. */
export function DeviceDetailsStep({ form }: { form: BookingForm }) {
  const input = inputProps(form, useId());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Brand" optional {...input('deviceDetails.brand')} />
      <TextField label="Model" optional {...input('deviceDetails.model')} />
      <SelectField
        label="Issue Type"
        optional
        className="sm:col-span-2"
        placeholder="Select an issue type"
        options={REPAIR_ISSUE_TYPES}
        {...input('deviceDetails.issueType')}
      />
      <TextAreaField
        label="Description"
        optional
        rows={4}
        className="sm:col-span-2"
        placeholder="What happened, and what does the device do now?"
        {...input('deviceDetails.description')}
      />
    </div>
  );
}
