import type { CancelOrderReply } from '../../../shared/admin-orders';
import { ORDER_CANCELLED_MESSAGE } from '../../../shared/orders';
import { PAYMENT_MESSAGES, type AdminPaymentDetails, type AdminRefund } from '../../../shared/payments';
import { transaction, type Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import {
  assertOrderMove,
  cancelOrder,
  findOrder,
  markOrderRefunded,
  ORDER_NOT_FOUND,
  ORDER_NOT_FOUND_MESSAGE,
  orderItemsOf,
  renderOrderCancelled,
  renderRefundEmail,
  toOrderView,
} from '../orders';
import { recordAudit, type Actor, type SignedInActor } from '../audit';
import { releaseStock, returnSoldUnits } from '../catalog';
import { enqueueEmail } from '../mail';
import {
  applyRefundEvent,
  askProviderToRefund,
  paymentLedgerEntry,
  recordRefundResult,
  refundableAmount,
  reserveRefund,
  toAdminRefund,
  type PaymentProviderDriver,
  type PaystackRefundData,
  type ReservedRefund,
} from '../payments';

/*
 * The admin's money flows, each across modules (orders, catalog stock, payments, mail, audit), as
 * checkout's are in workflow.ts:
 *
 *   refundPaymentAsAdmin  reserve the amount (payment row lock) + audit -> the provider's refund
 *                         -> settle; a payment wholly refunded marks its order refunded; the
 *                         customer is emailed the amount and reference
 *   cancelOrderAsAdmin    lock the order -> cancel it with history -> stock back -> reserve the
 *                         refund of what was paid -> audit -> email, in one transaction; then the
 *                         provider's refund, settled as above
 *   refundLatePayment     the money of a payment that came after its order closed and found the
 *                         stock gone, refunded whole as refundPaymentAsAdmin does
 *   applyRefundWebhook    a signed refund.* event settles a pending refund, once
 *
 * A refund is reserved before the provider is asked, so concurrent refunds never add up to more
 * than was paid; the provider is asked with no lock held; a refusal frees the amount again.
 */

/**
 * Step: the provider refunds a reserved amount (no lock held while it is asked); then, in one
 * transaction, its answer is recorded, a payment wholly refunded marks its order refunded, and a
 * refund it accepted emails the customer the amount and the refund's reference. Every refund of
 * the admin's passes here, so each path sends the same email.
 */
export async function refundStep(
  db: Database,
  provider: PaymentProviderDriver,
  reserved: ReservedRefund,
  now: Date,
): Promise<AdminRefund> {
  const result = await askProviderToRefund(provider, reserved);
  return transaction(db, async (tx) => {
    const { refund, fullyRefunded } = await recordRefundResult(tx, { provider, reserved, result, now });
    if (fullyRefunded) await markOrderRefunded(tx, reserved.reference, now);
    const order = refund.status === 'failed' ? null : await findOrder(tx, { reference: reserved.reference });
    if (order) {
      const notice = { id: refund.id, amount: refund.amount, reference: refund.providerReference ?? refund.id };
      await enqueueEmail(tx, renderRefundEmail(order, notice), now);
    }
    return toAdminRefund(refund);
  });
}

/**
 * POST /api/admin/payments/:reference/refund: refunds part or all of what is left of a successful
 * payment. 'Refund processed successfully' only when the provider accepted it (processed, or
 * pending at Paystack until its webhook); a refusal is 502 'Failed to process refund' with the
 * refund recorded as failed.
 */
export async function refundPaymentAsAdmin({
  db,
  clock,
  provider,
  actor,
  reference,
  amount,
  reason,
}: {
  db: Database;
  clock: Clock;
  provider: PaymentProviderDriver;
  actor: Actor;
  reference: string;
  /** Minor units. */
  amount: number;
  reason?: string;
}): Promise<{ message: string; refund: AdminRefund }> {
  const now = clock.now();
  const reserved = await transaction(db, async (tx) => {
    const refund = await reserveRefund(tx, { reference, amount, requestedBy: actor.id, reason, now });
    await recordAudit(tx, {
      actor,
      action: 'payment.refund',
      entity: { type: 'payment', id: reference },
      after: { refundId: refund.refundId, amount: refund.amount, status: 'pending' },
      details: reason ? { reason } : undefined,
      at: now,
    });
    return refund;
  });
  const refund = await refundStep(db, provider, reserved, now);
  if (refund.status === 'failed') {
    throw new AppError('REFUND_FAILED', PAYMENT_MESSAGES.refundFailed, { status: 502 });
  }
  return { message: PAYMENT_MESSAGES.refundProcessed, refund };
}

/** An admin's move on one order that may send money back through the provider. */
interface OrderAction {
  db: Database;
  clock: Clock;
  provider: PaymentProviderDriver;
  actor: SignedInActor;
  orderNumber: string;
}

/**
 * POST /api/admin/orders/:orderNumber/cancel: a pending or processing order is cancelled, its
 * stock returned, a paid one refunded in full (of what is still refundable), the customer emailed.
 * 409 for an order the table of moves does not let cancel (shipped, delivered, already cancelled). The order stays cancelled when the
 * provider refuses the refund: the reply says so and the refund shows as failed, to retry from the
 * Paystack tab.
 */
export async function cancelOrderAsAdmin({
  db,
  clock,
  provider,
  actor,
  orderNumber,
}: OrderAction): Promise<CancelOrderReply> {
  const now = clock.now();
  const { reserved } = await transaction(db, async (tx) => {
    const { before: order, after: cancelled } = await cancelOrder(tx, { orderNumber, actorId: actor.id, now });
    const items = await orderItemsOf(tx, order.id);
    const before = toOrderView(order, items);
    // An order awaiting payment still holds its reservation; a paid one holds the sale: both go back.
    await releaseStock(tx, items);
    await returnSoldUnits(tx, order.orderNumber);
    const left = order.paymentStatus === 'paid' ? await refundableAmount(tx, order.paymentReference) : 0;
    const refund =
      left > 0
        ? await reserveRefund(tx, {
            reference: order.paymentReference,
            amount: left,
            requestedBy: actor.id,
            reason: 'Order cancelled',
            now,
          })
        : null;
    const after = toOrderView(cancelled, items);
    await recordAudit(tx, {
      actor,
      action: 'order.cancel',
      entity: { type: 'order', id: order.orderNumber },
      before,
      after,
      details: refund ? { refundId: refund.refundId, refundAmount: refund.amount } : undefined,
      at: now,
    });
    await enqueueEmail(tx, renderOrderCancelled(after, refund ? refund.amount / 100 : null), now);
    return { reserved: refund };
  });
  const refund = reserved ? await refundStep(db, provider, reserved, now) : null;
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  return {
    message: ORDER_CANCELLED_MESSAGE,
    order: toOrderView(order!, await orderItemsOf(db, order!.id)),
    refund,
  };
}

const LATE_PAYMENT_REFUND_REASON = 'Paid after the reservation lapsed; the stock was gone';

/**
 * POST /api/admin/orders/:orderNumber/refund-due: the one-click refund of the Orders tab's 'Needs
 * refund'. Refunds all that is left of the payment of a cancelled or expired order; 409 for an
 * order that is not closed (a paid order is refunded by cancelling it) or owes nothing.
 */
export async function refundLatePayment({
  db,
  clock,
  provider,
  actor,
  orderNumber,
}: OrderAction): Promise<{ message: string; refund: AdminRefund }> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  if (!order) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  assertOrderMove('refundDue', order);
  const left = await refundableAmount(db, order.paymentReference);
  if (left === 0) throw new AppError('NO_REFUND_DUE', 'Nothing is left to refund on this order', { status: 409 });
  return refundPaymentAsAdmin({
    db,
    clock,
    provider,
    actor,
    reference: order.paymentReference,
    amount: left,
    reason: LATE_PAYMENT_REFUND_REASON,
  });
}

/** A signed refund.* webhook from Paystack: settles the refund it names, once. */
export async function applyRefundWebhook({
  db,
  clock,
  event,
  data,
}: {
  db: Database;
  clock: Clock;
  event: string;
  data: PaystackRefundData;
}) {
  const now = clock.now();
  const result = await applyRefundEvent({ db, event, data, now });
  if (result.fullyRefundedReference) await markOrderRefunded(db, result.fullyRefundedReference, now);
  return result;
}

/** GET /api/admin/payments/:reference: the payment, its order, refunds and provider events. */
export async function paymentDetails({
  db,
  reference,
}: {
  db: Database;
  reference: string;
}): Promise<AdminPaymentDetails> {
  const entry = await paymentLedgerEntry({ db, reference });
  const order = await findOrder(db, { reference });
  return {
    ...entry,
    order: order && {
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: order.paymentStatus,
      totalAmount: order.totalAmount,
      currency: order.currency,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
    },
  };
}
