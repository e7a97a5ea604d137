import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SANDBOX_DECLINED_MESSAGE, SANDBOX_SUCCESS_CARD, type PaymentStatus } from '../../../shared/payments';
import type { Database } from '../../db/client';
import { payments, refunds, sandboxCharges } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { invalidateCatalog } from '../catalog/cache';
import { enqueueEmail } from '../mail/outbox';
import { renderOrderConfirmation } from '../orders/confirmation-email';
import {
  findOrder,
  lockOrder,
  markOrderPaid,
  orderAmountMinor,
  orderItemsOf,
  releaseReservation,
  reReserve,
  toOrderView,
} from '../orders/service';
import type { PaymentProviderDriver, ProviderTransaction } from './providers';

export interface PaymentLog {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export interface ConfirmResult {
  orderNumber: string;
  /** The order's payment status afterwards ('paid' on success). */
  status: string;
}

const RELEASING: ReadonlySet<string> = new Set(['failed', 'abandoned']);

/**
 * The one way an order becomes paid, used by verify and by the webhook (DESIGN.md section 4).
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
  transaction,
  publicUrl,
  log,
}: {
  db: Database;
  clock: Clock;
  provider: PaymentProviderDriver;
  reference: string;
  /** The provider's answer when the caller already has it (a signed webhook); otherwise asked now. */
  transaction?: ProviderTransaction;
  publicUrl: string;
  log: PaymentLog;
}): Promise<ConfirmResult> {
  const known = await findOrder(db, { reference });
  if (!known) throw notFound('PAYMENT_NOT_FOUND', 'Payment not found');
  if (known.paymentStatus === 'paid' || known.paymentStatus === 'refunded') {
    return { orderNumber: known.orderNumber, status: known.paymentStatus };
  }
  const answer = transaction ?? (await provider.verify(reference));

  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, { reference });
    if (!order) throw notFound('PAYMENT_NOT_FOUND', 'Payment not found');
    const now = clock.now();
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      return { orderNumber: order.orderNumber, status: order.paymentStatus, changed: false };
    }

    if (answer.status !== 'success') {
      if (RELEASING.has(answer.status)) {
        const released = await releaseReservation(tx, order, 'cancelled', now);
        if (released)
          log.info(
            { orderNumber: order.orderNumber, providerStatus: answer.status },
            'payment not completed: stock released',
          );
        return {
          orderNumber: order.orderNumber,
          status: released ? 'cancelled' : order.paymentStatus,
          changed: released,
        };
      }
      return { orderNumber: order.orderNumber, status: order.paymentStatus, changed: false };
    }

    const expected = { reference: order.paymentReference, amount: orderAmountMinor(order), currency: order.currency };
    if (
      answer.reference !== expected.reference ||
      answer.amount !== expected.amount ||
      answer.currency !== expected.currency
    ) {
      log.warn(
        {
          orderNumber: order.orderNumber,
          expected,
          reported: { reference: answer.reference, amount: answer.amount, currency: answer.currency },
        },
        'payment does not match its order: not marked paid',
      );
      return { orderNumber: order.orderNumber, status: order.paymentStatus, changed: false };
    }

    // A payment that arrives after cancel or expiry takes the stock again if it is still there.
    let stockHeld = order.paymentStatus === 'awaiting_payment';
    if (!stockHeld) stockHeld = await reReserve(tx, order);

    await tx
      .insert(payments)
      .values({
        reference: answer.reference,
        orderId: order.id,
        provider: provider.name,
        customerEmail: answer.customerEmail ?? order.customerEmail,
        customerName: order.customerName,
        amount: answer.amount,
        currency: answer.currency,
        channel: answer.channel,
        status: 'success',
        paidAt: answer.paidAt ?? now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.reference });

    if (!stockHeld) {
      log.warn(
        { orderNumber: order.orderNumber, reference },
        'payment arrived after the reservation was released and the stock is gone: refund needed',
      );
      return { orderNumber: order.orderNumber, status: order.paymentStatus, changed: false };
    }

    await markOrderPaid(tx, order, now);
    const view = toOrderView({ ...order, paymentStatus: 'paid' }, await orderItemsOf(tx, order.id));
    await enqueueEmail(tx as unknown as Database, renderOrderConfirmation(view, publicUrl), now);
    log.info({ orderNumber: order.orderNumber, reference }, 'payment confirmed');
    return { orderNumber: order.orderNumber, status: 'paid', changed: order.paymentStatus !== 'awaiting_payment' };
  });
  if (outcome.changed) invalidateCatalog(db);
  return { orderNumber: outcome.orderNumber, status: outcome.status };
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * POST /api/payments/sandbox/charge: the sandbox provider takes a card for an open order and writes
 * its own ledger. The success card succeeds; any other is declined. Card data is never stored
 * beyond the last four digits.
 */
