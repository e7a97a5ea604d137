import type { PaymentParams } from '../../shared/orders';

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
export function loadProviderScript(url: string): Promise<PaystackPop> {
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
 * Opens the loaded widget on a payment; resolves with the provider's reference once the buyer paid,
 * or null when they closed it. `countdown`, when given, is the hold's time left in words, asked each second.
 */
export function openPaymentWidget(pop: PaystackPop, payment: PaymentParams, countdown?: () => string) {
  return new Promise<string | null>((resolve) => {
    pop
      .setup({
        key: payment.publicKey,
        email: payment.email,
        amount: payment.amount,
        currency: payment.currency,
        ref: payment.reference,
        metadata: payment.metadata,
        holdCountdown: countdown,
        callback: (response) => resolve(response.reference),
        onClose: () => resolve(null),
      })
      .openIframe();
  });
}
