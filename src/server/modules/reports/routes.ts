import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { getOverview } from './overview';

/** The admin's Overview tab. */
export function registerReportRoutes(app: FastifyInstance, { db, clock, config }: AppContext) {
  app.get('/api/admin/overview', { config: { access: ['admin'] } }, async () =>
    getOverview({ db, clock, backupEveryHours: config.BACKUP_EVERY_HOURS }),
  );
}
