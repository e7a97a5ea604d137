import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The queries of one admin tab's records (orders, repairs, returns) under `/api/admin/<name>`: every key
 * starts with ['admin', name], so one invalidation after a move makes the list pages and each record's
 * details stale together.
 */
export function adminRecords(name: string) {
  const all = ['admin', name] as const;
  const listPath = `/api/admin/${name}`;
  const recordPath = (number: string) => `${listPath}/${encodeURIComponent(number)}`;
  return {
    all,
    listPath,
    recordPath,
    /** A key of its own under `all` (the free slots a dialog shows), refreshed with the rest. */
    key: (...parts: string[]) => [...all, ...parts],
    /** One record as its View Details dialog shows it. */
    useDetails: <Details>(number: string) =>
      useQuery({ queryKey: [...all, 'details', number], queryFn: () => api.get<Details>(recordPath(number)) }),
    /** After a move: every query of the tab is stale. */
    useRefresh: () => {
      const client = useQueryClient();
      return () => client.invalidateQueries({ queryKey: all });
    },
  };
}
