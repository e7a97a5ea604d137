import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderAccessSchema, type Address, type OrderView } from '../../../shared/orders';
import { paths } from '../../../shared/paths';
import { Button, buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { cardClass, Section } from '../../components/ui/section';
import { ApiError } from '../../lib/api';
import { cart } from '../../lib/cart-store';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { paymentsAreTest, TEST_MODE_NOTICE } from '../../lib/payment-mode';
import { askOrderLink, resumePayment, useOrder, useReturnable } from './orders-api';
import { formatDate, formatDateTime, formatTime } from '../../../shared/dates';
import { RETURN_STATUS_LABELS } from '../../../shared/return-moves';
import { formatPhone } from '../../../shared/phones';
import { StoreTimeNote } from '../../components/store-time-note';
import { YourDataPanel } from './your-data-panel';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function AddressBlock({ address }: { address: Address }) {
  return (
    <address className="not-italic text-slate-700">
      {address.street}
      <br />
      {[address.city, address.state, address.zipCode].filter(Boolean).join(', ')}
      <br />
      {address.country}
    </address>
  );
}

/**
 * 'Order Not Found': for a stranger that is all. The buyer in another browser, or holding a link that
 * expired or was revoked, enters the order's email and a fresh link goes there; the server answers
 * the same whatever the email, so the page says that and nothing else.
 */
function NotFound({ orderNumber }: { orderNumber: string }) {
  const form = useZodForm(orderAccessSchema, { defaultValues: { email: '' } });
  const input = inputProps(form, useId());
  const [sent, setSent] = useState<string | null>(null);
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (body) => {
      setSent(await askOrderLink(orderNumber, body));
    },
    { report: 'alert' },
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      {/* Once a link is asked for, the page no longer says the order is not found: it may well be on its way. */}
      <h1 className="text-2xl font-bold text-slate-900">{sent ? 'Check Your Email' : 'Order Not Found'}</h1>
      {!sent && <p className="mt-2 text-slate-600">We couldn't find this order.</p>}
      {sent ? (
        <p role="status" className="mx-auto mt-8 max-w-sm rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          {sent}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mx-auto mt-8 max-w-sm text-left">
          <TextField
            type="email"
            autoComplete="email"
            label="Enter the email used for this order"
            {...input('email')}
          />
          <FormAlert message={alert} className="mt-2 text-sm text-red-600" />
          <Button type="submit" className="mt-4 w-full" disabled={busy}>
            Email Me a Link
          </Button>
        </form>
      )}
      <Link to={paths.buy} className={buttonClass('secondary', 'lg', 'mt-6')}>
        Continue Shopping
      </Link>
    </div>
  );
}

/** What the order is to its buyer: paid (refunded too), still payable, or closed without payment. */
type PaymentState = 'paid' | 'payable' | 'lapsed' | 'cancelled';

function paymentState(order: OrderView, now = Date.now()): PaymentState {
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return 'paid';
  if (order.paymentStatus === 'cancelled') return 'cancelled';
  if (order.paymentStatus === 'awaiting_payment' && order.reservedUntil && Date.parse(order.reservedUntil) > now) {
    return 'payable';
  }
  return 'lapsed';
}

const STATE_COPY: Record<Exclude<PaymentState, 'paid'>, { title: string; text: string; status: string }> = {
  payable: {
    title: 'Awaiting Payment',
    text: 'This order is not paid yet. Pay now to complete it.',
    status: 'Awaiting payment',
  },
  lapsed: {
    title: 'Order Expired',
    text: 'This order was not paid in time, so its devices went back on sale. Nothing was charged.',
    status: 'Expired (not paid)',
  },
  cancelled: {
    title: 'Order Cancelled',
    text: 'The payment for this order was cancelled, so it was not placed. Nothing was charged.',
    status: 'Cancelled (not paid)',
  },
};

/** The page's heading: "Order Confirmed!" for a paid order only; an unpaid one says what it is and what the buyer can do. */
function OrderHeading({ order, state, onPaid }: { order: OrderView; state: PaymentState; onPaid: () => void }) {
  const [paying, setPaying] = useState(false);
  const testNotice = paymentsAreTest() && (
    <p className="mx-auto mt-4 w-fit rounded-md bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-800">
      {TEST_MODE_NOTICE}
    </p>
  );
  if (state === 'paid') {
    return (
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-16 w-16 text-green-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-slate-900">Order Confirmed!</h1>
        <p className="mt-2 text-slate-600">Thank you for your purchase. Your order has been placed.</p>
        {testNotice}
      </div>
    );
  }
  const copy = STATE_COPY[state];
  const payNow = async (button: Element) => {
    setPaying(true);
    try {
      if ((await resumePayment(order.orderNumber, button)) === 'paid') {
        cart.settle(order.items);
        toast.success('Payment successful! Order placed.');
      }
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to initialize payment');
    } finally {
      setPaying(false);
      onPaid();
    }
  };
  return (
    <div className="text-center">
      <AlertCircle className="mx-auto h-16 w-16 text-amber-600" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-2 text-slate-600">{copy.text}</p>
      {state === 'payable' && order.reservedUntil && (
        <p className="mt-1 text-slate-600">Its devices are held for you until {formatTime(order.reservedUntil)}.</p>
      )}
      {testNotice}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {state === 'payable' && (
          <Button size="lg" onClick={(event) => void payNow(event.currentTarget)} disabled={paying}>
            {paying ? 'Opening payment...' : 'Pay Now'}
          </Button>
        )}
        <Link to={paths.cart} className={buttonClass(state === 'payable' ? 'secondary' : 'primary', 'lg')}>
          Back to Cart
        </Link>
      </div>
    </div>
  );
}

export function Component() {
  usePageTitle();
  const { orderNumber = '' } = useParams();
  const query = useOrder(orderNumber);

  // The emailed link pasted into this very tab changes the fragment only: no new page load, so read it now.
  const { refetch } = query;
  useEffect(() => {
    const onLink = () => {
      if (window.location.hash.startsWith('#token=')) void refetch();
    };
    window.addEventListener('hashchange', onLink);
    return () => window.removeEventListener('hashchange', onLink);
  }, [refetch]);

  useEffect(() => {
    if (!query.error) return;
    const missing = query.error instanceof ApiError && query.error.status === 404;
    toast.error(missing ? 'Order not found' : 'Failed to load order details');
  }, [query.error]);

  if (query.isLoading) {
    return <p className="px-4 py-16 text-center text-slate-600">Loading order details...</p>;
  }
  const order = query.data;
  if (!order) return <NotFound orderNumber={orderNumber} />;

  const state = paymentState(order);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <OrderHeading order={order} state={state} onPaid={() => void refetch()} />

      <Section title="Order Details" className={`mt-8 ${cardClass}`}>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Order Number</dt>
            <dd className="font-semibold text-slate-900">{order.orderNumber}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Order Date</dt>
            <dd className="text-slate-900">{formatDateTime(order.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd className="text-slate-900">{state === 'paid' ? capitalise(order.status) : STATE_COPY[state].status}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Total Amount</dt>
            <dd className="font-semibold text-slate-900" data-testid="order-total">
              {money(order.totalAmount, 'cart')}
            </dd>
          </div>
          {order.paymentReference && (
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Payment Reference</dt>
              <dd className="font-mono text-slate-900">{order.paymentReference}</dd>
            </div>
          )}
          {order.trackingNumber && (
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Tracking</dt>
              <dd className="text-slate-900">
                {order.courier} <span className="font-mono">{order.trackingNumber}</span>
              </dd>
            </div>
          )}
        </dl>
        <StoreTimeNote className="mt-4" />
      </Section>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Section title="Customer Information" className={cardClass}>
          <p className="mt-3 text-slate-900">{order.customer.name}</p>
          <p className="text-slate-700">{order.customer.email}</p>
          {order.customer.phone && <p className="text-slate-700">{formatPhone(order.customer.phone)}</p>}
        </Section>
        {order.shippingAddress && (
          <Section title="Shipping Address" className={cardClass}>
            <div className="mt-3">
              <AddressBlock address={order.shippingAddress} />
            </div>
          </Section>
        )}
      </div>

      <Section title="Order Items" className={`mt-6 ${cardClass}`}>
        <ul className="mt-4 divide-y divide-slate-200">
          {order.items.map((item) => (
            <li key={item.deviceId} className="flex gap-4 py-4" aria-label={item.name}>
              <img
                src={item.image ?? '/placeholder.svg'}
                alt=""
                className="h-20 w-20 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
                onError={(e) => {
                  e.currentTarget.src = '/placeholder.svg';
                }}
              />
              <div className="flex flex-1 flex-col justify-between gap-1 sm:flex-row">
                <div>
                  <p className="font-semibold text-slate-900">{item.name}</p>
                  <p className="text-sm text-slate-500">{[item.condition, item.storage].filter(Boolean).join(' • ')}</p>
                  <p className="text-sm text-slate-600">Quantity: {item.quantity}</p>
                </div>
                <div className="text-right">
                  <p className="font-semibold text-slate-900">{money(item.lineTotal, 'cart')}</p>
                  <p className="text-sm text-slate-500">{money(item.price, 'cart')} each</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      {state === 'paid' && (
        <p className="mt-6 rounded-lg bg-brand-50 p-4 text-center text-sm text-brand-900">
          A confirmation email has been sent to {order.customer.email}.
        </p>
      )}

      {order.status === 'delivered' && <ReturnsPanel orderNumber={order.orderNumber} />}

      <YourDataPanel orderNumber={order.orderNumber} onErased={() => void refetch()} />

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.buy} className={buttonClass('primary', 'lg')}>
          Continue Shopping
        </Link>
        {state === 'paid' && (
          <Link to={paths.trackNumber(order.orderNumber)} className={buttonClass('secondary', 'lg')}>
            Track Order
          </Link>
        )}
      </div>
    </div>
  );
}

/** A delivered order's returns: what can still go back and until when, the links to start one, its requests. */
function ReturnsPanel({ orderNumber }: { orderNumber: string }) {
  const { data } = useReturnable(orderNumber, true);
  if (!data) return null;
  const left = data.lines.reduce((sum, line) => sum + line.returnable, 0);
  const { returnOpen, warrantyOpen } = data;
  return (
    <Section title="Returns and warranty" className={`mt-8 ${cardClass}`}>
      <ul className="space-y-1 text-sm text-slate-700">
        {data.lines.map((line) => (
          <li key={line.deviceId}>
            {line.name}: {line.returnable} of {line.bought} can still be returned
          </li>
        ))}
        {data.returnUntil && <li>Returns open until {formatDate(data.returnUntil)}</li>}
        {data.warrantyUntil && <li>Warranty until {formatDate(data.warrantyUntil)}</li>}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        {returnOpen && left > 0 && (
          <Link to={paths.startReturn({ orderNumber, kind: 'return' })} className={buttonClass('secondary', 'md')}>
            Start a return
          </Link>
        )}
        {warrantyOpen && left > 0 && (
          <Link to={paths.startReturn({ orderNumber, kind: 'warranty' })} className={buttonClass('secondary', 'md')}>
            Make a warranty claim
          </Link>
        )}
      </div>
      {data.requests.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm">
          {data.requests.map((request) => (
            <li key={request.returnNumber}>
              <Link
                className="text-brand-700 underline"
                to={`${paths.returnRequest(request.returnNumber)}?order=${encodeURIComponent(orderNumber)}`}
              >
                {request.returnNumber}
              </Link>{' '}
              · {RETURN_STATUS_LABELS[request.status]}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
