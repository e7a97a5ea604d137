import { formatMoney, type Currency } from '../../../shared/money';
import type { OrderView } from '../../../shared/orders';
import { STORE } from '../../../shared/store';
import { emailHtml, headingHtml } from '../../lib/email-layout';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../mail';

/** The email a customer gets when the store cancels their order: what was cancelled and the refund, if any. */
export function renderOrderCancelled(order: OrderView, refundAmount: number | null): OutgoingEmail {
  const currency = (order.currency === 'ZAR' ? 'ZAR' : 'NGN') as Currency;
  const money = (value: number) => formatMoney(value, 'cart', currency);
  const refund =
    refundAmount === null
      ? order.paymentStatus === 'refunded'
        ? 'Your payment for this order was already refunded in full.'
        : 'No payment was taken for this order.'
      : `A refund of ${money(refundAmount)} is on its way to the card you paid with: card refunds take 3-5 business days.`;
  const items = order.items.map((item) => `${item.name} (${item.quantity} x)`);
  const footer = `${STORE.name} · ${STORE.email} · ${STORE.phone}`;
  const text = [
    `Hi ${order.customer.firstName},`,
    '',
    `Your order ${order.orderNumber} has been cancelled.`,
    '',
    ...items.map((item) => `- ${item}`),
    '',
    refund,
    '',
    `Questions? Reply to this email or call ${STORE.phone}.`,
    '',
    footer,
  ].join('\n');
  const html = emailHtml(
    [
      headingHtml('Order cancelled'),
      `<p>Hi ${escapeHtml(order.customer.firstName)},</p>`,
      `<p>Your order <strong>${escapeHtml(order.orderNumber)}</strong> has been cancelled.</p>`,
      `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(refund)}</p>`,
      `<p>Questions? Reply to this email or call ${escapeHtml(STORE.phone)}.</p>`,
    ],
    footer,
  );
  return {
    kind: 'order_cancelled',
    to: order.customer.email,
    subject: `Order cancelled: ${order.orderNumber}`,
    html,
    text,
    dedupeKey: `order-cancelled:${order.orderNumber}`,
    entity: { type: 'order', id: order.orderNumber },
  };
}
