import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useHoldBackAndForward } from '../../lib/browser-pages';
import { toast } from '../../lib/toast';

/**
 * The checkout's steps in the address (docs/decisions/055): /cart is the cart, /cart?step=details the
 * customer information, /cart?step=payment while the provider's widget is open over one of those two.
 * Each step the shopper moves to is a history entry of its own, so Reload keeps the step and Back goes
 * to the one before, still on /cart.
 */
export type PageStep = 'cart' | 'details';

const PAYMENT_OPEN = 'Payment in progress: pay or cancel in the payment window to leave it';

/** The details entry was pushed from the cart step: going back to the cart is going Back. */
type EntryState = { afterCart?: boolean } | null;

const search = (step: PageStep | 'payment') => (step === 'cart' ? paths.cart : `${paths.cart}?step=${step}`);

export function useCheckoutSteps({ canCheckOut }: { canCheckOut: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = params.get('step');
  // The step under the open widget; set when it opens, kept until the address leaves ?step=payment.
  const [payingFrom, setPayingFrom] = useState<PageStep | null>(null);
  // Forgotten when the address leaves the payment, not when the widget closes: Back to the cart is
  // asynchronous, and until it lands ?step=payment still shows the step the widget covered.
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    if (asked !== 'payment') setPayingFrom(null);
  }
  const paying = asked === 'payment' && payingFrom !== null;
  const step: PageStep = paying ? payingFrom : canCheckOut && asked === 'details' ? 'details' : 'cart';
  // A step that cannot be shown (details of an empty cart, payment with no widget open after a reload,
  // an unknown step) gives way to the first step that can: the cart, where an unpaid order can be resumed.
  const shownAsAsked = paying || asked === (step === 'cart' ? null : step);

  useEffect(() => {
    if (!shownAsAsked) void navigate(paths.cart, { replace: true });
  }, [shownAsAsked, navigate]);

  // While an order is placed and paid, Back and Forward leave the page as it is: the widget sits over it,
  // and the way out of a payment is the widget's own Cancel (Paystack's widget cannot be closed from the page).
  const busy = useRef(false);
  useHoldBackAndForward(
    useCallback(() => {
      if (busy.current) toast.message(PAYMENT_OPEN);
      return busy.current;
    }, []),
  );

  const entry = location.state as EntryState;
  return {
    step,
    toDetails() {
      void navigate(search('details'), { state: { afterCart: true } satisfies EntryState });
    },
    /** Back to the cart step: Back when the cart is the entry before (so Forward returns), else in place. */
    toCart() {
      if (entry?.afterCart) void navigate(-1);
      else void navigate(paths.cart, { replace: true });
    },
    /** Runs a payment, from placing the order to its outcome, with Back and Forward held meanwhile. */
    async whilePaying<T>(payment: () => Promise<T>): Promise<T> {
      busy.current = true;
      try {
        return await payment();
      } finally {
        busy.current = false;
      }
    },
    /** The widget is opening over `from`: the address says so, in place of that step's entry. */
    showPayment(from: PageStep) {
      setPayingFrom(from);
      void navigate(search('payment'), { replace: true, state: entry });
    },
  };
}
