import { useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatDate } from '../../../shared/dates';
import { formatPickupDate } from '../../../shared/repair-calendar';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../../../shared/return-moves';
import { reasonLabel } from '../../../shared/returns';
import { POLICIES } from '../../../shared/store';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/section';
import { money } from '../../lib/money';
import { cancelReturn, useReturnRequest } from './returns-api';

const HEADING = 'text-xl font-semibold text-slate-900';

/**
 * /return-requests/:returnNumber: the whole request for whoever may open it (its order's link, the
 * placing browser, its customer): the timeline with each step done, skipped or ahead, the units, the
 * collection, and Cancel while the device is not collected.
 */
export function Component() {
  const { returnNumber = '' } = useParams();
  const [search] = useSearchParams();
  const orderNumber = search.get('order');
  const query = useReturnRequest(returnNumber, orderNumber);
  if (query.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Request not found</h1>
        <p className="mt-3 text-slate-600">
          Open it from your order's email or your account, or track its status by its number.
        </p>
      </div>
    );
  }
  const request = query.data;
  if (!request) return <p className="p-8 text-center">Loading...</p>;
  const cancel = async () => {
    const reply = await cancelReturn(request.returnNumber, orderNumber);
    toast.success(reply.message);
    await query.refetch();
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        {RETURN_KIND_LABELS[request.kind]} {request.returnNumber}
      </h1>
      <p className="mt-2 text-slate-700">
        Status: <strong>{RETURN_STATUS_LABELS[request.status]}</strong>
        {request.orderNumber ? ` · Order ${request.orderNumber}` : ''}
        {request.repairNumber ? ` · Repair ${request.repairNumber}` : ''}
      </p>
      <Section title="Timeline" className="mt-8" headingClassName={HEADING}>
        <ol className="mt-3 space-y-2">
          {request.timeline.map((step) => (
            <li key={step.status} className="flex justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
              <span className={step.current ? 'font-semibold text-slate-900' : 'text-slate-700'}>
                {RETURN_STATUS_LABELS[step.status]}
              </span>
              <span className="text-sm text-slate-600">
                {step.state === 'done' && step.date
                  ? formatDate(step.date)
                  : step.state === 'skipped'
                    ? 'Skipped'
                    : 'Ahead'}
              </span>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Details" className="mt-8 space-y-2 text-slate-700" headingClassName={HEADING}>
        {request.units.map((unit) => (
          <p key={unit.deviceId}>
            {unit.quantity} x {unit.name}
          </p>
        ))}
        <p>Reason: {reasonLabel(request.reason)}</p>
        <p>
          Collection: {formatPickupDate(request.pickupDate)} at {request.pickupTime}
          {request.agentFirstName ? ` with ${request.agentFirstName}` : ''}
        </p>
        {request.declineReason && <p>Declined: {request.declineReason}</p>}
        {request.refundAmount !== null && (
          <p>
            Refunded {money(request.refundAmount / 100, 'card')} to the card you paid with; it reaches you in{' '}
            {POLICIES.refundCardDays} business days.
          </p>
        )}
        {request.repairJobNumber && <p>Warranty repair: {request.repairJobNumber} (no charge)</p>}
        {request.replacementOrderNumber && <p>Replacement order: {request.replacementOrderNumber}</p>}
      </Section>
      {request.moves.includes('cancel') && (
        <Button variant="danger" className="mt-8" onClick={() => void cancel()}>
          Cancel Request
        </Button>
      )}
    </div>
  );
}
