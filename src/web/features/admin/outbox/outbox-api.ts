import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmailDetails, OutboxEmailSummary, OutboxListReply } from '../../../../shared/admin';
import { api } from '../../../lib/api';
import { usePagedList } from '../../../lib/use-paged-list';

/** The Outbox tab's list pages and each email's body sit under `all`. */
const OUTBOX_KEYS = {
  all: ['admin', 'outbox'] as const,
  email: (id: string) => ['admin', 'outbox', 'email', id] as const,
};

/** Every email the store queued, sent or failed to send, paged, searched and filtered by status. */
export const useOutboxList = () =>
  usePagedList<OutboxEmailSummary, OutboxListReply>(OUTBOX_KEYS.all, '/api/admin/outbox');

export const useOutboxEmail = (id: string) =>
  useQuery({ queryKey: OUTBOX_KEYS.email(id), queryFn: () => api.get<OutboxEmailDetails>(`/api/admin/outbox/${id}`) });

/** Queues a failed email again. */
export const resendEmail = (id: string) => api.post<{ message: string }>(`/api/admin/outbox/${id}/resend`);

export function useRefreshOutbox() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: OUTBOX_KEYS.all });
}
