import type { FastifyInstance, onErrorHookHandler } from 'fastify';
import { cancelCheckoutSchema, checkoutSchema } from '../../../shared/orders';
import { sandboxChargeSchema, verifyPaymentSchema } from '../../../shared/payments';
import type { AppContext } from '../../context';
import { clientKey } from '../../lib/client-key';
import { sessionUser } from '../../lib/session-user';
import { asAppError, parseInput } from '../../lib/errors';
import { perReference, perReferenceField, privateLookup, referenceLookup } from '../../lib/keyed-limits';
import type { StoreMetrics } from '../../lib/metrics';
import { orderAccessOf, orderTokenOf } from '../orders';
import { paymentProvider, type ProviderTransaction } from '../payments';
import { receivePaystackEvent } from './paystack-webhook';
import {
  cancelCheckout,
  confirmPayment,
  payWithSandbox,
  placeOrder,
  resumeCheckout,
  type WorkflowLog,
} from './workflow';

const LIMIT_30 = { config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } } } as const;
/** The same, and 30 lookups of one payment reference in 10 minutes from any address. */
const PAYMENT_LOOKUP = referenceLookup(perReferenceField('reference'), LIMIT_30.config.rateLimit);

export function registerCheckoutRoutes(app: FastifyInstance, ctx: AppContext, { metrics }: { metrics: StoreMetrics }) {
  const { config, db, clock } = ctx;
  const provider = paymentProvider(ctx);
  const confirm = (reference: string, log: WorkflowLog, transaction?: ProviderTransaction) =>
    confirmPayment({
      db,
      clock,
      provider,
      reference,
      transaction,
      publicUrl: config.PUBLIC_URL,
      linkDays: config.ORDER_LINK_DAYS,
      log,
      metrics,
    });
  // Every refusal of a checkout, counted by its code: the schema's, the stock's, the hold limits', the rate limit's.
  const countRefusal: onErrorHookHandler = (_request, _reply, error, done) => {
    const refusal = asAppError(error);
    if (refusal && refusal.status < 500) metrics.checkoutRefusals.inc({ reason: refusal.code });
    done();
  };

  app.post('/api/checkout', { ...LIMIT_30, onError: countRefusal }, async (request, reply) => {
    const { items, customer, cartId } = parseInput(checkoutSchema, request.body);
    const user = sessionUser(request, { optional: true });
    const placed = await placeOrder({
      db,
      clock,
      provider,
      currency: config.STORE_CURRENCY,
      reservationMinutes: config.RESERVATION_MINUTES,
      limits: { perDevice: config.MAX_UNITS_PER_DEVICE, perAddress: config.MAX_HELD_UNITS_PER_ADDRESS },
      items,
      customer,
      customerId: user?.role === 'customer' ? user.id : null,
      clientAddress: clientKey(request.ip),
      cartId,
    });
    return reply.status(201).send(placed);
  });

  // The cart asks after its unpaid order (a reload closed the widget): pay it again, or count its hold.
  app.get<{ Params: { orderNumber: string } }>(
    '/api/checkout/:orderNumber',
    privateLookup('orderNumber'),
    async (request) =>
      resumeCheckout({
        db,
        clock,
        provider,
        orderNumber: request.params.orderNumber,
        access: orderAccessOf(request, ctx),
      }),
  );

  app.post<{ Params: { orderNumber: string } }>(
    '/api/checkout/:orderNumber/cancel',
    referenceLookup(perReference('orderNumber'), LIMIT_30.config.rateLimit),
    async (request) => {
      const body = parseInput(cancelCheckoutSchema, request.body);
      const accessToken = orderTokenOf(request) ?? body.accessToken;
      return cancelCheckout({ db, clock, orderNumber: request.params.orderNumber, accessToken });
    },
  );

  // Only a sandbox store has a test card to charge.
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    app.post('/api/payments/sandbox/charge', PAYMENT_LOOKUP, async (request) => {
      const { reference, ...card } = parseInput(sandboxChargeSchema, request.body);
      return payWithSandbox({ db, clock, reference, card });
    });
  }

  app.post(
    '/api/payments/verify',
    referenceLookup(perReferenceField('reference'), { max: 60, timeWindow: '1 minute' }),
    async (request) => {
      const { reference } = parseInput(verifyPaymentSchema, request.body);
      return confirm(reference, request.log);
    },
  );

  // The webhook needs the raw bytes for its signature, so its JSON parser lives in its own scope.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/payments/webhooks/paystack',
      { config: { access: 'public', csrf: false } },
      async (request, reply) => {
        await receivePaystackEvent({
          db,
          clock,
          secretKey: config.PAYSTACK_SECRET_KEY,
          raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: request.headers['x-paystack-signature'],
          confirm: (reference, transaction) => confirm(reference, request.log, transaction),
          log: request.log,
        });
        return reply.status(200).send({ received: true });
      },
    );
  });
}
