import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CheckoutInput } from '../../../shared/orders';
import { paths } from '../../../shared/paths';
import { Button, buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { CartLine } from './cart-line';
import { cart, useCart } from './cart-store';
import { useCurrentPrices } from './use-current-prices';

const CheckoutForm = lazy(() => import('../checkout/checkout-form').then((m) => ({ default: m.CheckoutForm })));

const MESSAGES = {
  failed: 'Order processing failed. Please contact support.',
  initFailed: 'Failed to initialize payment',
  cancelled: 'Payment cancelled',
  success: 'Payment successful! Order placed.',
};

export function Component() {
  usePageTitle();
  const items = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'cart' | 'customer'>('cart');
  const [busy, setBusy] = useState(false);
  const { statuses, checking } = useCurrentPrices(items);
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const blocked = items.some((item) => statuses[item.id]?.problem);

  async function pay(customer: CheckoutInput['customer']) {
    setBusy(true);
    try {
      const { payForOrder } = await import('../checkout/payment');
      const result = await payForOrder({
        items: items.map((item) => ({ deviceId: item.id, quantity: item.quantity })),
        customer,
      });
      if (result.outcome === 'script-failed') {
        toast.error(MESSAGES.initFailed);
      } else if (result.outcome === 'closed') {
        toast.message(MESSAGES.cancelled);
        setStep('cart');
      } else if (result.verified.status === 'paid') {
        toast.success(MESSAGES.success);
        cart.clear();
        navigate(paths.orderConfirmation(result.orderNumber));
        return;
      } else {
        toast.error(MESSAGES.failed);
      }
    } catch (error) {
      if (error instanceof ApiError && [400, 404, 409, 429].includes(error.status)) {
        toast.error(error.message);
        if (error.status === 409 || error.status === 404) {
          setStep('cart');
          void queryClient.invalidateQueries({ queryKey: ['cart-device'] });
        }
      } else {
        toast.error(MESSAGES.failed);
      }
    } finally {
      setBusy(false);
    }
  }

  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <ShoppingCart className="mx-auto h-16 w-16 text-slate-300" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Your cart is empty</h1>
        <p className="mt-2 text-slate-600">Browse our quality devices and add something you like.</p>
        <Link to={paths.buy} className={buttonClass('primary', 'lg', 'mt-6')}>
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{step === 'cart' ? 'Shopping Cart' : 'Checkout'}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {step === 'cart' ? (
            <section
              aria-labelledby="cart-items-heading"
              className="rounded-xl border border-slate-200 bg-white px-6 shadow-sm"
            >
              <h2 id="cart-items-heading" className="sr-only">
                Cart items
              </h2>
              <ul className="divide-y divide-slate-200">
                {items.map((item) => (
                  <CartLine key={item.id} item={item} status={statuses[item.id] ?? {}} />
                ))}
              </ul>
            </section>
          ) : (
            <Suspense fallback={<p className="text-slate-600">Loading...</p>}>
              <CheckoutForm busy={busy} onBack={() => setStep('cart')} onSubmit={(customer) => void pay(customer)} />
            </Suspense>
          )}
        </div>
        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            Order Summary
          </h2>
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
          {step === 'cart' && (
            <>
              <Button
                size="lg"
                className="mt-6 w-full"
                disabled={blocked || checking}
                onClick={() => setStep('customer')}
              >
                Proceed to Checkout
              </Button>
              {blocked && <p className="mt-3 text-sm text-red-600">Remove or adjust the flagged items to continue.</p>}
              <Link to={paths.buy} className={buttonClass('ghost', 'md', 'mt-3 w-full')}>
                Continue Shopping
              </Link>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
