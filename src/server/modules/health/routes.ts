import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export function registerHealthRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });
}
