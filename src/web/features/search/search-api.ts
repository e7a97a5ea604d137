import type { SearchSuggestions } from '../../../shared/catalog';
import { api } from '../../lib/api';

/** What the header box suggests for `q` (GET /api/search/suggestions; the server caches it). */
export function fetchSuggestions(q: string, signal: AbortSignal): Promise<SearchSuggestions> {
  return api.get<SearchSuggestions>(`/api/search/suggestions?${new URLSearchParams({ q })}`, { signal });
}
