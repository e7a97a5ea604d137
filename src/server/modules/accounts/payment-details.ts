import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { maskTail, type paymentDetailsSchema, type PaymentDetailsReply } from '../../../shared/accounts';
import type { Database } from '../../db/client';
import { paymentDetails } from '../../db/schema/accounts';
import type { OwnRecordChange } from './users';

/** A customer's saved payment details: a payout bank account, or a card shown by its brand and last four. */

/** Visa, Mastercard, Verve, American Express, Discover by the number's prefix; 'Card' otherwise. */
function cardBrand(number: string): string {
  const n = number.replace(/\D/g, '');
  if (/^4/.test(n)) return 'Visa';
  if (/^(506(0|1)|507[89]|6500)/.test(n)) return 'Verve';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'Mastercard';
  if (/^3[47]/.test(n)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(n)) return 'Discover';
  return 'Card';
}

export async function getPaymentDetails({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<PaymentDetailsReply> {
  const [row] = await db.select().from(paymentDetails).where(eq(paymentDetails.userId, userId)).limit(1);
  if (!row) return { details: null };
  return {
    details: {
      method: row.method as 'paystack' | 'bank' | 'card',
      bank:
        row.method === 'bank' && row.accountNumber
          ? {
              bankName: row.bankName ?? '',
              accountType: row.accountType ?? '',
              accountHolder: row.accountHolder ?? '',
              branchCode: row.branchCode ?? '',
              accountNumber: maskTail(row.accountNumber),
            }
          : null,
      card:
        row.method === 'card' && row.cardLast4
          ? {
              brand: row.cardBrand ?? 'Card',
              last4: row.cardLast4,
              expiryDate: row.cardExpiry ?? '',
              cardHolder: row.cardHolder ?? '',
            }
          : null,
    },
  };
}

/** Stores payout bank details, or a card's brand, last four and expiry: never its number or CVV. */
export async function savePaymentDetails({
  db,
  clock,
  userId,
  input,
}: OwnRecordChange<z.output<typeof paymentDetailsSchema>>): Promise<PaymentDetailsReply> {
  const digits = input.cardNumber.replace(/\D/g, '');
  const values = {
    method: input.method,
    bankName: input.method === 'bank' ? input.bankName : null,
    accountType: input.method === 'bank' ? input.accountType || null : null,
    accountHolder: input.method === 'bank' ? input.accountHolder : null,
    branchCode: input.method === 'bank' ? input.branchCode || null : null,
    accountNumber: input.method === 'bank' ? input.accountNumber : null,
    cardBrand: input.method === 'card' ? cardBrand(digits) : null,
    cardLast4: input.method === 'card' ? digits.slice(-4) : null,
    cardExpiry: input.method === 'card' ? input.expiryDate : null,
    cardHolder: input.method === 'card' ? input.cardHolder || null : null,
    updatedAt: clock.now(),
  };
  await db
    .insert(paymentDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: paymentDetails.userId, set: values });
  return getPaymentDetails({ db, userId });
}
