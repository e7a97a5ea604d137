import type { FastifyInstance } from 'fastify';
import { deviceInputSchema, deviceUpdateSchema } from '../../../shared/inventory';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { actorOf } from '../audit/service';
import { createDevice, updateDevice } from './inventory';

/** The admin's device dialogs are forms: a refusal reads as the first rule broken. */
const FORM = { form: true } as const;

const ADMIN = { config: { access: ['admin'] } } as const;

/** The admin's inventory routes. */
export function registerCatalogAdminRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.post('/api/admin/devices', ADMIN, async (request, reply) => {
    const input = parseInput(deviceInputSchema, request.body, FORM);
    return reply.status(201).send(await createDevice({ db, clock, actor: actorOf(request), input }));
  });

  app.patch<{ Params: { id: string } }>('/api/admin/devices/:id', ADMIN, async (request) => {
    const changes = parseInput(deviceUpdateSchema, request.body, FORM);
    return updateDevice({ db, clock, actor: actorOf(request), id: request.params.id, changes });
  });
}
