import type { AdminPaymentDetails } from '../../../../shared/payments';
import { StoreTimeNote } from '../../../components/store-time-note';
import { DetailRows } from '../../../components/detail-parts';
import { DetailsDialog, type OpenDetails } from '../components/details-dialog';
import { formatDateTime, formatMinor } from './format';
import { usePayment } from './payment-api';

/** View Details: the payment, its order, its refunds and the provider's events. */
export function PaymentDetailsDialog(props: OpenDetails) {
  return (
    <DetailsDialog {...props} title="Payment" useDetails={usePayment} errorTitle="Failed to load the payment">
      {(details) => <Details {...details} />}
    </DetailsDialog>
  );
}

const ROWS_GRID = 'mt-2 grid grid-cols-2 gap-x-4 gap-y-1';

function Details({ payment, order, refunds, events }: AdminPaymentDetails) {
  return (
    <div className="space-y-5 text-sm">
      <StoreTimeNote />
      <section>
        <h3 className="font-semibold text-slate-900">Payment</h3>
        <DetailRows
          className={ROWS_GRID}
          rows={[
            ['Status', payment.status],
            ['Amount', formatMinor(payment.amount, payment.currency)],
            ['Refunded', formatMinor(payment.refundedAmount, payment.currency)],
            ['Customer', [payment.customerName, payment.customerEmail].filter(Boolean).join(' · ')],
            ['Channel', payment.channel ?? 'N/A'],
            ['Provider', payment.provider],
            ['Paid', payment.paidAt ? formatDateTime(payment.paidAt) : null],
          ]}
        />
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Order</h3>
        {order ? (
          <DetailRows
            className={ROWS_GRID}
            rows={[
              ['Order number', order.orderNumber],
              ['Status', order.status],
              ['Payment status', order.paymentStatus],
              ['Total', formatMinor(order.totalAmount * 100, order.currency)],
            ]}
          />
        ) : (
          <p className="mt-2 text-slate-600">No order</p>
        )}
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Refunds</h3>
        {refunds.length === 0 ? (
          <p className="mt-2 text-slate-600">No refunds</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {refunds.map((refund) => (
              <li key={refund.id}>
                {formatMinor(refund.amount, payment.currency)} · {refund.status}
                {refund.reason ? ` · ${refund.reason}` : ''}
                {refund.failureMessage ? ` · ${refund.failureMessage}` : ''} · {formatDateTime(refund.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Provider events</h3>
        {events.length === 0 ? (
          <p className="mt-2 text-slate-600">No events</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {events.map((event) => (
              <li key={event.id}>
                <details>
                  <summary className="cursor-pointer">
                    {event.event} · {formatDateTime(event.createdAt)}
                  </summary>
                  <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs">
                    {JSON.stringify(event.payload, null, 2)}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
