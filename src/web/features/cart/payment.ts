import type { CheckoutInput, PaymentParams } from '../../../shared/orders';
import type { VerifyPaymentReply } from '../../../shared/payments';
import { saveOrderToken } from '../../lib/order-token';
import { cancelOrder, placeOrder, verifyPayment } from './cart-api';
import { holdCountdown } from './hold-countdown';

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
  let pop: PaystackPop;
  try {
    pop = await loadProviderScript(reply.payment.scriptUrl);
  } catch {
    await cancelOrder(reply.orderNumber, reply.accessToken).catch(() => undefined);
    return { outcome: 'script-failed', orderNumber: reply.orderNumber };
  }
  onHold?.(reply.reservedUntil);
  const reference = await new Promise<string | null>((resolve) => {
    pop
      .setup({
        key: reply.payment.publicKey,
        email: reply.payment.email,
        amount: reply.payment.amount,
        currency: reply.payment.currency,
        ref: reply.payment.reference,
        metadata: reply.payment.metadata,
        holdCountdown: () => holdCountdown(reply.reservedUntil, Date.now()),
        callback: (response) => resolve(response.reference),
        onClose: () => resolve(null),
      })
      .openIframe();
  });
  if (reference === null) {
    await cancelOrder(reply.orderNumber, reply.accessToken);
    return { outcome: 'closed', orderNumber: reply.orderNumber };
  }
  const verified = await verifyPayment(reference);
  return { outcome: 'paid', orderNumber: reply.orderNumber, verified };
}
