import { useQuery } from '@tanstack/react-query';
import type { StockReport } from '../../../../shared/stock-report';
import { api } from '../../../lib/api';

/** The Reports tab's period: both ends optional (the server's default is the 30 days to today). */
export interface ReportPeriod {
  from: string;
  to: string;
}

export const reportSearch = ({ from, to }: ReportPeriod) => new URLSearchParams({ from, to }).toString();

/** The period's report, computed by the server. */
export const useStockReport = (period: ReportPeriod) =>
  useQuery({
    queryKey: ['admin', 'reports', period],
    queryFn: () => api.get<StockReport>(`/api/admin/reports?${reportSearch(period)}`),
  });
