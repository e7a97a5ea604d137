import { eq, sql } from 'drizzle-orm';
import {
  CARD_EXPIRED_MESSAGE,
  cardExpired,
  SANDBOX_DECLINED_MESSAGE,
  SANDBOX_SUCCESS_CARD,
  type PaymentStatus,
} from '../../../shared/payments';
import type { Database } from '../../db/client';
import { inSet, prepared, sameNames, type Value } from '../../db/prepared';
import { sandboxCharges } from '../../db/schema/payments';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { paymentNotFound, type ExpectedPayment } from './verification';

const digits = (value: string) => value.replace(/[\s-]/g, '');

type Charge = Omit<typeof sandboxCharges.$inferInsert, 'createdAt'> & { createdAt: Date };

/** A charge of the reference, or its retry; built once (db/prepared.ts). A success is final: a later decline never overwrites it. */
const writeCharge = prepared((db, value: Value<Charge>) =>
  db
    .insert(sandboxCharges)
    .values(
      sameNames(value, ['reference', 'amount', 'currency', 'email', 'status', 'cardLast4', 'message', 'createdAt']),
    )
    .onConflictDoUpdate({
      target: sandboxCharges.reference,
      set: {
        status: inSet<string>(value('status')),
        cardLast4: inSet<string>(value('cardLast4')),
        message: inSet<string>(value('message')),
        createdAt: inSet<Date>(value('createdAt')),
      },
      setWhere: sql`${sandboxCharges.status} <> 'success'`,
    })
    .returning({ status: sandboxCharges.status }),
);

/**
 * The sandbox provider takes a card for a payment and writes its own ledger. The success card
 * succeeds; any other is declined. Card data is never stored beyond the last four digits. `payment`
 * is the payment the store expects for the reference (null: none), and whether it is still open.
 */
export async function chargeSandbox({
  db,
  clock,
  payment,
  cardNumber,
  cvv,
  expiry,
}: {
  db: Database;
  clock: Clock;
  payment: (ExpectedPayment & { open: boolean }) | null;
  cardNumber: string;
  cvv: string;
  expiry: string;
}): Promise<{ status: 'success' | 'failed'; reference: string; message: string }> {
  if (!payment) throw paymentNotFound();
  const { reference } = payment;
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
  if (cardExpired(expiry, clock.now())) {
    throw new AppError('CARD_EXPIRED', CARD_EXPIRED_MESSAGE, { status: 400, fields: { expiry: CARD_EXPIRED_MESSAGE } });
  }
  if (!/^\d{3,4}$/.test(cvv.trim())) {
    throw new AppError('CARD_INVALID', 'Enter the 3 or 4 digit CVV', {
      status: 400,
      fields: { cvv: 'Enter the 3 or 4 digit CVV' },
    });
  }
  if (!payment.open) {
    // A closed order takes no new charge; a success it already had still reads as one.
    const [existing] = await db
      .select({ status: sandboxCharges.status })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference))
      .limit(1);
    if (existing?.status === 'success') return { status: 'success', reference, message: 'Payment successful' };
    throw new AppError('PAYMENT_CLOSED', 'This payment is no longer open', { status: 409 });
  }

  const success = number === SANDBOX_SUCCESS_CARD;
  const status: PaymentStatus = success ? 'success' : 'failed';
  const message = success ? 'Payment successful' : SANDBOX_DECLINED_MESSAGE;
  const values = {
    reference,
    amount: payment.amount,
    currency: payment.currency,
    email: payment.email,
    status,
    cardLast4: number.slice(-4),
    message,
    createdAt: clock.now(),
  };
  const [written] = await writeCharge(db, values);
  // Nothing written: this reference was already charged successfully, and that stands.
  if (!written) return { status: 'success', reference, message: 'Payment successful' };
  return { status, reference, message };
}
