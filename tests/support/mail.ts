import type { OutgoingEmail } from '../../src/server/modules/mail/outbox';

/** An email as a module hands it to the outbox: an order confirmation to a buyer. */
export const outgoingEmail = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: 'order_confirmation',
  to: 'buyer@example.co.za',
  subject: 'Order Confirmed! ORD-2026-000001',
  html: '<p>Thanks</p>',
  text: 'Thanks',
  ...overrides,
});
