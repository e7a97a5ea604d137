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

/** How long a disabled opener is waited for (its page re-enables it once the payment settles). */
const OPENER_WAIT_MS = 10_000;

/**
 * The widget's frame takes the focus and, closed, drops it to the page's top. It goes back to the element
 * that opened the widget, once that is enabled again (a Pay button is disabled while its payment runs);
 * not if the element left the page (the page then moves focus itself, as to a step's heading).
 */
function returnFocusTo(opener: Element | null) {
  if (!(opener instanceof HTMLElement) || opener === document.body) return;
  const focusOnceEnabled = () => {
    if (!opener.isConnected) return true;
    if (opener.matches(':disabled')) return false;
    opener.focus();
    return true;
  };
  if (focusOnceEnabled()) return;
  const observer = new MutationObserver(() => focusOnceEnabled() && observer.disconnect());
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), OPENER_WAIT_MS);
}

/**
 * Opens the loaded widget on a payment; resolves with the provider's reference once the buyer paid,
 * or null when they closed it. `countdown`, when given, is the hold's time left in words, asked each second.
 * Closed, the focus goes back to `opener` (the button pressed: by now it may be disabled, and so no longer
 * the focused element).
 */
export function openPaymentWidget(
  pop: PaystackPop,
  payment: PaymentParams,
  { countdown, opener = document.activeElement }: { countdown?: () => string; opener?: Element | null } = {},
) {
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
        onClose: () => {
          resolve(null);
          returnFocusTo(opener);
        },
      })
      .openIframe();
  });
}
