import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutSchema, ORDER_TOKEN_HEADER, type CheckoutReply } from '../../../shared/orders';
import { toMinorUnits } from '../../../shared/money';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { paymentProvider } from '../payments/providers';
import { cancelOrder, getOrderForViewer, placeOrder, type OrderViewer } from './service';

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[ORDER_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const { config, db, clock } = ctx;
  const provider = paymentProvider(ctx);

  /** The signed-in user, resolved from the session cookie by the accounts guard. */
  function viewerOf(request: FastifyRequest): OrderViewer {
    const session = request.auth;
    return session ? { role: session.user.role, id: session.user.id } : null;
  }

  app.post('/api/checkout', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const { items, customer } = parseInput(checkoutSchema, request.body);
    const viewer = viewerOf(request);
    const {
      order,
      items: lines,
      accessToken,
    } = await placeOrder({
      db,
      clock,
      currency: config.STORE_CURRENCY,
      reservationMinutes: config.RESERVATION_MINUTES,
      items,
      customer,
      customerId: viewer?.role === 'customer' ? viewer.id : null,
    });
    const body: CheckoutReply = {
      orderNumber: order.orderNumber,
      accessToken,
      payment: {
        provider: provider.name,
        publicKey: provider.publicKey,
        scriptUrl: provider.scriptUrl,
        reference: order.paymentReference,
        email: order.customerEmail,
        amount: toMinorUnits(order.totalAmount),
        currency: order.currency,
        metadata: {
          customer_name: order.customerName,
          items_count: lines.reduce((sum, line) => sum + line.quantity, 0),
        },
      },
    };
    return reply.status(201).send(body);
  });

  app.post<{ Params: { orderNumber: string }; Body: { accessToken?: unknown } | undefined }>(
    '/api/checkout/:orderNumber/cancel',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const bodyToken = request.body?.accessToken;
      const accessToken = headerToken(request) ?? (typeof bodyToken === 'string' ? bodyToken : undefined);
      return cancelOrder({ db, clock, orderNumber: request.params.orderNumber, accessToken });
    },
  );

  app.get<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const view = await getOrderForViewer({
        db,
        orderNumber: request.params.orderNumber,
        accessToken: headerToken(request),
        viewer: viewerOf(request),
      });
      return reply.header('cache-control', 'private, no-store').send(view);
    },
  );
}
