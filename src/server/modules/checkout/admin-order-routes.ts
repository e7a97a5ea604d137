import type { FastifyInstance } from 'fastify';
import { ADMIN_EXPORT_PATHS } from '../../../shared/admin-exports';
import { adminOrderQuerySchema, advanceOrderSchema, trackingSchema } from '../../../shared/admin-orders';
import type { AppContext } from '../../context';
import { registerAdminList } from '../../lib/admin-list-routes';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import {
  advanceOrder,
  exportOrders,
  getAdminOrder,
  listAdminOrders,
  revokeOrderLinks,
  updateTracking,
} from '../orders';
import { paymentProvider } from '../payments';
import { cancelOrderAsAdmin, refundLatePayment } from './admin-orders';

const ADMIN = { config: { access: ['admin'] } } as const;
type ByNumber = { Params: { orderNumber: string } };

/**
 * The admin's Orders tab: every /api/admin/orders route. They live here, in checkout, because cancel
 * and refund-due are flows across orders, catalog stock, payments and mail (admin-orders.ts), and
 * only checkout may import all of those: orders sits below checkout and must not import it. The
 * reads of orders are orders' own (orders/admin-orders.ts), and so is every status change (orders/moves.ts).
 */
export function registerOrderAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;
  const deps = { db, clock, publicUrl: config.PUBLIC_URL };
  const provider = paymentProvider(ctx);

  registerAdminList(app, {
    db,
    url: '/api/admin/orders',
    schema: adminOrderQuerySchema,
    list: listAdminOrders,
    exportPath: ADMIN_EXPORT_PATHS.orders,
    name: 'orders',
    clock,
    open: ({ query }) => exportOrders({ db, query, batchSize: config.CSV_BATCH_SIZE }),
    detail: { param: 'orderNumber', read: (orderNumber) => getAdminOrder({ db, orderNumber }) },
  });

  app.post<ByNumber>('/api/admin/orders/:orderNumber/status', ADMIN, async (request) => {
    const input = parseInput(advanceOrderSchema, request.body, { form: true });
    return advanceOrder({ ...deps, actor: sessionUser(request), orderNumber: request.params.orderNumber, input });
  });

  app.put<ByNumber>('/api/admin/orders/:orderNumber/tracking', ADMIN, async (request) => {
    const input = parseInput(trackingSchema, request.body, { form: true });
    return updateTracking({ ...deps, actor: sessionUser(request), orderNumber: request.params.orderNumber, input });
  });

  app.post<ByNumber>('/api/admin/orders/:orderNumber/revoke-links', ADMIN, async (request) =>
    revokeOrderLinks({ db, clock, actor: sessionUser(request), orderNumber: request.params.orderNumber }),
  );

  app.post<ByNumber>('/api/admin/orders/:orderNumber/cancel', ADMIN, async (request) =>
    cancelOrderAsAdmin({ db, clock, provider, actor: sessionUser(request), orderNumber: request.params.orderNumber }),
  );

  app.post<ByNumber>('/api/admin/orders/:orderNumber/refund-due', ADMIN, async (request) =>
    refundLatePayment({ db, clock, provider, actor: sessionUser(request), orderNumber: request.params.orderNumber }),
  );
}
