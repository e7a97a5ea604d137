import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '../../../../shared/admin-overview';
import { api } from '../../../lib/api';

/** The Overview's cards, first trade-ins and last 30 days, counted by the server. */
export const useOverview = () =>
  useQuery({ queryKey: ['admin', 'overview'], queryFn: () => api.get<AdminOverview>('/api/admin/overview') });
