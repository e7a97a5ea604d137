import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DefaultValues, UseFormReturn } from 'react-hook-form';
import type { AddressReply, ProfileReply } from '../../../shared/accounts';
import { formatPickupDate, pickupDates } from '../../../shared/repair-calendar';
import {
  REPAIR_DEVICE_TYPE_LABELS,
  REPAIR_DEVICE_TYPES,
  REPAIR_ISSUE_TYPES,
  REPAIR_SERVICES,
  REPAIR_TIMEFRAMES,
  type RepairServiceId,
} from '../../../shared/repair-services';
import {
  REPAIR_MESSAGES,
  REPAIR_STEPS,
  REPAIR_WIZARD_STEPS,
  repairBookingSchema,
  type RepairBooking,
  type RepairBookedReply,
  type RepairBookingInput,
  type RepairSlotsReply,
} from '../../../shared/repairs';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmailField, PhoneField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { api, ApiError } from '../../lib/api';
import { QueryProvider } from '../../lib/queries';
import { applyServerErrors, inputProps, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';

type Form = UseFormReturn<RepairBookingInput, unknown, RepairBooking>;

const EMPTY_CUSTOMER = { name: '', phone: '', email: '', address: '' };
// Empty choices are '' so the selects and radios start unchosen; the schema names each one missing.
const EMPTY = {
  deviceType: '',
  service: '',
  timeframe: '',
  deviceDetails: { brand: '', model: '', issueType: '', description: '' },
  customerDetails: EMPTY_CUSTOMER,
  pickupDate: '',
  pickupTime: '',
} as unknown as RepairBookingInput;

const DISCARD_QUESTION = 'Discard this repair booking? The details you entered will be lost.';

/** The step (1 to 6) a field belongs to: 'customerDetails.email' is step 5. */
function stepOf(field: string): number | null {
  const top = field.split('.')[0]!;
  const index = REPAIR_STEPS.findIndex((step) => top in step.schema.shape);
  return index === -1 ? null : index + 1;
}

/** A signed-in customer's name, phone, email and address, to start step 5 with. */
function useCustomerPrefill(): RepairBookingInput['customerDetails'] | null {
  const { user } = useSession();
  const isCustomer = user?.role === 'customer';
  const profile = useQuery({
    queryKey: ['account', 'profile'],
    queryFn: () => api.get<ProfileReply>('/api/account/profile'),
    enabled: isCustomer,
  });
  const address = useQuery({
    queryKey: ['account', 'address'],
    queryFn: () => api.get<AddressReply>('/api/account/address'),
    enabled: isCustomer,
  });
  return useMemo(() => {
    if (!isCustomer || !profile.data) return null;
    const home = address.data?.address;
    return {
      name: profile.data.name,
      phone: profile.data.phone,
      email: profile.data.email,
      address: home ? [home.apartment, home.city, home.province, home.postalCode].filter(Boolean).join(', ') : '',
    };
  }, [isCustomer, profile.data, address.data]);
}

/**
 * 'Book a Repair - Step N of 6' (spec 001 sections 2 and 5): one form over the whole booking
 * schema, each step gated by its own pick of it, so Next is enabled exactly when the server would
 * accept that step. Going back keeps everything; closing with data asks first; 'Booking
 * Confirmed!' closes back to an empty step 1.
 */
interface BookingDialogProps {
  open: boolean;
  service?: RepairServiceId;
  openedAt: number;
  onClose: () => void;
}

/** Loaded when first opened, in the browser only: it brings TanStack Query's provider with it (decision 034). */
export default function BookingDialog(props: BookingDialogProps) {
  return (
    <QueryProvider>
      <Booking {...props} />
    </QueryProvider>
  );
}

function Booking({ open, service, openedAt, onClose }: BookingDialogProps) {
  const prefill = useCustomerPrefill();
  const defaults = useMemo(
    () => ({ ...EMPTY, customerDetails: prefill ?? EMPTY_CUSTOMER }) as DefaultValues<RepairBookingInput>,
    [prefill],
  );
  const form = useZodForm(repairBookingSchema, { defaultValues: defaults });
  const [step, setStep] = useState(1);
  const [confirmed, setConfirmed] = useState<RepairBookedReply | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const values = form.watch();
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const { isDirty } = form.formState;
  const stepValid = REPAIR_STEPS[step - 1]!.schema.safeParse(values).success;

  // The signed-in customer's details arrive after the form: fill what they have not typed.
  useEffect(() => {
    form.reset(defaults, { keepDirtyValues: true });
  }, [defaults, form]);

  // A service card opens the dialog with its service chosen.
  useEffect(() => {
    if (service) form.setValue('service', service);
  }, [openedAt, service, form]);

  function startOver() {
    form.reset(defaults);
    setStep(1);
    setMoves(0);
    setConfirmed(null);
    setFormError(null);
  }

  function requestClose() {
    if (!confirmed && isDirty && !window.confirm(DISCARD_QUESTION)) return;
    startOver();
    onClose();
  }

  // Back and Next count as moves: after one, the new step's heading takes focus, so a keyboard or
  // screen reader user starts at its top (on opening, the dialog places focus itself).
  const [moves, setMoves] = useState(0);
  function goTo(next: number) {
    setStep(next);
    setMoves((n) => n + 1);
    setFormError(null);
  }
  useLayoutEffect(() => {
    if (moves > 0) stepHeading.current?.focus();
  }, [moves]);

  async function next() {
    if (stepValid) return goTo(step + 1);
    await form.trigger(Object.keys(REPAIR_STEPS[step - 1]!.schema.shape) as never, { shouldFocus: true });
  }

  const submit = form.handleSubmit(async (booking) => {
    setFormError(null);
    try {
      const reply = await api.post<RepairBookedReply>('/api/repairs/bookings', booking);
      toast.success(REPAIR_MESSAGES.booked, { description: REPAIR_MESSAGES.bookedDescription(reply.bookingNumber) });
      setConfirmed(reply);
    } catch (error) {
      const left = applyServerErrors(form, error, 'Your booking could not be sent. Please try again in a moment.');
      setFormError(left);
      if (error instanceof ApiError) {
        const refused = stepOf(Object.keys(error.fields)[0] ?? '');
        if (refused && refused !== step) goTo(refused);
      }
    }
  });

  const title = confirmed ? 'Booking Confirmed!' : `Book a Repair - Step ${step} of ${REPAIR_WIZARD_STEPS}`;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : requestClose())}>
      <DialogContent title={title} size="lg">
        {confirmed ? (
          <Confirmation booking={confirmed} values={values} onClose={requestClose} />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (step < REPAIR_WIZARD_STEPS) void next();
              else void submit(event);
            }}
          >
            <StepIndicator step={step} />
            <h3 ref={stepHeading} tabIndex={-1} className="mt-5 text-base font-semibold text-slate-900 outline-none">
              {REPAIR_STEPS[step - 1]!.title}
            </h3>
            <div className="mt-4">
              {step === 1 && <DeviceTypeStep form={form} />}
              {step === 2 && <ServiceStep form={form} />}
              {step === 3 && <TimeframeStep form={form} />}
              {step === 4 && <DeviceDetailsStep form={form} />}
              {step === 5 && <CustomerStep form={form} />}
              {step === 6 && <PickupStep form={form} />}
            </div>
            <FormAlert
              message={formError}
              className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            />
            <div className="mt-6 flex justify-between gap-3">
              <Button variant="secondary" disabled={step === 1} onClick={() => goTo(step - 1)}>
                Back
              </Button>
              {step < REPAIR_WIZARD_STEPS ? (
                <Button type="submit" disabled={!stepValid}>
                  Next
                </Button>
              ) : (
                <Button type="submit" disabled={!stepValid || form.formState.isSubmitting}>
                  {form.formState.isSubmitting ? 'Submitting...' : 'Submit Booking'}
                </Button>
              )}
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="flex gap-2" aria-label="Booking steps">
      {REPAIR_STEPS.map((s, i) => {
        const state = i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo';
        return (
          <li
            key={s.title}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`h-1.5 flex-1 rounded-full ${state === 'todo' ? 'bg-slate-200' : 'bg-brand-600'}`}
          >
            <span className="sr-only">
              Step {i + 1}: {s.title}
              {state === 'done' ? ' (done)' : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Native radios in a fieldset: arrow keys move between them, the legend names the group. */
function ChoiceGroup({
  form,
  name,
  legend,
  options,
  columns = 'sm:grid-cols-2',
}: {
  form: Form;
  name: 'deviceType' | 'service' | 'timeframe';
  legend: string;
  options: { value: string; label: ReactNode }[];
  columns?: string;
}) {
  const error = form.formState.errors[name]?.message;
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`grid gap-3 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input type="radio" value={option.value} {...form.register(name)} className="mt-0.5 accent-brand-600" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DeviceTypeStep({ form }: { form: Form }) {
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

function ServiceStep({ form }: { form: Form }) {
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

function TimeframeStep({ form }: { form: Form }) {
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

function DeviceDetailsStep({ form }: { form: Form }) {
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

function CustomerStep({ form }: { form: Form }) {
  const input = inputProps(form, useId());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Full Name" required autoComplete="name" {...input('customerDetails.name')} />
      <PhoneField required {...input('customerDetails.phone')} />
      <EmailField className="sm:col-span-2" {...input('customerDetails.email')} />
      <TextAreaField
        label="Pickup Address"
        required
        rows={3}
        autoComplete="street-address"
        className="sm:col-span-2"
        {...input('customerDetails.address')}
      />
    </div>
  );
}

/** The dates ahead with a slot left (closed days and past dates never listed), then that date's free times. */
function PickupStep({ form }: { form: Form }) {
  const queryClient = useQueryClient();
  const dates = useMemo(() => pickupDates(new Date()), []);
  const date = form.watch('pickupDate');
  const time = form.watch('pickupTime');
  const slots = useQuery({
    queryKey: ['repairs', 'slots', date],
    queryFn: () => api.get<RepairSlotsReply>(`/api/repairs/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });
  const offered = slots.data?.slots;
  const errors = form.formState.errors;

  // A time no longer offered on the chosen date (another booking filled it) is cleared.
  useEffect(() => {
    if (offered && time && !offered.includes(time as never)) form.setValue('pickupTime', '' as never);
  }, [offered, time, form]);

  // A refusal for a full slot: ask again which times are left.
  const fullMessage = errors.pickupTime?.type === 'server';
  useEffect(() => {
    if (fullMessage) void queryClient.invalidateQueries({ queryKey: ['repairs', 'slots'] });
  }, [fullMessage, queryClient]);

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
                : 'Cape Town time'
        }
        placeholder="Select a time"
        options={offered ?? []}
        {...input('pickupTime')}
      />
    </div>
  );
}

function Confirmation({
  booking,
  values,
  onClose,
}: {
  booking: RepairBookedReply;
  values: RepairBookingInput;
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto size-14 text-emerald-600" aria-hidden="true" />
      <p className="mt-4 text-sm text-slate-600">Your booking number is</p>
      <p className="mt-1 text-2xl font-bold tracking-wide text-slate-900">{booking.bookingNumber}</p>
      <p className="mt-4 text-slate-700">
        An agent has been assigned to pick up your device: {booking.agentFirstName} will collect it on{' '}
        {values.pickupDate ? formatPickupDate(values.pickupDate) : ''} at {values.pickupTime}.
      </p>
      <p className="mt-2 text-sm text-slate-500">We have emailed the details and how to prepare your device.</p>
      <Button ref={close} className="mt-6" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
