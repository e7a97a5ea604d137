import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import type { RepairBookedReply, RepairBookingInput } from '../../../../shared/repairs';
import { Button } from '../../../components/ui/button';

/** 'Booking Confirmed!': the booking number, who collects the device and when; Close takes the focus. */
export function Confirmation({
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
