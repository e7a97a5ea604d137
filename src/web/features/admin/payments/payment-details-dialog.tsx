import type { AdminPaymentDetails } from '../../../../shared/payments';
import { StoreTimeNote } from '../../../components/store-time-note';
import { DetailsDialog } from '../components/details-dialog';
import { formatDateTime, formatMinor } from './format';
import { usePayment } from './payment-api';

/** View Details: the payment, its order, its refunds and the provider's events. */
export function PaymentDetailsDialog({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  return (
    <DetailsDialog
      number={reference}
      onClose={onClose}
      title="Payment"
      useDetails={usePayment}
      errorTitle="Failed to load the payment"
    >
      {(details) => <Details {...details} />}
    </DetailsDialog>
  );
}

function Details({ payment, order, refunds, events }: AdminPaymentDetails) {
  const row = (label: string, value: string) => (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </>
  );
  return (
    <div className="space-y-5 text-sm">
      <StoreTimeNote />
      <section>
        <h3 className="font-semibold text-slate-900">Payment</h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
          {row('Status', payment.status)}
          {row('Amount', formatMinor(payment.amount, payment.currency))}
          {row('Refunded', formatMinor(payment.refundedAmount, payment.currency))}
          {row('Customer', [payment.customerName, payment.customerEmail].filter(Boolean).join(' · '))}
          {row('Channel', payment.channel ?? 'N/A')}
          {row('Provider', payment.provider)}
          {row('Paid', payment.paidAt ? formatDateTime(payment.paidAt) : '-')}
        </dl>
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">Order</h3>
        {order ? (
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
            {row('Order number', order.orderNumber)}
            {row('Status', order.status)}
            {row('Payment status', order.paymentStatus)}
            {row('Total', formatMinor(order.totalAmount * 100, order.currency))}
          </dl>
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
