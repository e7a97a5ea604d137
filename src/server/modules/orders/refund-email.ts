import { formatMoney, type Currency } from '../../../shared/money';
import { headedEmail } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail';
import type { OrderRow } from './reads';

/** What the customer is told of a refund: how much, and the reference their bank can trace it by. */
export interface RefundNotice {
  /** The refund's own id: one email per refund, however often it is settled. */
  id: string;
  /** Minor units. */
  amount: number;
  /** The provider's reference for the refund, or ours when it gave none. */
  reference: string;
}

/**
 * The email every refund the provider accepts sends the order's customer, whichever screen started
 * it (the Paystack tab's refund, cancelling a paid order, a refund due on a closed order).
 */
export function renderRefundEmail(order: OrderRow, refund: RefundNotice): OutgoingEmail {
  const currency: Currency = order.currency === 'ZAR' ? 'ZAR' : 'NGN';
  const amount = formatMoney(refund.amount / 100, 'cart', currency);
  const { text, html } = headedEmail(
    'Refund on its way',
    [
      `Hi ${order.firstName},`,
      `We have refunded ${amount} for your order ${order.orderNumber}.`,
      `Refund reference: ${refund.reference}`,
      'It reaches the card you paid with in 3-5 business days (1-2 for a bank transfer). Quote the reference to your bank if it has not arrived by then.',
    ],
    { text: [], html: [] },
  );
  return {
    kind: 'order_refund',
    to: order.customerEmail,
    subject: `Refund for order ${order.orderNumber}`,
    html,
    text,
    dedupeKey: `order-refund:${refund.id}`,
    entity: { type: 'order', id: order.orderNumber },
  };
}
