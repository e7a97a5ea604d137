import type { OrderRow } from './reads';
import { EMAIL_FOOTER, emailHtml, linkHtml, paragraphsHtml } from '../../lib/email-layout';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../mail';

const LINES: Record<string, string> = {
  processing: 'We are preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered. Enjoy your device!',
};

function render(order: OrderRow, subject: string, paragraphs: string[], publicUrl: string, dedupeKey: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}/order-confirmation/${encodeURIComponent(order.orderNumber)}`;
  const text = [`Hi ${order.firstName},`, '', ...paragraphs, '', `View your order: ${link}`, '', EMAIL_FOOTER].join(
    '\n',
  );
  const html = emailHtml([
    `<p>Hi ${escapeHtml(order.firstName)},</p>`,
    paragraphsHtml(paragraphs),
    linkHtml('View your order', link),
  ]);
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

/** Where a parcel is: the courier and the number to follow it by. */
const trackingLines = (orderNumber: string, tracking: { courier: string; trackingNumber: string }) => [
  `Order ${orderNumber} ships with ${tracking.courier}.`,
  `Tracking number: ${tracking.trackingNumber}`,
];

/** The email an admin's forward step sends: one per order and status; Shipped with the courier and number. */
export function renderOrderStatusEmail(order: OrderRow, status: string, publicUrl: string): OutgoingEmail {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  const { courier, trackingNumber } = order;
  const tracking =
    status === 'shipped' && courier && trackingNumber
      ? trackingLines(order.orderNumber, { courier, trackingNumber })
      : [];
  return render(
    order,
    `Order ${order.orderNumber}: ${label}`,
    [`Order ${order.orderNumber} is now ${label}.`, LINES[status] ?? '', ...tracking].filter(Boolean),
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
    trackingLines(order.orderNumber, tracking),
    publicUrl,
    `order-tracking:${order.orderNumber}:${tracking.courier}:${tracking.trackingNumber}`,
  );
}
