import { headedEmail, linkHtml } from '../../lib/email-layout';
import type { OutgoingEmail } from '../mail';
import type { OrderRow } from './reads';

/**
 * The order page's address with a link token. The token rides in the fragment: browsers never send
 * it to a server, so no log or Referer sees it.
 */
export const orderLinkUrl = (publicUrl: string, orderNumber: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/order-confirmation/${encodeURIComponent(orderNumber)}#token=${token}`;

/**
 * The email 'enter the email used for this order' sends: a fresh link to the order. `dedupeKey`
 * makes it one per order, link version and hour, however often it is asked for. It names nobody: an
 * unpaid order's name is whatever its checkout typed, and anyone may ask for this email.
 */
export function renderOrderLinkEmail({
  order,
  publicUrl,
  token,
  linkDays,
  dedupeKey,
}: {
  order: Pick<OrderRow, 'orderNumber' | 'customerEmail'>;
  publicUrl: string;
  token: string;
  linkDays: number;
  dedupeKey: string;
}): OutgoingEmail {
  const link = orderLinkUrl(publicUrl, order.orderNumber, token);
  const { text, html } = headedEmail(
    `Your order ${order.orderNumber}`,
    [
      'Hello,',
      `Someone asked for a link to order ${order.orderNumber} with this email address. ` +
        `The link below opens the order in any browser for ${linkDays} days.`,
      'If it was not you, you can ignore this email: the link came to you alone.',
    ],
    { text: [`View your order: ${link}`], html: [linkHtml('View your order', link)] },
  );
  return {
    kind: 'order_link',
    to: order.customerEmail,
    subject: `Your link to order ${order.orderNumber}`,
    html,
    text,
    dedupeKey,
    // The link opens the order: blanked once delivered, never shown to the admin.
    containsSecret: true,
    entity: { type: 'order', id: order.orderNumber },
  };
}
