import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

export function registerHealthRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/health', { config: { access: 'public' } }, async (request) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(ERROR_CODES.serviceUnavailable, 'The database is unreachable', { status: 503 });
    }
    return { status: 'ok', database: 'ok' };
  });
}
