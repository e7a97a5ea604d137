import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  fromPaystackData,
  PAYMENT_NOT_FOUND,
  type PaystackRefundData,
  paystackSignatureValid,
  type PaystackTransactionData,
  type ProviderTransaction,
  recordPaymentEvent,
} from '../payments';
import { applyRefundWebhook } from './admin-orders';

/**
 * POST /api/payments/webhooks/paystack: an event Paystack signed with the store's secret key (HMAC-SHA512
 * of the raw body; 401 otherwise). A refund.* event settles the refund it names; charge.success is
 * recorded and confirms its payment as the buyer's verify does (`confirm`, checkout's confirmPayment),
 * once whatever the number of deliveries. Other events are acknowledged and ignored.
 */
export async function receivePaystackEvent({
  db,
  clock,
  secretKey,
  raw,
  signature,
  confirm,
  log,
}: {
  db: Database;
  clock: Clock;
  secretKey: string | undefined;
  raw: Buffer;
  signature: string | string[] | undefined;
  confirm: (reference: string, transaction: ProviderTransaction) => Promise<unknown>;
  log: FastifyBaseLogger;
}): Promise<void> {
  if (!paystackSignatureValid(secretKey, raw, signature)) {
    log.warn('paystack webhook with a missing or wrong signature');
    throw new AppError(ERROR_CODES.unauthorized, 'Invalid signature', { status: 401 });
  }
  let event: { event?: string; data?: PaystackTransactionData & PaystackRefundData };
  try {
    event = JSON.parse(raw.toString('utf8')) as typeof event;
  } catch {
    throw new AppError(ERROR_CODES.badRequest, 'The request body is not valid JSON');
  }
  if (typeof event.event === 'string' && event.event.startsWith('refund.') && event.data) {
    await applyRefundWebhook({ db, clock, event: event.event, data: event.data });
  }
  if (event.event === 'charge.success' && typeof event.data?.reference === 'string') {
    const reference = event.data.reference;
    await recordPaymentEvent(db, {
      provider: 'paystack',
      event: event.event,
      reference,
      eventId: event.data.id === undefined ? null : String(event.data.id),
      payload: event.data,
      now: clock.now(),
    });
    try {
      await confirm(reference, fromPaystackData(event.data, reference));
    } catch (error) {
      // An unknown reference is acknowledged (Paystack would retry forever); anything else is retried.
      if (!(error instanceof AppError && error.code === PAYMENT_NOT_FOUND)) throw error;
      log.warn({ reference }, 'paystack webhook for an unknown reference');
    }
  }
}
