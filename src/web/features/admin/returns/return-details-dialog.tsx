import { formatDateTime } from '../../../../shared/dates';
import { formatMinor } from '../../../../shared/money';
import { formatPhone } from '../../../../shared/phones';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../../../../shared/return-moves';
import { reasonLabel, type AdminReturnDetail } from '../../../../shared/returns';
import { DetailLog, DetailSection } from '../../../components/detail-parts';
import { StoreTimeNote } from '../../../components/store-time-note';
import { DetailsDialog, type OpenDetails } from '../components/details-dialog';
import { useReturnDetails } from './return-api';

/** View Details: the request, its order and what is still refundable, the photos, the inspection, the history and the audit. */
export function ReturnDetailsDialog(props: OpenDetails) {
  return (
    <DetailsDialog {...props} title="Request" useDetails={useReturnDetails} errorTitle="Failed to load the request">
      {(data) => <Details data={data} />}
    </DetailsDialog>
  );
}

function Photos({ data, stage, count }: { data: AdminReturnDetail; stage: 'request' | 'inspection'; count: number }) {
  if (count === 0) return <p>No photos</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <img
            src={`/api/admin/returns/${encodeURIComponent(data.returnNumber)}/photos/${stage}/${i}?w=160`}
            alt={`${stage === 'request' ? 'From the customer' : 'From the inspection'}, ${i + 1} of ${count}`}
            className="h-20 w-20 rounded border border-slate-200 object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

function Details({ data }: { data: AdminReturnDetail }) {
  const { view } = data;
  return (
    <div>
      <p className="text-sm text-slate-600">
        {RETURN_KIND_LABELS[data.kind]} · {RETURN_STATUS_LABELS[data.status]} · opened {formatDateTime(data.createdAt)}
      </p>
      <StoreTimeNote className="mt-1" />
      <DetailSection title="Request">
        <p>{view.units.map((u) => `${u.quantity} x ${u.name}`).join(', ') || `Repair ${data.repairNumber}`}</p>
        <p>Reason: {reasonLabel(view.reason)}</p>
        <p className="whitespace-pre-wrap">{view.description}</p>
        {view.declineReason && <p>Declined: {view.declineReason}</p>}
      </DetailSection>
      <DetailSection title="Customer and collection">
        <p>
          {data.customerName} · {data.customerEmail} · {formatPhone(data.customerPhone)}
        </p>
        <p>{view.pickupAddress}</p>
        <p>
          {formatPickupDate(data.pickupDate)} at {data.pickupTime} · {data.agent?.name ?? 'No agent yet'}
        </p>
      </DetailSection>
      {data.order && (
        <DetailSection title="Order">
          <p>
            {data.orderNumber} · paid {formatMinor(data.order.totalAmount * 100, data.order.currency)} · still
            refundable {formatMinor(data.order.refundable, data.order.currency)}
          </p>
        </DetailSection>
      )}
      <DetailSection title="Customer photos">
        <Photos data={data} stage="request" count={view.photoCount} />
      </DetailSection>
      {data.inspection && (
        <DetailSection title="Inspection">
          <p>
            {data.inspection.conditionFound} · {data.inspection.sellable ? 'sellable' : 'not sellable'}
            {data.inspection.stock
              ? ` · ${data.inspection.stock === 'restocked' ? 'back in stock' : 'written off'}`
              : ''}
          </p>
          <p className="whitespace-pre-wrap">{data.inspection.notes}</p>
          <Photos data={data} stage="inspection" count={data.inspection.photoCount} />
        </DetailSection>
      )}
      {(view.refundAmount !== null || view.repairJobNumber || view.replacementOrderNumber) && (
        <DetailSection title="Outcome">
          {view.refundAmount !== null && <p>Refunded {formatMinor(view.refundAmount, view.currency)}</p>}
          {view.repairJobNumber && <p>Warranty repair {view.repairJobNumber}</p>}
          {view.replacementOrderNumber && <p>Replacement order {view.replacementOrderNumber}</p>}
        </DetailSection>
      )}
      <DetailLog
        title="History"
        entries={view.history}
        line={(entry) => `${formatDateTime(entry.date)} · ${RETURN_STATUS_LABELS[entry.status]}: ${entry.description}`}
      />
      <DetailLog
        title="Audit"
        entries={data.audit}
        line={(entry) => `${formatDateTime(entry.at)} · ${entry.action} · ${entry.actor ?? 'System'}`}
      />
    </div>
  );
}
