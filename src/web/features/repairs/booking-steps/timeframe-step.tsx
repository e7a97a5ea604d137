import { REPAIR_TIMEFRAMES } from '../../../../shared/repair-services';
import type { BookingForm } from '../booking-form';
import { ChoiceGroup } from './choice-group';

/** Step 3: how soon the device should be fixed. */
export function TimeframeStep({ form }: { form: BookingForm }) {
  return (
    <ChoiceGroup
      form={form}
      name="timeframe"
      legend="When should the device be fixed?"
      columns="grid-cols-2"
      options={REPAIR_TIMEFRAMES.map((timeframe) => ({ value: timeframe, label: timeframe }))}
    />
  );
}
