import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { PagedReply } from '../../shared/paging';
import { api } from './api';

export interface PagedList<T, Reply extends PagedReply<T> = PagedReply<T>> {
  query: UseQueryResult<Reply>;
  page: number;
  q: string;
  status: string;
  /** Every filter of the list by name (q and status unless the list names its own). */
  filters: Record<string, string>;
  setPage: (page: number) => void;
  /** A new search or filter starts again at page 1. */
  setFilters: (filters: Record<string, string>) => void;
}

/**
 * One server-paged list (the admin's tabs, the agent's assessments): page, search and status live in
 * the URL beside ?tab=, so a reload or Back shows the same page; the previous page stays on screen
 * while the next one loads. `queryKey` names the list in the query cache (['admin', 'devices']), so
 * an action can refetch it with `queryClient.invalidateQueries({ queryKey })`.
 */
export function usePagedList<T, Reply extends PagedReply<T> = PagedReply<T>>(
  queryKey: readonly string[],
  path: string,
  filterNames: readonly string[] = ['q', 'status'],
): PagedList<T, Reply> {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? '']));
  const query = useQuery({
    queryKey: [...queryKey, { page, ...filters }],
    queryFn: () => {
      const search = new URLSearchParams({ page: String(page) });
      for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
      return api.get<Reply>(`${path}?${search.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string>) =>
    setParams(() => {
      // From the address as it is now, not as this render read it (react-router hands its functional form the
      // rendered params): a search and a status changed before the next render both stay.
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value && !(name === 'page' && value === '1')) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  return {
    query,
    page,
    q: filters.q ?? '',
    status: filters.status ?? '',
    filters,
    setPage: (target) => update({ page: String(target) }),
    setFilters: (filters) => update({ ...filters, page: '1' }),
  };
}
