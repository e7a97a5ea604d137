import { REPAIR_DEVICE_TYPE_LABELS, REPAIR_DEVICE_TYPES } from '../../../../shared/repair-services';
import type { BookingForm } from '../booking-form';
import { ChoiceGroup } from './choice-group';

/** Step 1: a phone, tablet, laptop or TV. */
export function DeviceTypeStep({ form }: { form: BookingForm }) {
  return (
    <ChoiceGroup
      form={form}
      name="deviceType"
      legend="What needs repairing?"
      columns="grid-cols-2 sm:grid-cols-4"
      options={REPAIR_DEVICE_TYPES.map((type) => ({ value: type, label: REPAIR_DEVICE_TYPE_LABELS[type] }))}
    />
  );
}
