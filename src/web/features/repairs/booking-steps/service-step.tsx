import { REPAIR_SERVICES } from '../../../../shared/repair-services';
import type { BookingForm } from '../booking-form';
import { ChoiceGroup } from './choice-group';

/** Step 2: the repair service, with its phone and laptop price ranges. */
export function ServiceStep({ form }: { form: BookingForm }) {
  return (
    <ChoiceGroup
      form={form}
      name="service"
      legend="Choose a repair service"
      options={REPAIR_SERVICES.map((service) => ({
        value: service.id,
        label: (
          <>
            <span className="block font-medium text-slate-900">{service.name}</span>
            <span className="block text-slate-500">
              Phone {service.phonePrice} · Laptop {service.laptopPrice}
            </span>
          </>
        ),
      }))}
    />
  );
}
