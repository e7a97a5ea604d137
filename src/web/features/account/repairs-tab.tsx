import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { formatPickupDate } from '../../../shared/repair-calendar';
import { REPAIR_STATUS_LABELS, type CustomerRepairSummary } from '../../../shared/repairs';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button, buttonClass } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useAccountRepairs, useCancelRepair, useWarrantyRepairs } from './account-api';
import { formatDate } from '../../../shared/dates';
import { AccountListItem, AccountQueryList } from './account-list';

/** The customer's repair bookings: number (to its tracking), service, pickup slot, status; a booking not yet picked up can be cancelled. */
export function RepairsTab() {
  const repairs = useAccountRepairs();
  return (
    <AccountQueryList
      query={repairs}
      noun="repairs"
      empty={
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <Wrench className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-medium text-slate-900">No repairs yet</p>
          <p className="mt-1 text-sm text-slate-600">Repairs you book while signed in will appear here.</p>
          <Link to={paths.repairs} className={buttonClass('primary', 'md', 'mt-4')}>
            Book a Repair
          </Link>
        </div>
      }
    >
      {(repair) => <RepairRow key={repair.bookingNumber} repair={repair} />}
    </AccountQueryList>
  );
}

function RepairRow({ repair }: { repair: CustomerRepairSummary }) {
  const [confirming, setConfirming] = useState(false);
  const warranty = useWarrantyRepairs().data?.find((w) => w.repairNumber === repair.bookingNumber);
  const cancel = useCancelRepair();
  const slot = `${formatPickupDate(repair.pickupDate)} at ${repair.pickupTime}`;
  return (
    <AccountListItem
      number={repair.bookingNumber}
      to={paths.trackNumber(repair.bookingNumber)}
      detail={`${repair.service.name} · pickup ${slot}`}
      status={REPAIR_STATUS_LABELS[repair.status]}
    >
      {repair.status === 'booked' && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Cancel booking ${repair.bookingNumber}?`}
          message={`Nobody will come for your device on ${slot}, and the time is freed for someone else.`}
          confirmLabel="Cancel Booking"
          cancelLabel="Keep Booking"
          onConfirm={() =>
            cancel.mutateAsync(repair.bookingNumber).then(
              (reply) => toast.success(reply.message),
              (error: Error) => toast.error(error.message),
            )
          }
          trigger={
            <Button variant="secondary" size="sm">
              Cancel booking
            </Button>
          }
        />
      )}
      {warranty && !warranty.openRequest && (
        <Link
          to={paths.startReturn({ repairNumber: repair.bookingNumber })}
          className={buttonClass('secondary', 'sm')}
          aria-label={`Make a warranty claim on repair ${repair.bookingNumber}, until ${formatDate(warranty.warrantyUntil)}`}
        >
          Make a warranty claim
        </Link>
      )}
      {warranty?.openRequest && (
        <Link to={paths.returnRequest(warranty.openRequest)} className="text-sm text-brand-700 underline">
          {warranty.openRequest}
        </Link>
      )}
    </AccountListItem>
  );
}
