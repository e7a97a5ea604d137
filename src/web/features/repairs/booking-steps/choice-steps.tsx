import {
  REPAIR_DEVICE_TYPE_LABELS,
  REPAIR_DEVICE_TYPES,
  REPAIR_SERVICES,
  REPAIR_TIMEFRAMES,
} from '../../../../shared/repair-services';
import type { BookingForm } from '../booking-form';
import { ChoiceGroup } from './choice-group';

/** Steps 1 to 3 each pick one of a fixed set: the question, its options and how they are laid out. */
const CHOICE_STEPS = {
  /** Step 1: a phone, tablet, laptop or TV. */
  deviceType: {
    legend: 'What needs repairing?',
    columns: 'grid-cols-2 sm:grid-cols-4',
    options: REPAIR_DEVICE_TYPES.map((type) => ({ value: type, label: REPAIR_DEVICE_TYPE_LABELS[type] })),
  },
  /** Step 2: the repair service, with its phone and laptop price ranges. */
  service: {
    legend: 'Choose a repair service',
    options: REPAIR_SERVICES.map((service) => ({
      value: service.id,
      label: (
        <>
          <span className="block font-medium text-slate-900">{service.name}</span>
          <span className="block text-slate-500">
            Phone {service.phonePrice} · Laptop {service.laptopPrice}
          </span>
        </>
      ),
    })),
  },
  /** Step 3: how soon the device should be fixed. */
  timeframe: {
    legend: 'When should the device be fixed?',
    columns: 'grid-cols-2',
    options: REPAIR_TIMEFRAMES.map((timeframe) => ({ value: timeframe, label: timeframe })),
  },
};

/** One of the choice steps, named by the booking field it fills. */
export function ChoiceStep({ form, name }: { form: BookingForm; name: keyof typeof CHOICE_STEPS }) {
  return <ChoiceGroup form={form} name={name} {...CHOICE_STEPS[name]} />;
}
