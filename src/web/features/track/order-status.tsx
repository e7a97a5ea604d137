import { ORDER_STATUSES } from '../../../shared/orders';
import type { TrackedOrder } from '../../../shared/tracking';
import { money } from '../../lib/money';
import { DetailRow } from './detail-row';
import { formatDateTime } from './format';

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

/**
 * An order found by its number: status with its dates; items, total and courier only for whoever may
 * open the order (its link, its customer, the admin); nothing personal.
 */
export function OrderStatus({ order }: { order: TrackedOrder }) {
  const { details } = order;
  const reached = new Map(order.statusHistory.map((h) => [h.status, h.date]));
  const steps = order.status === 'cancelled' ? [...reached.keys()] : ORDER_STATUSES.filter((s) => s !== 'cancelled');
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
      <ol className="mt-3 space-y-2 text-sm">
        {steps.map((status) => (
          <li key={status} className="flex justify-between gap-4 border-b border-slate-100 pb-2">
            <span className={reached.has(status) ? 'font-medium text-slate-900' : 'text-slate-400'}>
              {LABELS[status] ?? status}
            </span>
            <span className="text-slate-500">
              {reached.has(status) ? formatDateTime(reached.get(status)!) : 'Pending'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
