import { orderTimeline, type OrderStepState } from '../../../shared/order-timeline';
import type { TrackedOrder } from '../../../shared/tracking';
import { money } from '../../lib/money';
import { DetailRow } from './detail-row';
import { formatDateTime } from '../../../shared/dates';
import { StoreTimeNote } from '../../components/store-time-note';
import { STEP_WORDS } from './step-words';

/** What a stranger holding only the number is told in place of the items, total and tracking. */
const ORDER_DETAILS_HIDDEN =
  'Items, total and tracking are shown to the buyer: open the order from its confirmation email, or sign in.';

const LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const STEP_CLASS: Record<OrderStepState, string> = {
  done: 'font-medium text-slate-900',
  skipped: 'text-slate-500 line-through',
  upcoming: 'text-slate-500',
};

/** What a step without a time says (a cancel by expiry has no entry of its own: it says nothing). */
const STEP_WORD: Record<OrderStepState, string> = { done: '', ...STEP_WORDS };

/**
 * An order found by its number: status with its dates; items, total and courier only for whoever may
 * open the order (its link, its customer, the admin); nothing personal.
 */
export function OrderStatus({ order }: { order: TrackedOrder }) {
  const { details } = order;
  const steps = orderTimeline(order);
  return (
    <section aria-labelledby="order-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="order-heading" className="text-xl font-semibold text-slate-900">
        Order {order.orderNumber}
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <DetailRow label="Status" value={LABELS[order.status] ?? order.status} />
        <DetailRow label="Order date" value={formatDateTime(order.createdAt)} />
        {details && (
          <>
            <DetailRow label="Items" value={String(details.itemCount)} />
            <DetailRow label="Total" value={money(details.totalAmount, 'cart')} />
            {details.courier && <DetailRow label="Courier" value={details.courier} />}
            {details.trackingNumber && <DetailRow label="Tracking number" value={details.trackingNumber} />}
          </>
        )}
      </dl>
      {!details && <p className="mt-4 text-sm text-slate-600">{ORDER_DETAILS_HIDDEN}</p>}
      <h3 className="mt-6 font-semibold text-slate-900">Status timeline</h3>
      <StoreTimeNote className="mt-1" />
      <ol className="mt-3 space-y-2 text-sm">
        {steps.map((step) => (
          <li key={step.status} className="flex justify-between gap-4 border-b border-slate-100 pb-2">
            <span className={STEP_CLASS[step.state]}>{LABELS[step.status] ?? step.status}</span>
            <span className="text-slate-500">{step.date ? formatDateTime(step.date) : STEP_WORD[step.state]}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
