import { formatMoney, type Currency } from '../../../shared/money';
import type { Address, OrderView } from '../../../shared/orders';
import { EMAIL_FOOTER, emailHtml, linkHtml } from '../../lib/email-layout';
import { escapeHtml } from '../../lib/html';
import type { OutgoingEmail } from '../mail';
import { orderLinkUrl } from './link-email';

function addressLines(address: Address | null): string[] {
  if (!address) return [];
  return [
    address.street,
    [address.city, address.state, address.zipCode].filter(Boolean).join(', '),
    address.country,
  ].filter(Boolean);
}

/** The order confirmation email (HTML and text): items, totals, addresses, number and a link to the order page. */
export function renderOrderConfirmation(order: OrderView, publicUrl: string, linkToken: string): OutgoingEmail {
  const currency = (order.currency === 'ZAR' ? 'ZAR' : 'NGN') as Currency;
  const amount = (value: number) => formatMoney(value, 'cart', currency);
  const link = orderLinkUrl(publicUrl, order.orderNumber, linkToken);
  const shipping = addressLines(order.shippingAddress);
  const billing = order.billingAddress ? addressLines(order.billingAddress) : null;
  const subject = `Order Confirmed! ${order.orderNumber}`;

  const text = [
    `Hi ${order.customer.firstName},`,
    '',
    `Thank you for your order. Your payment was received and order ${order.orderNumber} is confirmed.`,
    '',
    'Items:',
    ...order.items.map(
      (item) =>
        `- ${item.name} (${[item.condition, item.storage].filter(Boolean).join(', ')}) x ${item.quantity} @ ${amount(item.price)} = ${amount(item.lineTotal)}`,
    ),
    '',
    'Shipping: Free',
    `Total: ${amount(order.totalAmount)}`,
    order.paymentReference ? `Payment reference: ${order.paymentReference}` : '',
    '',
    'Shipping address:',
    ...shipping.map((line) => `  ${line}`),
    '',
    'Billing address:',
    ...(billing ? billing.map((line) => `  ${line}`) : ['  Same as shipping']),
    '',
    `View your order: ${link}`,
    '',
    EMAIL_FOOTER,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');

  const rows = order.items
    .map(
      (item) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0">${escapeHtml(item.name)}<br><small style="color:#64748b">${escapeHtml(
          [item.condition, item.storage].filter(Boolean).join(' · '),
        )}</small></td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:center">${item.quantity}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${escapeHtml(
          amount(item.price),
        )}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${escapeHtml(amount(item.lineTotal))}</td></tr>`,
    )
    .join('');
  const block = (lines: string[]) => lines.map(escapeHtml).join('<br>');

  const html = emailHtml([
    `<h1 style="font-size:22px">Order Confirmed!</h1>
<p>Hi ${escapeHtml(order.customer.firstName)},</p>
<p>Thank you for your order. Your payment was received and order <strong>${escapeHtml(order.orderNumber)}</strong> is confirmed.</p>
<table style="width:100%;border-collapse:collapse;font-size:14px"><thead><tr><th style="text-align:left;padding:6px 8px">Item</th><th style="padding:6px 8px">Qty</th><th style="text-align:right;padding:6px 8px">Price</th><th style="text-align:right;padding:6px 8px">Total</th></tr></thead><tbody>${rows}</tbody></table>
<p style="text-align:right">Shipping: Free<br><strong>Total: ${escapeHtml(amount(order.totalAmount))}</strong></p>
${order.paymentReference ? `<p>Payment reference: ${escapeHtml(order.paymentReference)}</p>` : ''}
<h2 style="font-size:16px">Shipping address</h2><p>${block(shipping)}</p>
<h2 style="font-size:16px">Billing address</h2><p>${billing ? block(billing) : 'Same as shipping'}</p>`,
    linkHtml('View your order', link),
  ]);

  return {
    kind: 'order_confirmation',
    to: order.customer.email,
    subject,
    html,
    text,
    dedupeKey: `order-confirmation:${order.orderNumber}`,
    // The link opens the order in any browser until it expires: blanked once delivered, like any secret.
    containsSecret: true,
    entity: { type: 'order', id: order.orderNumber },
  };
}
