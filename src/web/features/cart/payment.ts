import type { CheckoutInput, OpenCheckout } from '../../../shared/orders';
import type { VerifyPaymentReply } from '../../../shared/payments';
import { saveOrderToken } from '../../lib/order-token';
import { loadProviderScript, openPaymentWidget } from '../../lib/payment-widget';
import { cancelOrder, placeOrder, verifyPayment } from './cart-api';
import { holdCountdown } from './hold-countdown';
import { unpaidOrder } from './unpaid-order';

type PaymentResult =
  | { outcome: 'paid'; orderNumber: string; verified: VerifyPaymentReply }
  | { outcome: 'closed'; orderNumber: string }
  | { outcome: 'script-failed'; orderNumber: string };

/**
 * The checkout as the buyer's browser runs it (docs/architecture.md, the checkout flow): place the
 * order (the server prices it and holds the stock; a new checkout of the cart replaces its unpaid
 * order), then pay it (payOrder).
 */
export async function payForOrder(
  input: CheckoutInput,
  /** Told when the stock is held and the widget is about to open, with the time the hold ends. */
  onHold?: (reservedUntil: string) => void,
): Promise<PaymentResult> {
  const reply = await placeOrder(input);
  saveOrderToken(reply.orderNumber, reply.accessToken);
  // Kept until paid or given up: a reload while the widget is open can pay it again (GET /api/checkout/:orderNumber).
  unpaidOrder.save(reply.orderNumber);
  return payOrder(reply, onHold);
}

/**
 * Pays an order awaiting payment, just placed or resumed after a reload: load the provider's widget,
 * open it, and have the server verify the payment. Resolves with what the buyer did: paid (with the
 * verified reply), closed (the order is cancelled and its stock goes back), or the widget failed to load.
 */
export async function payOrder(
  order: Pick<OpenCheckout, 'orderNumber' | 'payment' | 'reservedUntil'>,
  onHold?: (reservedUntil: string) => void,
): Promise<PaymentResult> {
  const { orderNumber, payment, reservedUntil } = order;
  const giveUp = async () => {
    await cancelOrder(orderNumber);
    unpaidOrder.forget();
  };
  let pop: Awaited<ReturnType<typeof loadProviderScript>>;
  try {
    pop = await loadProviderScript(payment.scriptUrl);
  } catch {
    await giveUp().catch(() => undefined);
    return { outcome: 'script-failed', orderNumber };
  }
  onHold?.(reservedUntil);
  const reference = await openPaymentWidget(pop, payment, {
    countdown: () => holdCountdown(reservedUntil, Date.now()),
  });
  if (reference === null) {
    await giveUp();
    return { outcome: 'closed', orderNumber };
  }
  const verified = await verifyPayment(reference);
  // Paid, or refused for good (the server released its stock): either way no longer the cart's to resume.
  unpaidOrder.forget();
  return { outcome: 'paid', orderNumber, verified };
}
