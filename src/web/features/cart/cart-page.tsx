import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CheckoutCustomer, OpenCheckout } from '../../../shared/orders';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../components/empty-state';
import { Button, buttonClass } from '../../components/ui/button';
import { cardClass, Section } from '../../components/ui/section';
import { ApiError } from '../../lib/api';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useViewFocus } from '../../lib/use-view-focus';
import { cart, useCart, type CartItem } from '../../lib/cart-store';
import { useUnpaidOrder } from './cart-api';
import { CartLine, type LineStatus } from './cart-line';
import { useCheckoutSteps, type PageStep } from './checkout-steps';
import { HoldCountdown } from './hold-countdown';
import type { payOrder } from './payment';
import { typedDetails } from './typed-details';
import { useCurrentPrices } from './use-current-prices';

const CheckoutForm = lazy(() => import('./checkout-form').then((m) => ({ default: m.CheckoutForm })));

const MESSAGES = {
  failed: 'Order processing failed. Please contact support.',
  initFailed: 'Failed to initialize payment',
  cancelled: 'Payment cancelled',
  success: 'Payment successful! Order placed.',
};

/** The server's refusal of a line (409 OUT_OF_STOCK names it by device id), for the quantity refused. */
type Refusals = Record<string, { message: string; quantity: number }>;

function refusalsOf(items: CartItem[], fields: Record<string, string>): Refusals {
  const refusals: Refusals = {};
  for (const item of items) {
    const message = fields[item.id];
    if (message) refusals[item.id] = { message, quantity: item.quantity };
  }
  return refusals;
}

/** A refusal stands on its line until the shopper changes that line's quantity. */
function withRefusals(
  items: CartItem[],
  statuses: Record<string, LineStatus>,
  refusals: Refusals,
): Record<string, LineStatus> {
  const merged = { ...statuses };
  for (const item of items) {
    const refusal = refusals[item.id];
    if (refusal?.quantity === item.quantity) merged[item.id] = { ...merged[item.id], problem: refusal.message };
  }
  return merged;
}

/** The units the shopper's unpaid order holds, per device. */
function heldBy(order: OpenCheckout | null): Record<string, number> {
  const held: Record<string, number> = {};
  for (const line of order?.items ?? []) held[line.deviceId] = (held[line.deviceId] ?? 0) + line.quantity;
  return held;
}

/** True when the unpaid order is what the cart holds now, line for line: only then is paying it paying the cart. */
function isTheCart(items: CartItem[], held: Record<string, number>): boolean {
  return items.length === Object.keys(held).length && items.every((item) => held[item.id] === item.quantity);
}

type Payment = ReturnType<typeof payOrder>;

