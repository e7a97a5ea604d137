import { useQuery } from '@tanstack/react-query';
import type { MeReply, SessionUser } from '../../shared/accounts';
import { api } from './api';

export const SESSION_QUERY_KEY = ['session'] as const;

/** Who is signed in, asked of the server (GET /api/auth/me); null while anonymous. */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => (await api.get<MeReply>('/api/auth/me')).user,
    staleTime: 60_000,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}
