import { CalendarClock, CheckCircle2, Circle, UserRound, Wrench } from 'lucide-react';
import { formatPickupDate } from '../../../shared/repair-calendar';
import { REPAIR_DEVICE_TYPE_LABELS } from '../../../shared/repair-services';
import { REPAIR_PICKUP_FLOW, REPAIR_STATUS_LABELS, type RepairTrackingView } from '../../../shared/repairs';
import { CancelRepairDialog } from './repair-cancel';
import { formatDateTime } from '../../../shared/dates';
import { formatPhone } from '../../../shared/phones';
import { StoreTimeNote } from '../../components/store-time-note';
import { STEP_WORDS } from './step-words';

/** Status, service, slot, the agent's first name and the history; the device and contact details for the owner. */
export function RepairStatusView({ repair }: { repair: RepairTrackingView }) {
  const reached = REPAIR_PICKUP_FLOW.indexOf(repair.status as (typeof REPAIR_PICKUP_FLOW)[number]);
  return (
    <section aria-labelledby="repair-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500">Repair booking</p>
          <h2 id="repair-heading" className="text-2xl font-bold text-slate-900">
            {repair.bookingNumber}
          </h2>
        </div>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          <span className="sr-only">Status: </span>
          {REPAIR_STATUS_LABELS[repair.status]}
        </p>
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <Fact icon={Wrench} term="Service">
          {repair.service.name} ({REPAIR_DEVICE_TYPE_LABELS[repair.deviceType]})
        </Fact>
        <Fact icon={CalendarClock} term="Pickup">
          {formatPickupDate(repair.pickupDate)} at {repair.pickupTime}
        </Fact>
        <Fact icon={UserRound} term="Your agent">
          {repair.agentFirstName ?? 'Being assigned'}
        </Fact>
      </dl>

      {repair.details && (
        <dl className="mt-6 grid gap-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
          <dt className="text-slate-500">Device</dt>
          <dd className="text-slate-900">
            {[repair.details.deviceDetails.brand, repair.details.deviceDetails.model].filter(Boolean).join(' ') || '-'}
            {repair.details.deviceDetails.issueType ? ` · ${repair.details.deviceDetails.issueType}` : ''}
          </dd>
          <dt className="text-slate-500">Pickup address</dt>
          <dd className="text-slate-900">{repair.details.customerDetails.address}</dd>
          <dt className="text-slate-500">Contact</dt>
          <dd className="text-slate-900">
            {repair.details.customerDetails.name}, {formatPhone(repair.details.customerDetails.phone)}
          </dd>
        </dl>
      )}

      {repair.status === 'booked' && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
          <p className="text-sm text-slate-600">Plans changed? You can cancel until our agent picks up the device.</p>
          <CancelRepairDialog repair={repair} />
        </div>
      )}

      <h3 className="mt-8 text-lg font-semibold text-slate-900">Progress</h3>
      <StoreTimeNote className="mt-1" />
      <ol className="mt-4 space-y-4">
        {repair.history.map((entry, index) => (
          <li key={`${entry.status}-${index}`} className="flex gap-3">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            <div>
              <p className="font-medium text-slate-900">{REPAIR_STATUS_LABELS[entry.status]}</p>
              <p className="text-sm text-slate-600">{entry.description}</p>
              <p className="text-xs text-slate-500">
                <time dateTime={entry.date}>{formatDateTime(entry.date)}</time>
              </p>
            </div>
          </li>
        ))}
        {reached >= 0 &&
          REPAIR_PICKUP_FLOW.slice(reached + 1).map((status) => (
            <li key={status} className="flex gap-3 text-slate-500">
              <Circle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div>
                <p>{REPAIR_STATUS_LABELS[status]}</p>
                <p className="text-sm text-slate-500">{STEP_WORDS.upcoming}</p>
              </div>
            </li>
          ))}
      </ol>
    </section>
  );
}

function Fact({ icon: Icon, term, children }: { icon: typeof Wrench; term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <div>
        <dt className="text-sm text-slate-500">{term}</dt>
        <dd className="font-medium text-slate-900">{children}</dd>
      </div>
    </div>
  );
}