export function Component() {
  usePageTitle();
  const items = useCart();
  const navigate = useNavigate();
  const steps = useCheckoutSteps({ canCheckOut: items.length > 0 });
  const { step } = steps;
  // Each step the shopper moves to starts at the page's heading: the next Tab is the step's first field or line.
  const heading = useViewFocus<HTMLHeadingElement>(step, { skipFirst: true });
  const [refusals, setRefusals] = useState<Refusals>({});
  // When the stock held for the open payment widget goes back: Paystack's widget shows no time left, so the page does.
  const [heldUntil, setHeldUntil] = useState<string | null>(null);
  // The order a reload left unpaid (its widget gone): its hold is the shopper's, and it can be paid again.
  const unpaidQuery = useUnpaidOrder();
  const unpaid = unpaidQuery.data ?? null;
  const held = heldBy(unpaid);
  const [resuming, setResuming] = useState(false);
  const { statuses: current, checking, recheck } = useCurrentPrices(items, held);
  const statuses = withRefusals(items, current, refusals);
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const blocked = items.some((item) => statuses[item.id]?.problem);

  /** Places the order and pays. A 400 is rethrown for the form to put under its fields. */
  async function pay(customer: CheckoutCustomer) {
    const { payForOrder } = await import('./payment');
    const input = {
      items: items.map((item) => ({ deviceId: item.id, quantity: item.quantity })),
      customer,
      cartId: cart.id(),
    };
    return settle(steps.whilePaying(() => payForOrder(input, opening('details'))));
  }

  /** Pays the unpaid order again, from the cart step. */
  async function resume(order: OpenCheckout) {
    setResuming(true);
    const { payOrder } = await import('./payment');
    await settle(steps.whilePaying(() => payOrder(order, opening('cart')))).finally(() => setResuming(false));
  }

  /** The widget opens over `from`: its hold's end shows beside the summary, and the address says payment. */
  function opening(from: PageStep) {
    return (reservedUntil: string) => {
      setHeldUntil(reservedUntil);
      steps.showPayment(from);
    };
  }

  /** What the shopper sees when a payment ends, however it began. */
  async function settle(payment: Payment) {
    try {
      const result = await payment.finally(() => setHeldUntil(null));
      if (result.outcome === 'script-failed') {
        toast.error(MESSAGES.initFailed);
        void recheck();
      } else if (result.outcome === 'closed') {
        toast.message(MESSAGES.cancelled);
        steps.toCart();
        // The given-up order's units are back on sale, and no longer this shopper's: read them again.
        void recheck();
      } else if (result.verified.status === 'paid') {
        toast.success(MESSAGES.success);
        cart.clear();
        typedDetails.forget();
        // In place of the payment's entry: Back from the confirmation does not walk into a paid checkout.
        void navigate(paths.orderConfirmation(result.orderNumber), { replace: true });
        return;
      } else {
        toast.error(MESSAGES.failed);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) throw error;
      if (error instanceof ApiError && [404, 409, 429].includes(error.status)) {
        toast.error(error.message);
        if (error.status === 409 || error.status === 404) {
          // Sold out or gone since the cart was checked: back to the cart, the refusal on its line.
          setRefusals(refusalsOf(items, error.fields));
          steps.toCart();
          void recheck();
        }
      } else {
        toast.error(MESSAGES.failed);
      }
    }
  }

  if (items.length === 0) {
    return (
      <EmptyState
        look="page"
        icon={ShoppingCart}
        title="Your cart is empty"
        action={{ to: paths.buy, label: 'Continue Shopping' }}
      >
        Browse our quality devices and add something you like.
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 ref={heading} tabIndex={-1} className="scroll-mt-32 text-3xl font-bold text-slate-900 outline-none">
        {step === 'cart' ? 'Shopping Cart' : 'Checkout'}
      </h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {step === 'cart' ? (
            <Section
              title="Cart items"
              headingClassName="sr-only"
              className="rounded-xl border border-slate-200 bg-white px-6 shadow-sm"
            >
              <ul className="divide-y divide-slate-200">
                {items.map((item) => (
                  <CartLine key={item.id} item={item} status={statuses[item.id] ?? {}} />
                ))}
              </ul>
            </Section>
          ) : (
            <Suspense fallback={<p className="text-slate-600">Loading...</p>}>
              <CheckoutForm onBack={steps.toCart} onSubmit={pay} />
            </Suspense>
          )}
        </div>
        <Section as="aside" title="Order Summary" className={`h-fit ${cardClass}`}>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">
                Subtotal ({count} {count === 1 ? 'item' : 'items'})
              </dt>
              <dd className="font-medium text-slate-900">{money(total, 'cart')}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">Shipping</dt>
              <dd className="font-medium text-green-700">Free</dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-3 text-base">
              <dt className="font-semibold text-slate-900">Total</dt>
              <dd className="font-bold text-slate-900" data-testid="cart-total">
                {money(total, 'cart')}
              </dd>
            </div>
          </dl>
          {heldUntil && <HoldCountdown reservedUntil={heldUntil} />}
          {step === 'cart' && (
            <>
              {unpaid && !heldUntil && (
                <UnpaidOrderNotice
                  order={unpaid}
                  resumable={isTheCart(items, held)}
                  busy={resuming}
                  onResume={() => void resume(unpaid)}
                />
              )}
              <Button
                size="lg"
                className="mt-6 w-full"
                disabled={blocked || checking || unpaidQuery.isLoading || resuming}
                onClick={steps.toDetails}
              >
                Proceed to Checkout
              </Button>
              {blocked && <p className="mt-3 text-sm text-red-600">Remove or adjust the flagged items to continue.</p>}
              <Link to={paths.buy} className={buttonClass('ghost', 'md', 'mt-3 w-full')}>
                Continue Shopping
              </Link>
            </>
          )}
        </Section>
      </div>
    </div>
  );
}

/**
 * The cart's order still awaiting payment (a reload closed its widget): pay it again while the cart is
 * what it holds; a new checkout replaces it either way, its units counted as the shopper's meanwhile.
 */
function UnpaidOrderNotice({
  order,
  resumable,
  busy,
  onResume,
}: {
  order: OpenCheckout;
  resumable: boolean;
  busy: boolean;
  onResume: () => void;
}) {
  return (
    <div className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-semibold">Order {order.orderNumber} is waiting for payment</p>
      <p className="mt-1">
        {resumable
          ? 'Its devices are held for you. Resume the payment, or proceed to checkout again to replace that order.'
          : 'Your cart has changed since. Proceeding to checkout replaces that order, and its devices count as yours.'}
      </p>
      <HoldCountdown reservedUntil={order.reservedUntil} />
      {resumable && (
        <Button className="mt-3 w-full" onClick={onResume} disabled={busy}>
          {busy ? 'Processing...' : 'Resume Payment'}
        </Button>
      )}
    </div>
  );
}
