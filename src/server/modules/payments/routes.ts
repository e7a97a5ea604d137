import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { SANDBOX_SCRIPT_PATH } from '../../../shared/payments';
import { SANDBOX_WIDGET_JS } from './sandbox-widget';

/** The sandbox driver's widget script; paying an order (verify, webhook, charge) is checkout's. */
export function registerPaymentRoutes(app: FastifyInstance, { config }: AppContext) {
  if (config.PAYMENT_PROVIDER !== 'sandbox') return;
  app.get(SANDBOX_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(SANDBOX_WIDGET_JS),
  );
}
