import { toMinorUnits, type Currency } from '../../../shared/money';
import {
  CHECKOUT_NOT_OPEN_MESSAGE,
  type CheckoutCustomer,
  type CheckoutReply,
  type OpenCheckout,
  type OrderPaymentStatus,
  type OrderStatus,
} from '../../../shared/orders';
import { afterCommit, transaction, type Database, type Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { StoreMetrics } from '../../lib/metrics';
import { signingKey } from '../../lib/signing';
import { releaseStock, reserveStock, retakeStock, sellUnits, type StockLine } from '../catalog';
import { enqueueEmail } from '../mail';
import {
  closeUnpaidOrder,
  createOrder,
  findOrder,
  findOrderPayment,
  linkExpiry,
  lockHoldsOf,
  lockOpenOrdersOfCart,
  lockOrder,
  lockOrderToCancel,
  markOrderPaid,
  ORDER_NOT_FOUND,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderAccess,
  orderItemsOf,
  orderLinkToken,
  type OrderRow,
  placedBy,
  renderOrderConfirmation,
  toOrderView,
} from '../orders';
import {
  chargeSandbox,
  newPaymentReference,
  paymentMatches,
  paymentNotFound,
  paymentRequest,
  recordPayment,
  type ExpectedPayment,
  type PaymentProviderDriver,
  type ProviderTransaction,
} from '../payments';
import { checkAddressLimit, checkDeviceLimit, type HoldLimits } from './hold-limits';
import type { AppContext } from '../../context';

/*
 * Checkout, the one flow that must never lose money or stock (docs/decisions/012), top to bottom:
 *
 *   placeOrder          release the cart's previous unpaid order -> reserve and price the stock ->
 *                       create the order within the hold limits -> start the payment
 *   resumeCheckout      the shopper's own unpaid order, to pay again (a reload closed its widget)
 *   payWithSandbox      the sandbox widget charges a card for the order's payment
 *   confirmPayment      ask the provider -> check it is this order's money -> take the stock again
 *                       if it was released -> record the payment -> mark the order paid -> email it
 *   cancelCheckout      the buyer gives up: close the order, release its stock
 *   expireReservations  unpaid past RESERVATION_MINUTES: close the order, release its stock
 *
 * The workflow owns no table: it calls the services of the modules that do (catalog: stock;
 * orders: orders and their lines; payments: providers and the payments ledger; mail: the outbox).
 * Steps that must stand or fall together run in one database transaction, where a failure is undone
 * by the rollback; a step whose effect outlives its transaction names the step that undoes it.
 */

export interface WorkflowLog {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

/** The payment the store expects for an order. */
const expectedPayment = (
  order: Pick<OrderRow, 'paymentReference' | 'totalAmount' | 'currency' | 'customerEmail'>,
): ExpectedPayment => ({
  reference: order.paymentReference,
  amount: toMinorUnits(order.totalAmount),
  currency: order.currency,
  email: order.customerEmail,
});

// --- Steps ----------------------------------------------------------------------------------------

/**
 * Closes a locked unpaid order and gives its stock back, once: false, with nothing changed, when
 * the order is no longer awaiting payment. Undone by takeStockAgainStep (a payment that arrives later).
 */
export async function releaseOrderStep(
  tx: Transaction,
  order: OrderRow,
  outcome: Extract<OrderPaymentStatus, 'cancelled' | 'expired'>,
  now: Date,
): Promise<boolean> {
  if (!(await closeUnpaidOrder(tx, order, outcome, now))) return false;
  await releaseStock(tx, await orderItemsOf(tx, order.id));
  return true;
}

/**
 * A paid order needs its stock: still held while it awaits payment; taken again, all or nothing,
 * when the order was closed before the money arrived. False when that stock is gone.
 */
async function takeStockAgainStep(tx: Transaction, order: OrderRow): Promise<boolean> {
  if (order.paymentStatus === 'awaiting_payment') return true;
  const lines: StockLine[] = await orderItemsOf(tx, order.id);
  return retakeStock(tx, lines);
}

/** Where the confirmation email's signed link points, the key that signs it, and how many days it lives. */
interface OrderLink {
  publicUrl: string;
  key: Buffer;
  days: number;
}

/**
 * Marks the order paid, its units of stock sold (each unit's cost is then the order's: docs/decisions/090),
 * and puts its confirmation in the outbox, in the same transaction.
 */
async function completeOrderStep(tx: Transaction, order: OrderRow, now: Date, link: OrderLink) {
  const lines = await markOrderPaid(tx, order, now);
  await sellUnits(tx, order.orderNumber, lines, now);
  const view = toOrderView({ ...order, paymentStatus: 'paid' }, lines);
  const token = orderLinkToken(link.key, order, linkExpiry(now, link.days));
  await enqueueEmail(tx, renderOrderConfirmation(view, link.publicUrl, token), now);
}

// --- Workflows ------------------------------------------------------------------------------------

/**
 * POST /api/checkout: prices from the database, stock reserved, the order written as pending and
 * awaiting payment, all in one transaction (any failure writes nothing), then the payment started.
 * A cart holds one unpaid order at a time: its previous one is closed and its stock returned first.
 * Undo: cancelCheckout, a failed payment (confirmPayment) or expireReservations release the stock.
 */
export async function placeOrder({
  db,
  clock,
  provider,
  currency,
  reservationMinutes,
  limits,
  items,
  customer,
  customerId = null,
  clientAddress,
  cartId = null,
}: {
  db: Database;
  clock: Clock;
  provider: PaymentProviderDriver;
  currency: Currency;
  reservationMinutes: number;
  limits: HoldLimits;
  items: StockLine[];
  customer: CheckoutCustomer;
  customerId?: string | null;
  /** Whose hold this is: the caller's clientKey (its IPv4 address, or its IPv6 /64). */
  clientAddress: string;
  cartId?: string | null;
}): Promise<CheckoutReply> {
  const now = clock.now();
  const { order, accessToken, itemsCount } = await transaction(db, async (tx) => {
    // 1. The cart's previous unpaid order gives its stock back: a new checkout replaces it.
    if (cartId) {
      for (const previous of await lockOpenOrdersOfCart(tx, cartId)) {
        await releaseOrderStep(tx, previous, 'cancelled', now);
      }
    }
    // 2. Reserve the stock and price each line from the database, no line over the per-device limit;
    // the address's other checkouts wait for this one from here to its commit.
    await lockHoldsOf(tx, clientAddress);
    const reserved = await reserveStock(tx, items);
    checkDeviceLimit(reserved, limits);
    // 3. Write the order, holding the stock until reservedUntil, unless that takes the address over its
    // limit: then the rollback takes back the order and the stock.
    const created = await createOrder(tx, {
      lines: reserved,
      customer,
      customerId,
      currency,
      paymentReference: newPaymentReference(),
      now,
      reservedUntil: new Date(now.getTime() + reservationMinutes * 60_000),
      clientAddress,
      cartId,
    });
    checkAddressLimit(reserved, created.alreadyHeld, limits);
    return { ...created, itemsCount: reserved.reduce((sum, line) => sum + line.quantity, 0) };
  });
  // 4. Start the payment: the parameters the browser opens the provider's widget with.
  const payment = paymentRequest(provider, expectedPayment(order), {
    customer_name: order.customerName,
    items_count: itemsCount,
  });
  return { orderNumber: order.orderNumber, accessToken, payment, reservedUntil: order.reservedUntil!.toISOString() };
}

/**
 * GET /api/checkout/:orderNumber: the order its shopper placed (placedBy: their session or the placing
 * browser's token, never the order number alone) while it still awaits payment and holds its stock,
 * with the payment's parameters to open the widget again and the units it holds. Anyone else gets
 * the 404 of a missing order; a paid, closed or lapsed order a 409.
 */
export async function resumeCheckout({
  db,
  clock,
  provider,
  orderNumber,
  access,
}: Pick<AppContext, 'db' | 'clock'> & {
  provider: PaymentProviderDriver;
  orderNumber: string;
  access: OrderAccess;
}): Promise<OpenCheckout> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  if (!order || !placedBy(order, access)) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  // Past its hold the order is as good as expired, whether or not expireReservations has run yet.
  if (order.paymentStatus !== 'awaiting_payment' || !order.reservedUntil || order.reservedUntil <= clock.now()) {
    throw new AppError('CHECKOUT_NOT_OPEN', CHECKOUT_NOT_OPEN_MESSAGE, { status: 409 });
  }
  const lines = await orderItemsOf(db, order.id);
  const items = lines.map((line) => ({ deviceId: line.deviceId, quantity: line.quantity }));
  const payment = paymentRequest(provider, expectedPayment(order), {
    customer_name: order.customerName,
    items_count: items.reduce((sum, line) => sum + line.quantity, 0),
  });
  return { orderNumber: order.orderNumber, payment, reservedUntil: order.reservedUntil.toISOString(), items };
}

/**
 * POST /api/payments/sandbox/charge: the sandbox provider charges a card for the payment of the
 * order with this reference, while that order is still open.
 */
export async function payWithSandbox({
  db,
  clock,
  reference,
  card,
}: {
  db: Database;
  clock: Clock;
  reference: string;
  card: { cardNumber: string; cvv: string; expiry: string };
}) {
  const order = await findOrderPayment(db, { reference });
  const payment = order ? { ...expectedPayment(order), open: order.paymentStatus === 'awaiting_payment' } : null;
  return chargeSandbox({ db, clock, payment, ...card });
}

interface ConfirmResult {
  orderNumber: string;
  /** The order's payment status afterwards ('paid' on success). */
  status: string;
}

/** Provider answers that end a payment attempt: the order's stock goes back. */
const RELEASING: ReadonlySet<string> = new Set(['failed', 'abandoned']);

/**
 * The one way an order becomes paid, used by verify and by the webhook: the browser's word that it
 * paid is never enough, the provider must say so.
 * Idempotent: under the order's row lock, the payment row (reference unique), the paid mark and the
 * confirmation email (deduped by key) are written once, whatever the number of calls. The provider
 * must say success with the order's own reference, amount and currency; a mismatch marks nothing
 * paid and is logged. A failed or abandoned answer releases the reservation.
 */
export async function confirmPayment({
  db,
  clock,
  provider,
  reference,
  transaction: given,
  publicUrl,
  linkDays,
  log,
  metrics,
}: {
  db: Database;
  clock: Clock;
  provider: PaymentProviderDriver;
  reference: string;
  /** The provider's answer when the caller already has it (a signed webhook); otherwise asked now. */
  transaction?: ProviderTransaction;
  publicUrl: string;
  /** How long the confirmation email's link opens the order (ORDER_LINK_DAYS). */
  linkDays: number;
  log: WorkflowLog;
  /** Counts the order paid once its commit is done. */
  metrics: Pick<StoreMetrics, 'paidOrders'>;
}): Promise<ConfirmResult> {
  const known = await findOrderPayment(db, { reference });
  if (!known) throw paymentNotFound();
  if (known.paymentStatus === 'paid' || known.paymentStatus === 'refunded') {
    return { orderNumber: known.orderNumber, status: known.paymentStatus };
  }
  // 1. Ask the provider (outside any transaction: a network call never holds a row lock).
  const answer = given ?? (await provider.verify(reference));
  const link = { publicUrl, key: await signingKey(db), days: linkDays };

  return transaction(db, async (tx) => {
    const order = await lockOrder(tx, { reference });
    if (!order) throw paymentNotFound();
    const now = clock.now();
    const result = (status: string) => ({ orderNumber: order.orderNumber, status });
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return result(order.paymentStatus);

    // 2. Not paid: a failed or abandoned attempt gives the stock back; a pending one waits.
    if (answer.status !== 'success') {
      if (!RELEASING.has(answer.status)) return result(order.paymentStatus);
      const released = await releaseOrderStep(tx, order, 'cancelled', now);
      if (released) {
        log.info(
          { orderNumber: order.orderNumber, providerStatus: answer.status },
          'payment not completed: stock released',
        );
      }
      return result(released ? 'cancelled' : order.paymentStatus);
    }

    // 3. Paid: it must be this order's payment, to the cent and in its currency.
    const expected = expectedPayment(order);
    if (!paymentMatches(answer, expected)) {
      log.warn(
        {
          orderNumber: order.orderNumber,
          expected: { reference: expected.reference, amount: expected.amount, currency: expected.currency },
          reported: { reference: answer.reference, amount: answer.amount, currency: answer.currency },
        },
        'payment does not match its order: not marked paid',
      );
      return result(order.paymentStatus);
    }

    // 4. The stock: held, or taken again for a payment that arrived after cancel or expiry.
    const stockHeld = await takeStockAgainStep(tx, order);

    // 5. The money is recorded either way: without stock it is there to refund.
    await recordPayment(tx, {
      provider,
      answer,
      orderId: order.id,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      now,
    });
    if (!stockHeld) {
      log.warn(
        { orderNumber: order.orderNumber, reference },
        'payment arrived after the reservation was released and the stock is gone: refund needed',
      );
      return result(order.paymentStatus);
    }

    // 6. Paid, and the confirmation email in the outbox with it.
    await completeOrderStep(tx, order, now, link);
    afterCommit(tx, () => metrics.paidOrders.inc());
    log.info({ orderNumber: order.orderNumber, reference }, 'payment confirmed');
    return result('paid');
  });
}

/** POST /api/checkout/:orderNumber/cancel: the buyer (holding the order's token) gives up paying. */
export async function cancelCheckout({
  db,
  clock,
  orderNumber,
  accessToken,
}: {
  db: Database;
  clock: Clock;
  orderNumber: string;
  accessToken: string | undefined;
}): Promise<{ orderNumber: string; status: OrderStatus; paymentStatus: OrderPaymentStatus }> {
  return transaction(db, async (tx) => {
    const order = await lockOrderToCancel(tx, orderNumber, accessToken);
    const released = await releaseOrderStep(tx, order, 'cancelled', clock.now());
    return {
      orderNumber: order.orderNumber,
      status: (released ? 'cancelled' : order.status) as OrderStatus,
      paymentStatus: (released ? 'cancelled' : order.paymentStatus) as OrderPaymentStatus,
    };
  });
}
