import type { FastifyInstance } from 'fastify';
import { ADMIN_EXPORT_PATHS } from '../../../shared/admin-exports';
import { adminRepairQuerySchema, reassignRepairSchema, rescheduleRepairSchema } from '../../../shared/admin-repairs';
import { adminCancelRepairSchema } from '../../../shared/repairs';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { registerAdminList } from '../../lib/admin-list-routes';
import { adminRepairDetails, exportRepairs, listAdminRepairs } from './admin-list';
import { reassignRepair, rescheduleRepair } from './admin-moves';
import { cancelRepair } from './cancel';

type ByNumber = { Params: { bookingNumber: string } };
const ADMIN = { config: { access: ['admin' as const] } };

/** The admin's Repairs tab: the list and its export, one booking's details, and reassign, reschedule and cancel. */
export function registerAdminRepairRoutes(app: FastifyInstance, { db, config, clock }: AppContext) {
  // Registered before /:bookingNumber would be asked; Fastify prefers the static segment anyway.
  registerAdminList(app, {
    db,
    url: '/api/admin/repairs',
    schema: adminRepairQuerySchema,
    list: listAdminRepairs,
    exportPath: ADMIN_EXPORT_PATHS.repairs,
    name: 'repairs',
    clock,
    open: ({ query }) => exportRepairs({ db, query, batchSize: config.CSV_BATCH_SIZE }),
    detail: { param: 'bookingNumber', read: (bookingNumber) => adminRepairDetails({ db, bookingNumber }) },
  });

  app.post<ByNumber>('/api/admin/repairs/:bookingNumber/reassign', ADMIN, async (request) => {
    const { agentId } = parseInput(reassignRepairSchema, request.body, { form: true });
    const actor = sessionUser(request);
    return reassignRepair({ db, config, clock, actor, bookingNumber: request.params.bookingNumber, agentId });
  });

  app.post<ByNumber>('/api/admin/repairs/:bookingNumber/reschedule', ADMIN, async (request) => {
    const slot = parseInput(rescheduleRepairSchema, request.body, { form: true });
    const actor = sessionUser(request);
    return rescheduleRepair({ db, config, clock, actor, bookingNumber: request.params.bookingNumber, slot });
  });

  app.post<ByNumber>('/api/admin/repairs/:bookingNumber/cancel', ADMIN, async (request) => {
    const { reason } = parseInput(adminCancelRepairSchema, request.body, { form: true });
    return cancelRepair({
      db,
      config,
      clock,
      bookingNumber: request.params.bookingNumber,
      by: { staff: sessionUser(request), reason },
    });
  });
}
