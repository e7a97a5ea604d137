import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors';
import type { AppContext } from '../../context';
import { pendingMigrations } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Lifecycle } from '../../lib/shutdown';

const notReady = (message: string) => new AppError(ERROR_CODES.serviceUnavailable, message, { status: 503 });

/**
 * Two questions a load balancer or an orchestrator asks: is the process alive (restart it if not),
 * and should it be sent traffic. Neither needs a session; both say no more than the answer.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  { db }: AppContext,
  { lifecycle }: { lifecycle: Lifecycle },
) {
  // Alive: the process answers. Not the database: its outage is no reason to restart every instance.
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  // Ready: not stopping, the database answers and has every migration this code needs.
  app.get('/api/health/ready', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.stopping) throw notReady('Shutting down');
    let pending: number;
    try {
      pending = await pendingMigrations(db);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database unreachable');
      throw notReady('The database is unreachable');
    }
    if (pending > 0) throw notReady(`The database lacks ${pending} migration${pending === 1 ? '' : 's'}`);
    return { status: 'ready', database: 'ok' };
  });
}
