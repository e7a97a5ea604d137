import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ORDER_TOKEN_HEADER, orderAccessSchema } from '../../../shared/orders';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { getOrderForViewer, openOrderByEmail, type OrderViewer } from './service';

/** The order token the placing browser sends in its header. */
export function orderTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[ORDER_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/** The signed-in user, resolved from the session cookie by the accounts guard. */
function viewerOf(request: FastifyRequest): OrderViewer {
  const session = request.auth;
  return session ? { role: session.user.role, id: session.user.id } : null;
}

export function registerOrderRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber',
    { config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const view = await getOrderForViewer({
        db,
        orderNumber: request.params.orderNumber,
        accessToken: orderTokenOf(request),
        viewer: viewerOf(request),
      });
      return reply.header('cache-control', 'private, no-store').send(view);
    },
  );

  app.post<{ Params: { orderNumber: string } }>(
    '/api/orders/:orderNumber/access',
    // An email is easier to guess than a token: few tries per address.
    { config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      const { email } = parseInput(orderAccessSchema, request.body, { form: true });
      return openOrderByEmail({ db, orderNumber: request.params.orderNumber, email });
    },
  );
}
