import { formatDateTime } from '../../../../shared/dates';
import { formatPhone } from '../../../../shared/phones';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import { REPAIR_DEVICE_TYPE_LABELS } from '../../../../shared/repair-services';
import { REPAIR_STATUS_LABELS } from '../../../../shared/repairs';
import { DetailsDialog, type OpenDetails } from '../components/details-dialog';
import { useRepairDetails } from './repair-api';
import { DetailLog, DetailRows, DetailSection, EmailLog } from '../../../components/detail-parts';
import { StoreTimeNote } from '../../../components/store-time-note';

/** One fact per line: the term in a narrow column beside what it holds. */
const FACTS_GRID = 'grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]';

/** View Details: the booking as the customer gave it, the agent, who did each step (South African time), and its emails. */
export function RepairDetailsDialog(props: OpenDetails) {
  return (
    <DetailsDialog
      {...props}
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
            <DetailRows
              className={FACTS_GRID}
              rows={[
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
            <DetailRows
              className={FACTS_GRID}
              rows={[
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
          <DetailLog
            title="History"
            entries={data.history}
            line={(step) =>
              `${REPAIR_STATUS_LABELS[step.status]} · ${step.description} · ${formatDateTime(step.at)} · ${step.actor ?? 'Customer'}`
            }
          />
          <EmailLog emails={data.emails} />
        </div>
      )}
    </DetailsDialog>
  );
}
