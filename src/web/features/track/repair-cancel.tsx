import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { formatPickupDate } from '../../../shared/repair-calendar';
import { cancelRepairSchema, type CancelRepairInput, type RepairTrackingView } from '../../../shared/repairs';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { ProofForm } from './proof-form';
import { useCancelRepair } from './track-api';

/**
 * Cancelling a booking the agent has not picked up yet, from /track: the signed-in customer who
 * booked confirms; anyone else proves it with the email given at booking. The focus goes back to
 * the button that opened it.
 */
export function CancelRepairDialog({ repair }: { repair: RepairTrackingView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">Cancel booking</Button>
      </DialogTrigger>
      <DialogContent
        title={`Cancel booking ${repair.bookingNumber}?`}
        description={`Nobody will come for your device on ${formatPickupDate(repair.pickupDate)} at ${repair.pickupTime}, and the time is freed for someone else.`}
      >
        <CancelRepairForm repair={repair} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CancelRepairForm({ repair, onDone }: { repair: RepairTrackingView; onDone: () => void }) {
  const cancelRepair = useCancelRepair();
  const form = useZodForm(cancelRepairSchema, {
    defaultValues: { email: '' } as DefaultValues<CancelRepairInput>,
  });
  return (
    <ProofForm
      form={form}
      // The owner's view carries the booking's details; nobody else's does.
      needsEmail={repair.details === null}
      emailHint="The email you gave when you booked this repair."
      submitLabel="Cancel Booking"
      pendingLabel="Cancelling..."
      cancelLabel="Keep Booking"
      variant="danger"
      fallback="The booking could not be cancelled. Please try again."
      onCancel={onDone}
      send={async (input) => {
        toast.success(await cancelRepair(repair.bookingNumber, input));
        onDone();
      }}
    />
  );
}
