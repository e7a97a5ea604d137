import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { formatPickupDate, REPAIR_STATUS_LABELS } from '../../../shared/repairs';
import { buttonClass } from '../../components/ui/button';
import { useAccountRepairs } from './account-api';
import { AccountList, AccountListItem } from './account-list';

/** The customer's repair bookings: number, service, pickup slot and status. */
export function RepairsTab() {
  const repairs = useAccountRepairs();
  if (repairs.isPending) return <p className="text-slate-600">Loading repairs...</p>;
  if (!repairs.data) return <p className="text-red-700">Could not load your repairs.</p>;
  if (repairs.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <Wrench className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-900">No repairs yet</p>
        <p className="mt-1 text-sm text-slate-600">Repairs you book while signed in will appear here.</p>
        <Link to={paths.repairs} className={buttonClass('primary', 'md', 'mt-4')}>
          Book a Repair
        </Link>
      </div>
    );
  }
  return (
    <AccountList>
      {repairs.data.map((repair) => (
        <AccountListItem
          key={repair.bookingNumber}
          number={repair.bookingNumber}
          detail={`${repair.service.name} · pickup ${formatPickupDate(repair.pickupDate)} at ${repair.pickupTime}`}
          status={REPAIR_STATUS_LABELS[repair.status]}
        />
      ))}
    </AccountList>
  );
}
