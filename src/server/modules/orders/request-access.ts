import type { FastifyRequest } from 'fastify';
import { ORDER_TOKEN_HEADER } from '../../../shared/orders';
import type { AppContext } from '../../context';
import { sessionUser } from '../../lib/session-user';
import type { OrderAccess } from './access';

/* What a request says about who asks for an order: every route that opens one (orders, checkout, tracking) reads it here. */

/** The order token the placing browser (or a link's holder) sends in its header. */
export function orderTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[ORDER_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/** Who asks for an order and the token they send: the signed-in user comes from the accounts guard. */
export function orderAccessOf(request: FastifyRequest, { clock, config }: Pick<AppContext, 'clock' | 'config'>) {
  const user = sessionUser(request, { optional: true });
  return {
    viewer: user ? { role: user.role, id: user.id, email: user.email } : null,
    accessToken: orderTokenOf(request),
    now: clock.now(),
    linkDays: config.ORDER_LINK_DAYS,
  } satisfies OrderAccess;
}
