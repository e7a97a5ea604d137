import type { FastifyInstance } from 'fastify';
import { adminListQuerySchema } from '../../../shared/admin';
import { ADMIN_EXPORT_PATHS } from '../../../shared/admin-exports';
import { toMinorUnits } from '../../../shared/money';
import { refundSchema } from '../../../shared/payments';
import type { AppContext } from '../../context';
import { registerAdminList } from '../../lib/admin-list-routes';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { orderNumbersById } from '../orders';
import { exportPayments, listPayments, paymentProvider, paymentStats } from '../payments';
import { paymentDetails, refundPaymentAsAdmin } from './admin-orders';

const ADMIN = { config: { access: ['admin'] } } as const;

/**
 * The admin's Paystack tab: reads of the payments ledger, and a refund, which may mark the payment's
 * order refunded (admin-orders.ts), so these routes sit in checkout beside the Orders tab's.
 */
export function registerPaymentAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;
  const provider = paymentProvider(ctx);

  registerAdminList(app, {
    db,
    url: '/api/admin/payments',
    schema: adminListQuerySchema,
    list: listPayments,
    exportPath: ADMIN_EXPORT_PATHS.payments,
    name: 'payments',
    clock,
    open: ({ query }) =>
      exportPayments({
        db,
        query,
        batchSize: config.CSV_BATCH_SIZE,
        orderNumbers: (ids) => orderNumbersById(db, ids),
      }),
    detail: { param: 'reference', read: (reference) => paymentDetails({ db, reference }) },
  });

  app.get('/api/admin/payments/stats', ADMIN, async () => paymentStats({ db }));

  app.post<{ Params: { reference: string } }>('/api/admin/payments/:reference/refund', ADMIN, async (request) => {
    const { amount, reason } = parseInput(refundSchema, request.body, { form: true });
    return refundPaymentAsAdmin({
      db,
      clock,
      provider,
      actor: sessionUser(request),
      reference: request.params.reference,
      amount: toMinorUnits(amount),
      reason,
    });
  });
}
