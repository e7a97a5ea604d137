import type { CheckoutInput } from '../../../shared/orders';
import type { VerifyPaymentReply } from '../../../shared/payments';
import { saveOrderToken } from '../../lib/order-token';
import { loadProviderScript, openPaymentWidget } from '../../lib/payment-widget';
import { cancelOrder, placeOrder, verifyPayment } from './cart-api';
import { holdCountdown } from './hold-countdown';

/**
 * The checkout as the buyer's browser runs it (docs/architecture.md, the checkout flow): place the
 * order (the server prices it and holds the stock), load the provider's widget, open it, and have the
 * server verify the payment. Resolves with what the buyer did: paid (with the verified reply), closed,
 * or the widget failed to load.
 */
export async function payForOrder(
  input: CheckoutInput,
  /** Told when the stock is held and the widget is about to open, with the time the hold ends. */
  onHold?: (reservedUntil: string) => void,
): Promise<
  | { outcome: 'paid'; orderNumber: string; verified: VerifyPaymentReply }
  | { outcome: 'closed'; orderNumber: string }
  | { outcome: 'script-failed'; orderNumber: string }
> {
  const reply = await placeOrder(input);
  saveOrderToken(reply.orderNumber, reply.accessToken);
  let pop: Awaited<ReturnType<typeof loadProviderScript>>;
  try {
    pop = await loadProviderScript(reply.payment.scriptUrl);
  } catch {
    await cancelOrder(reply.orderNumber, reply.accessToken).catch(() => undefined);
    return { outcome: 'script-failed', orderNumber: reply.orderNumber };
  }
  onHold?.(reply.reservedUntil);
  const reference = await openPaymentWidget(pop, reply.payment, () => holdCountdown(reply.reservedUntil, Date.now()));
  if (reference === null) {
    await cancelOrder(reply.orderNumber, reply.accessToken);
    return { outcome: 'closed', orderNumber: reply.orderNumber };
  }
  const verified = await verifyPayment(reference);
  return { outcome: 'paid', orderNumber: reply.orderNumber, verified };
}
