import type { FastifyInstance } from 'fastify';
import { adminListQuerySchema } from '../../../shared/admin';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sessionUser } from '../../lib/session-user';
import { getOutboxEmail, listOutbox, resendEmail } from './admin-outbox';
import { localPreview } from './sender';

const ADMIN = { config: { access: ['admin'] } } as const;

/** The admin's Outbox tab: what the store queued, sent and failed to send. */
export function registerMailRoutes(app: FastifyInstance, { db, clock, config }: AppContext) {
  const preview = localPreview(config);
  app.get('/api/admin/outbox', ADMIN, async (request) =>
    listOutbox({ db, query: parseInput(adminListQuerySchema, request.query), preview }),
  );

  app.get<{ Params: { id: string } }>('/api/admin/outbox/:id', ADMIN, async (request) =>
    getOutboxEmail({ db, id: request.params.id, preview }),
  );

  app.post<{ Params: { id: string } }>('/api/admin/outbox/:id/resend', ADMIN, async (request) =>
    resendEmail({ db, clock, actor: sessionUser(request), id: request.params.id }),
  );
}
