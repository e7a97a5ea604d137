import type { FastifyInstance } from 'fastify';
import { adminListQuerySchema } from '../../../shared/admin';
import { DEVICE_MESSAGES, deviceInputSchema, deviceUpdateSchema } from '../../../shared/inventory';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { sharedJsonReplies } from '../../lib/shared-reads';
import { createDevice, deleteDevice, listInventory, updateDevice } from './inventory';
import { stockImages } from './stock-images';

/** The admin's device dialogs are forms: a refusal reads as the first rule broken. */
const FORM = { form: true } as const;

const ADMIN = { config: { access: ['admin'] } } as const;

/** The admin's inventory routes. */
export function registerCatalogAdminRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const list = sharedJsonReplies();
  app.get('/api/admin/devices', ADMIN, async (request, reply) => {
    const query = parseInput(adminListQuerySchema, request.query);
    return list(reply, JSON.stringify(query), () => listInventory({ db, query }));
  });

  app.get('/api/admin/stock-images', ADMIN, async () => stockImages({ db }));

  app.post('/api/admin/devices', ADMIN, async (request, reply) => {
    const input = parseInput(deviceInputSchema, request.body, FORM);
    return reply.status(201).send(await createDevice({ db, clock, actor: sessionUser(request), input }));
  });

  app.patch<{ Params: { id: string } }>('/api/admin/devices/:id', ADMIN, async (request) => {
    const changes = parseInput(deviceUpdateSchema, request.body, FORM);
    return updateDevice({ db, clock, actor: sessionUser(request), id: request.params.id, changes });
  });

  app.delete<{ Params: { id: string } }>('/api/admin/devices/:id', ADMIN, async (request) => {
    await deleteDevice({ db, clock, actor: sessionUser(request), id: request.params.id });
    return { message: DEVICE_MESSAGES.deleted };
  });
}