export async function chargeSandbox({
  db,
  clock,
  reference,
  cardNumber,
  cvv,
  expiry,
}: {
  db: Database;
  clock: Clock;
  reference: string;
  cardNumber: string;
  cvv: string;
  expiry: string;
}): Promise<{ status: 'success' | 'failed'; reference: string; message: string }> {
  const order = await findOrder(db, { reference });
  if (!order) throw notFound('PAYMENT_NOT_FOUND', 'Payment not found');
  const number = digits(cardNumber);
  if (!/^\d{12,19}$/.test(number)) {
    throw new AppError('CARD_INVALID', 'Enter a valid card number', {
      status: 400,
      fields: { cardNumber: 'Enter a valid card number' },
    });
  }
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry.trim())) {
    throw new AppError('CARD_INVALID', 'Enter the expiry as MM/YY', {
      status: 400,
      fields: { expiry: 'Enter the expiry as MM/YY' },
    });
  }
  if (!/^\d{3,4}$/.test(cvv.trim())) {
    throw new AppError('CARD_INVALID', 'Enter the 3 or 4 digit CVV', {
      status: 400,
      fields: { cvv: 'Enter the 3 or 4 digit CVV' },
    });
  }
  const [existing] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)).limit(1);
  if (existing?.status === 'success') return { status: 'success', reference, message: 'Payment successful' };
  if (order.paymentStatus !== 'awaiting_payment') {
    throw new AppError('PAYMENT_CLOSED', 'This payment is no longer open', { status: 409 });
  }

  const success = number === SANDBOX_SUCCESS_CARD;
  const status: PaymentStatus = success ? 'success' : 'failed';
  const message = success ? 'Payment successful' : SANDBOX_DECLINED_MESSAGE;
  const values = {
    reference,
    amount: orderAmountMinor(order),
    currency: order.currency,
    email: order.customerEmail,
    status,
    cardLast4: number.slice(-4),
    message,
    createdAt: clock.now(),
  };
  await db
    .insert(sandboxCharges)
    .values(values)
    .onConflictDoUpdate({
      target: sandboxCharges.reference,
      set: { status, cardLast4: values.cardLast4, message, createdAt: values.createdAt },
      // A success is final: a later decline never overwrites it.
      setWhere: sql`${sandboxCharges.status} <> 'success'`,
    });
  return { status, reference, message };
}

/** x-paystack-signature must be the HMAC-SHA512 of the raw body with the secret key (constant-time). */
export function paystackSignatureValid(secret: string | undefined, rawBody: Buffer, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Refunds a successful payment through its provider and records the refund. */
export async function refundPayment({
  db,
  provider,
  reference,
  amount,
  requestedBy = null,
}: {
  db: Database;
  provider: PaymentProviderDriver;
  reference: string;
  /** Minor units; the whole payment when omitted. */
  amount?: number;
  requestedBy?: string | null;
}) {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  if (!payment || payment.status !== 'success') throw notFound('PAYMENT_NOT_FOUND', 'Payment not found');
  const value = amount ?? payment.amount;
  if (!Number.isInteger(value) || value <= 0 || value > payment.amount) {
    throw new AppError('REFUND_AMOUNT_INVALID', 'The refund amount must be above 0 and at most the payment', {
      status: 400,
    });
  }
  const result = await provider.refund({ reference, amount: value });
  const [row] = await db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount: value,
      status: result.status,
      providerReference: result.providerReference,
      requestedBy,
    })
    .returning();
  return { refund: row!, message: result.message };
}
