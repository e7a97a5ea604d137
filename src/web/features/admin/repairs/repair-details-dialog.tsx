import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { formatPhone } from '../../../../shared/phones';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import { REPAIR_DEVICE_TYPE_LABELS } from '../../../../shared/repair-services';
import { REPAIR_STATUS_LABELS } from '../../../../shared/repairs';
import { DetailsDialog } from '../components/details-dialog';
import { useRepairDetails } from './repair-api';
import { DetailSection, EmailLog } from '../../../components/detail-parts';
import { StoreTimeNote } from '../../../components/store-time-note';

/** One fact per line of a definition list: a term and what it holds, '-' when empty. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="text-slate-900">{value || '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** View Details: the booking as the customer gave it, the agent, who did each step (South African time), and its emails. */
export function RepairDetailsDialog({ bookingNumber, onClose }: { bookingNumber: string | null; onClose: () => void }) {
  return (
    <DetailsDialog
      number={bookingNumber}
      onClose={onClose}
      title="Repair"
      useDetails={useRepairDetails}
      errorTitle="Failed to load the repair booking"
    >
      {(data) => (
        <div>
          <p className="text-sm text-slate-600">
            {REPAIR_STATUS_LABELS[data.status]} · booked {formatDateTime(data.createdAt)}
          </p>
          <StoreTimeNote className="mt-1" />
          <DetailSection title="Booking">
            <Facts
              facts={[
                ['Service', data.service.name],
                ['Device', REPAIR_DEVICE_TYPE_LABELS[data.deviceType]],
                ['Brand and model', [data.deviceDetails.brand, data.deviceDetails.model].filter(Boolean).join(' ')],
                ['Issue', data.deviceDetails.issueType],
                ['Description', data.deviceDetails.description],
                ['Timeframe', data.timeframe],
                ['Pickup', `${formatPickupDate(data.pickupDate)} at ${data.pickupTime}`],
              ]}
            />
          </DetailSection>
          <DetailSection title="Customer">
            <Facts
              facts={[
                ['Name', data.customerName],
                ['Email', data.customerEmail],
                ['Phone', formatPhone(data.customerPhone)],
                ['Address', data.address],
                ['Account', data.customerAccountId ? 'Signed in to book' : 'Booked as a guest'],
              ]}
            />
          </DetailSection>
          <DetailSection title="Agent">
            {data.agent ? (
              <p>
                {data.agent.name} · {data.agent.email}
                {data.agent.active ? '' : ' · inactive'}
              </p>
            ) : (
              <p>No agent</p>
            )}
          </DetailSection>
          <DetailSection title="History">
            <ol className="space-y-1">
              {data.history.map((step, i) => (
                <li key={i}>
                  {REPAIR_STATUS_LABELS[step.status]} · {step.description} · {formatDateTime(step.at)} ·{' '}
                  {step.actor ?? 'Customer'}
                </li>
              ))}
            </ol>
          </DetailSection>
          <EmailLog emails={data.emails} />
        </div>
      )}
    </DetailsDialog>
  );
}
