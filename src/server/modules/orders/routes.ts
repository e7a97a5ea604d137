import type { FastifyInstance } from 'fastify';
import { ORDER_LINK_SENT, orderAccessSchema } from '../../../shared/orders';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { privateLookup } from '../../lib/keyed-limits';
import { takingAtLeast } from '../../lib/timing';
import { getOrderForViewer, sendOrderLink } from './access';
import { orderAccessOf } from './request-access';
import { listCustomerOrders } from './customer-orders';

/** The least time 'send me the link' takes, whether or not the email is the order's. */
export const ORDER_LINK_MS = 300;

export function registerOrderRoutes(app: FastifyInstance, context: AppContext) {
  const { db, clock, config } = context;

  app.get<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber',
    privateLookup('orderNumber'),
    async (request) =>
      getOrderForViewer({ db, orderNumber: request.params.orderNumber, ...orderAccessOf(request, context) }),
  );

  // 'Enter the email used for this order': the same 202 whatever the email, so it tells nobody whose
  // order it is; the link goes to the order's inbox only.
  app.post<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber/access',
    {
      config: {
        access: 'public',
        // Counted once the body (the email) is read, with the keyed limits (lib/keyed-limits.ts countedAt).
        rateLimit: { max: 10, timeWindow: '15 minutes', hook: 'preHandler' },
        // Per order and per email named, from any address; the outbox sends one link per order an hour.
        keyedLimits: [
          { from: 'params', name: 'orderNumber', max: 10, timeWindow: '1 hour' },
          { from: 'body', name: 'email', max: 10, timeWindow: '1 hour' },
        ],
      },
    },
    async (request, reply) => {
      const { email } = parseInput(orderAccessSchema, request.body, { form: true });
      await takingAtLeast(config, ORDER_LINK_MS, () =>
        sendOrderLink({
          db,
          clock,
          publicUrl: config.PUBLIC_URL,
          linkDays: config.ORDER_LINK_DAYS,
          orderNumber: request.params.orderNumber,
          email,
        }),
      );
      return reply.status(202).send({ message: ORDER_LINK_SENT });
    },
  );

  // The signed-in customer's own orders, for the account page's Orders tab.
  app.get('/api/account/orders', { config: { access: ['customer'] } }, async (request) => {
    const { id, email } = sessionUser(request);
    return { orders: await listCustomerOrders({ db, userId: id, email, now: clock.now() }) };
  });
}
