import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatDate } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import { formatPickupDate, pickupDates } from '../../../shared/repair-calendar';
import { RETURN_KIND_LABELS } from '../../../shared/return-moves';
import {
  MAX_RETURN_PHOTOS,
  openReturnSchema,
  RETURN_MESSAGES,
  RETURN_REASONS,
  type OpenReturnInput,
} from '../../../shared/returns';
import { POLICIES } from '../../../shared/store';
import { FormPhotoPicker } from '../../components/photo-picker';
import { buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { openReturn, useCollectionSlots, useReturnableOrder, useWarrantableRepairs } from './returns-api';

/**
 * /return-requests/new?order=ORD-...&kind=return|warranty, or ?repair=REP-...: which units, the reason,
 * a description, up to 4 photos and the collection's address and slot, parsed by the route's own schema. The order
 * opens for whoever may open its page (its emailed link, the placing browser, its customer).
 */
export function Component() {
  const [search] = useSearchParams();
  const orderNumber = search.get('order');
  const repairNumber = search.get('repair');
  const kind = repairNumber ? 'repair_warranty' : search.get('kind') === 'warranty' ? 'warranty' : 'return';
  const order = useReturnableOrder(orderNumber);
  const repairs = useWarrantableRepairs(repairNumber !== null);
  const repair = repairs.data?.find((r) => r.repairNumber === repairNumber?.toUpperCase());

  if (orderNumber && order.isError)
    return <Missing text="This order could not be opened. Open it from the link in your order email." />;
  if (repairNumber && (repairs.isError || (repairs.data && !repair))) {
    return <Missing text="Sign in with the account you booked the repair with to claim its warranty." />;
  }
  if ((orderNumber && !order.data) || (repairNumber && !repair)) return <p className="p-8 text-center">Loading...</p>;
  const until =
    kind === 'return'
      ? order.data?.returnUntil
      : kind === 'warranty'
        ? order.data?.warrantyUntil
        : repair?.warrantyUntil;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        {kind === 'return' ? 'Start a return' : 'Make a warranty claim'}
      </h1>
      <p className="mt-2 text-slate-600">
        {RETURN_KIND_LABELS[kind]} for {orderNumber ?? repairNumber}
        {until ? `, open until ${formatDate(until)}` : ''}. Our agent collects the device at no cost; refunds reach your
        card in {POLICIES.refundCardDays} business days.
      </p>
      <ReturnForm
        defaults={{
          kind,
          orderNumber: orderNumber ?? '',
          repairNumber: repairNumber ?? '',
          pickupAddress: order.data?.shippingAddress ?? repair?.address ?? '',
        }}
        lines={order.data?.lines ?? []}
      />
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Request not available</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <Link to={paths.account} className={buttonClass('primary', 'md', 'mt-6')}>
        Your account
      </Link>
    </div>
  );
}

function ReturnForm({
  defaults,
  lines,
}: {
  defaults: Pick<OpenReturnInput, 'kind' | 'orderNumber' | 'repairNumber' | 'pickupAddress'>;
  lines: { deviceId: string; name: string; returnable: number }[];
}) {
  const navigate = useNavigate();
  const returnable = lines.filter((line) => line.returnable > 0);
  const form = useZodForm(openReturnSchema, {
    defaultValues: {
      ...defaults,
      items: returnable.map((line) => ({ deviceId: line.deviceId, quantity: 0 })),
      reason: undefined,
      description: '',
      photos: [],
      pickupDate: '',
      pickupTime: undefined,
    },
  });
  const id = useId();
  const input = inputProps(form, id);
  const date = form.watch('pickupDate') ?? '';
  const slots = useCollectionSlots(date);
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (request) => {
      const opened = await openReturn(request);
      toast.success(RETURN_MESSAGES.opened(opened.returnNumber));
      const query = defaults.orderNumber ? `?order=${encodeURIComponent(defaults.orderNumber)}` : '';
      navigate(`${paths.returnRequest(opened.returnNumber)}${query}`);
    },
    { report: 'alert' },
  );
  const itemsError = form.formState.errors.items?.message ?? form.formState.errors.items?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 space-y-6">
      <FormAlert message={alert} className="rounded-md bg-red-50 p-3 text-sm text-red-800" />
      {defaults.kind !== 'repair_warranty' && (
        <fieldset className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-900">Units to send back</legend>
          {returnable.length === 0 && (
            <p className="text-slate-600">Every unit of this order is already returned or in a request.</p>
          )}
          <ul className="space-y-3">
            {returnable.map((line, index) => (
              <li key={line.deviceId} className="flex items-center justify-between gap-3">
                <label htmlFor={`unit-${line.deviceId}`} className="text-slate-800">
                  {line.name} <span className="text-sm text-slate-600">({line.returnable} can be returned)</span>
                </label>
                <input
                  id={`unit-${line.deviceId}`}
                  type="number"
                  min={0}
                  max={line.returnable}
                  className="w-20 rounded-md border border-slate-300 px-2 py-1"
                  {...form.register(`items.${index}.quantity` as never, { valueAsNumber: true })}
                />
              </li>
            ))}
          </ul>
          {itemsError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {itemsError}
            </p>
          )}
        </fieldset>
      )}
      <SelectField
        {...input('reason')}
        label="Reason"
        required
        placeholder="Choose a reason"
        options={RETURN_REASONS.map((r) => ({ value: r.value, label: r.label }))}
      />
      <TextAreaField {...input('description')} label="Description" required rows={4} />
      <FormPhotoPicker
        form={form}
        id={id}
        max={MAX_RETURN_PHOTOS}
        hint={`Up to ${MAX_RETURN_PHOTOS} photos of the fault or damage help us decide quickly.`}
        alt="The device you are sending back"
      />
      <TextAreaField {...input('pickupAddress')} label="Pickup address" required rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...input('pickupDate')}
          label="Pickup date"
          required
          placeholder="Choose a date"
          options={pickupDates(new Date()).map((d) => ({ value: d, label: formatPickupDate(d) }))}
        />
        <SelectField
          {...input('pickupTime')}
          label="Pickup time"
          required
          placeholder={date ? 'Choose a time' : 'Choose a date first'}
          options={slots.data?.slots ?? []}
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg')}>
        {defaults.kind === 'return' ? 'Request return' : 'Submit claim'}
      </button>
    </form>
  );
}
