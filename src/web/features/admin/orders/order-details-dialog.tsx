import { useState } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { formatPhone } from '../../../../shared/phones';
import type { Address } from '../../../../shared/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { DialogFor } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api';
import { money } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { orderActions, useOrderDetails } from './order-api';
import { DetailLog, DetailSection, EmailLog } from '../../../components/detail-parts';
import { StoreTimeNote } from '../../../components/store-time-note';
import type { OpenDetails } from '../components/details-dialog';

export const addressLine = (a: Address | null) =>
  a ? [a.street, a.city, a.state, a.zipCode, a.country].filter(Boolean).join(', ') : '';

/** View Details: items, payment, history, addresses and the emails sent about the order. */
export function OrderDetailsDialog({ number, onClose }: OpenDetails) {
  return (
    <DialogFor subject={number} onClose={onClose} title={`Order ${number ?? ''}`} size="lg">
      {(orderNumber) => <Details orderNumber={orderNumber} />}
    </DialogFor>
  );
}

function Details({ orderNumber }: { orderNumber: string }) {
  const { data, error } = useOrderDetails(orderNumber);
  if (error) return <p role="alert">Failed to load order details</p>;
  if (!data) return <p role="status">Loading...</p>;
  return (
    <div>
      <p className="text-sm text-slate-600">
        {data.customerName} · {data.customerEmail} · {data.customerPhone ? formatPhone(data.customerPhone) : 'No phone'}
      </p>
      <StoreTimeNote className="mt-1" />
      <DetailSection title="Items">
        <ul className="divide-y divide-slate-100">
          {data.items.map((item) => (
            <li key={item.deviceId} className="flex justify-between py-1.5">
              <span>
                {item.name} ({item.quantity}x) · {[item.condition, item.storage].filter(Boolean).join(', ')}
              </span>
              <span>{money(item.lineTotal, 'admin')}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-right font-semibold">Total {money(data.totalAmount, 'admin')}</p>
      </DetailSection>
      <DetailSection title="Payment">
        <p>
          Status: {data.paymentStatus.replaceAll('_', ' ')} · Reference: {data.paymentReference}
        </p>
        {data.payments.map((p) => (
          <p key={p.reference}>
            {p.provider}: {p.status}, {money(p.amount, 'admin')} {p.currency}, {p.channel ?? 'N/A'}
            {p.paidAt ? `, paid ${formatDateTime(p.paidAt)}` : ''}
          </p>
        ))}
        {data.refunds.map((r) => (
          <p key={r.createdAt}>
            Refund {money(r.amount, 'admin')}: {r.status} ({formatDateTime(r.createdAt)})
          </p>
        ))}
      </DetailSection>
      <DetailSection title="Addresses">
        <p>Shipping: {addressLine(data.shippingAddress) || 'None'}</p>
        <p>Billing: {data.billingAddress ? addressLine(data.billingAddress) : 'Same as shipping'}</p>
        {data.trackingNumber && (
          <p>
            Tracking: {data.courier} {data.trackingNumber}
          </p>
        )}
      </DetailSection>
      <DetailLog
        title="History"
        entries={data.history}
        line={(h) => (
          <>
            <span className="capitalize">{h.kind === 'tracking' ? 'Tracking updated' : h.status}</span>
            {h.note ? ` · ${h.note}` : ''} · {formatDateTime(h.at)}
            {h.actor ? ` · ${h.actor}` : ''}
          </>
        )}
      />
      <DetailSection title="Links">
        <p>The confirmation email&apos;s link and any sent on request open the order until they expire.</p>
        <RevokeLinks orderNumber={orderNumber} />
      </DetailSection>
      <EmailLog emails={data.emails} />
    </div>
  );
}

/** Revoke links: after a confirmation, every link to the order (and the placing browser's token) stops opening it. */
function RevokeLinks({ orderNumber }: { orderNumber: string }) {
  const [open, setOpen] = useState(false);
  async function revoke() {
    try {
      toast.success((await orderActions.revokeLinks(orderNumber)).message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to revoke links');
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" size="sm" className="mt-2">
          Revoke links
        </Button>
      }
      title={`Revoke the links to order ${orderNumber}?`}
      message="Every link to this order stops working, the confirmation email's and the buying browser's included. The customer can ask for a new link with the order's email."
      confirmLabel="Revoke links"
      onConfirm={revoke}
    />
  );
}
