import type { OrderRow } from './service';
import { STORE } from '../../../shared/store';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../mail/outbox';

const LINES: Record<string, string> = {
  processing: 'We are preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered. Enjoy your device!',
};

function render(order: OrderRow, subject: string, paragraphs: string[], publicUrl: string, dedupeKey: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}/order-confirmation/${encodeURIComponent(order.orderNumber)}`;
  const footer = `${STORE.name} · ${STORE.address} · ${STORE.email} · ${STORE.phone}`;
  const text = [`Hi ${order.firstName},`, '', ...paragraphs, '', `View your order: ${link}`, '', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto">
<p>Hi ${escapeHtml(order.firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="color:#2563eb">View your order</a></p>
<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return {
    kind: 'order_update',
    to: order.customerEmail,
    subject,
    html,
    text,
    dedupeKey,
    entity: { type: 'order', id: order.orderNumber },
  } satisfies OutgoingEmail;
}

/** The email an admin's forward step sends: one per order and status. */
export function renderOrderStatusEmail(order: OrderRow, status: string, publicUrl: string): OutgoingEmail {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return render(
    order,
    `Order ${order.orderNumber}: ${label}`,
    [`Order ${order.orderNumber} is now ${label}.`, LINES[status] ?? ''].filter(Boolean),
    publicUrl,
    `order-status:${order.orderNumber}:${status}`,
  );
}

/** The email Update Tracking sends: one per order, courier and tracking number. */
export function renderTrackingEmail(
  order: OrderRow,
  tracking: { courier: string; trackingNumber: string },
  publicUrl: string,
): OutgoingEmail {
  return render(
    order,
    `Order ${order.orderNumber}: tracking details`,
    [`Order ${order.orderNumber} ships with ${tracking.courier}.`, `Tracking number: ${tracking.trackingNumber}`],
    publicUrl,
    `order-tracking:${order.orderNumber}:${tracking.courier}:${tracking.trackingNumber}`,
  );
}
