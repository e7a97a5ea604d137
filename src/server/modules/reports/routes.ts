import type { FastifyInstance } from 'fastify';
import { ADMIN_EXPORT_PATHS } from '../../../shared/admin-exports';
import { stockReportQuerySchema, type MarginLine } from '../../../shared/stock-report';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { registerTableExport, type ExportColumn } from '../../lib/table-export';
import { getOverview } from './overview';
import { stockReport } from './stock-report';

const ADMIN = { config: { access: ['admin'] } } as const;

type ReportRow = MarginLine & { from: string; to: string };

/** The Reports tab's export: the period's margins by type and brand, then their total. */
const REPORT_COLUMNS: ExportColumn<ReportRow>[] = [
  { header: 'From', value: (r) => r.from },
  { header: 'To', value: (r) => r.to },
  { header: 'Type', value: (r) => r.type },
  { header: 'Brand', value: (r) => r.brand },
  { header: 'Units sold', value: (r) => r.unitsSold },
  { header: 'Sales', value: (r) => r.sales },
  { header: 'Cost', value: (r) => r.cost },
  { header: 'Gross margin', value: (r) => r.grossMargin },
  { header: 'Units without a cost', value: (r) => r.unitsWithoutCost },
];

async function* oneBatch<Row>(rows: Row[]) {
  yield rows;
}

/** The admin's Overview and Reports tabs. */
export function registerReportRoutes(app: FastifyInstance, { db, clock, config }: AppContext) {
  app.get('/api/admin/overview', ADMIN, async () =>
    getOverview({ db, clock, backupEveryHours: config.BACKUP_EVERY_HOURS }),
  );

  const query = (request: { query: unknown }) => parseInput(stockReportQuerySchema, request.query);
  app.get('/api/admin/reports', ADMIN, async (request) => stockReport({ db, clock, query: query(request) }));
  registerTableExport(app, ADMIN_EXPORT_PATHS.reports, {
    name: 'reports',
    access: ['admin'],
    clock,
    query,
    open: async ({ query: chosen }) => {
      const report = await stockReport({ db, clock, query: chosen });
      const rows = [...report.margins, report.total].map((line) => ({ ...line, from: report.from, to: report.to }));
      // One batch: a report is a few dozen lines, however long the period.
      return { columns: REPORT_COLUMNS, batches: oneBatch(rows) };
    },
  });
}
