import type { FastifyInstance } from 'fastify';
import { sandboxChargeSchema, SANDBOX_SCRIPT_PATH, verifyPaymentSchema } from '../../../shared/payments';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../../shared/errors';
import { AppError, parseInput } from '../../lib/errors';
import { paymentProvider } from './providers';
import { fromPaystackData, type PaystackTransactionData } from './providers/paystack';
import { SANDBOX_WIDGET_JS } from './sandbox-widget';
import { chargeSandbox, confirmPayment, paystackSignatureValid } from './service';

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { config, db, clock } = ctx;
  const provider = paymentProvider(ctx);

  app.post('/api/payments/verify', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const { reference } = parseInput(verifyPaymentSchema, request.body);
    return confirmPayment({ db, clock, provider, reference, publicUrl: config.PUBLIC_URL, log: request.log });
  });

  app.get(SANDBOX_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(SANDBOX_WIDGET_JS),
  );

  app.post(
    '/api/payments/sandbox/charge',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const input = parseInput(sandboxChargeSchema, request.body);
      return chargeSandbox({ db, clock, ...input });
    },
  );

  // The webhook needs the raw bytes for its signature, so its JSON parser lives in its own scope.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/payments/webhooks/paystack', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!paystackSignatureValid(config.PAYSTACK_SECRET_KEY, raw, request.headers['x-paystack-signature'])) {
        request.log.warn('paystack webhook with a missing or wrong signature');
        throw new AppError(ERROR_CODES.unauthorized, 'Invalid signature', { status: 401 });
      }
      let event: { event?: string; data?: PaystackTransactionData };
      try {
        event = JSON.parse(raw.toString('utf8')) as typeof event;
      } catch {
        throw new AppError(ERROR_CODES.badRequest, 'The request body is not valid JSON');
      }
      if (event.event === 'charge.success' && typeof event.data?.reference === 'string') {
        const reference = event.data.reference;
        try {
          await confirmPayment({
            db,
            clock,
            provider,
            reference,
            transaction: fromPaystackData(event.data, reference),
            publicUrl: config.PUBLIC_URL,
            log: request.log,
          });
        } catch (error) {
          // An unknown reference is acknowledged (Paystack would retry forever); anything else is retried.
          if ((error as { status?: number }).status !== 404) throw error;
          request.log.warn({ reference }, 'paystack webhook for an unknown reference');
        }
      }
      return reply.status(200).send({ received: true });
    });
  });
}
