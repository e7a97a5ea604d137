import type { CheckoutInput, OpenCheckout, PaymentParams } from '../../../shared/orders';
import type { VerifyPaymentReply } from '../../../shared/payments';
import { saveOrderToken } from '../../lib/order-token';
import { cancelOrder, placeOrder, verifyPayment } from './cart-api';
import { holdCountdown } from './hold-countdown';
import { unpaidOrder } from './unpaid-order';

/** The inline widget contract of Paystack's v1 script, which the sandbox script also defines. */
interface PaystackPop {
  setup(options: {
    key: string;
    email: string;
    amount: number;
    currency: string;
    ref: string;
    metadata: PaymentParams['metadata'];
    /** The hold's time left in words, which the sandbox widget shows each second; Paystack ignores it. */
    holdCountdown?: () => string;
    callback: (response: { reference: string }) => void;
    onClose: () => void;
  }): { openIframe(): void };
}

declare global {
  interface Window {
    PaystackPop?: PaystackPop;
  }
}

const loading = new Map<string, Promise<PaystackPop>>();

/** Loads the provider's inline script on demand (once per URL). */
function loadProviderScript(url: string): Promise<PaystackPop> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<PaystackPop>((resolve, reject) => {
      if (window.PaystackPop) return resolve(window.PaystackPop);
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => (window.PaystackPop ? resolve(window.PaystackPop) : reject(new Error('no PaystackPop')));
      script.onerror = () => reject(new Error(`could not load ${url}`));
      document.head.appendChild(script);
    });
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}

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
  let pop: PaystackPop;
  try {
    pop = await loadProviderScript(payment.scriptUrl);
  } catch {
    await giveUp().catch(() => undefined);
    return { outcome: 'script-failed', orderNumber };
  }
  onHold?.(reservedUntil);
  const reference = await new Promise<string | null>((resolve) => {
    pop
      .setup({
        key: payment.publicKey,
        email: payment.email,
        amount: payment.amount,
        currency: payment.currency,
        ref: payment.reference,
        metadata: payment.metadata,
        holdCountdown: () => holdCountdown(reservedUntil, Date.now()),
        callback: (response) => resolve(response.reference),
        onClose: () => resolve(null),
      })
      .openIframe();
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
