import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import {
  REPAIR_MESSAGES,
  REPAIR_STEPS,
  REPAIR_WIZARD_STEPS,
  repairBookingSchema,
  type RepairBookedReply,
  type RepairBookingInput,
} from '../../../shared/repairs';
import type { RepairServiceId } from '../../../shared/repair-services';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api';
import { useFormSubmit, useZodForm } from '../../lib/forms';
import { QueryProvider } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { EMPTY_BOOKING, EMPTY_CUSTOMER, stepOf, useCustomerPrefill } from './booking-form';
import { ChoiceStep } from './booking-steps/choice-steps';
import { Confirmation } from './booking-steps/confirmation';
import { CustomerStep } from './booking-steps/customer-step';
import { DeviceDetailsStep } from './booking-steps/device-details-step';
import { PickupStep } from './booking-steps/pickup-step';
import { StepIndicator } from './booking-steps/step-indicator';
import { bookRepair } from './repairs-api';

const DISCARD_QUESTION = 'Discard this repair booking? The details you entered will be lost.';

interface BookingDialogProps {
  open: boolean;
  service?: RepairServiceId;
  openedAt: number;
  onClose: () => void;
}

/** Loaded when first opened, in the browser only: it brings TanStack Query's provider with it (docs/decisions/034). */
export default function BookingDialog(props: BookingDialogProps) {
  return (
    <QueryProvider>
      <Booking {...props} />
    </QueryProvider>
  );
}

/**
 * 'Book a Repair - Step N of 6' (spec 001 sections 2 and 5): one form over the whole booking
 * schema, each step gated by its own pick of it, so Next is enabled exactly when the server would
 * accept that step. Going back keeps everything; closing with data asks first; 'Booking
 * Confirmed!' closes back to an empty step 1. The steps are in booking-steps/: the three choices in one file, the others one file each.
 */
function Booking({ open, service, openedAt, onClose }: BookingDialogProps) {
  const prefill = useCustomerPrefill();
  const defaults = useMemo(
    () => ({ ...EMPTY_BOOKING, customerDetails: prefill ?? EMPTY_CUSTOMER }) as DefaultValues<RepairBookingInput>,
    [prefill],
  );
  const form = useZodForm(repairBookingSchema, { defaultValues: defaults });
  const [step, setStep] = useState(1);
  const [confirmed, setConfirmed] = useState<RepairBookedReply | null>(null);
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

  const {
    onSubmit: submit,
    alert,
    busy,
    clearAlert,
  } = useFormSubmit(
    form,
    async (booking) => {
      const reply = await bookRepair(booking);
      toast.success(REPAIR_MESSAGES.booked, { description: REPAIR_MESSAGES.bookedDescription(reply.bookingNumber) });
      setConfirmed(reply);
    },
    {
      report: 'alert',
      fallback: 'Your booking could not be sent. Please try again in a moment.',
      // A refused field on an earlier step: the wizard goes back to it, and its heading takes the focus.
      onFailure: (error) => {
        const refused = error instanceof ApiError ? stepOf(Object.keys(error.fields)[0] ?? '') : null;
        if (refused && refused !== step) goTo(refused);
      },
    },
  );

  function startOver() {
    form.reset(defaults);
    setStep(1);
    setMoves(0);
    setConfirmed(null);
    clearAlert();
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
    clearAlert();
  }
  useLayoutEffect(() => {
    if (moves > 0) stepHeading.current?.focus();
  }, [moves]);

  async function next() {
    if (stepValid) return goTo(step + 1);
    await form.trigger(Object.keys(REPAIR_STEPS[step - 1]!.schema.shape) as never, { shouldFocus: true });
  }

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
              else submit(event);
            }}
          >
            <StepIndicator step={step} />
            <h3 ref={stepHeading} tabIndex={-1} className="mt-5 text-base font-semibold text-slate-900 outline-none">
              {REPAIR_STEPS[step - 1]!.title}
            </h3>
            <div className="mt-4">
              {step === 1 && <ChoiceStep form={form} name="deviceType" />}
              {step === 2 && <ChoiceStep form={form} name="service" />}
              {step === 3 && <ChoiceStep form={form} name="timeframe" />}
              {step === 4 && <DeviceDetailsStep form={form} />}
              {step === 5 && <CustomerStep form={form} />}
              {step === 6 && <PickupStep form={form} />}
            </div>
            <FormAlert
              message={alert}
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
                <Button type="submit" disabled={!stepValid || busy}>
                  {busy ? 'Submitting...' : 'Submit Booking'}
                </Button>
              )}
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
