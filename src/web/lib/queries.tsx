import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * TanStack Query, for the pages that read and write through it (cart, account, tracking, sign-in, the
 * back office). It loads with those pages' code: the storefront's pages read through the router's
 * loaders and the header through its own session store, so a shopper's first page does without it
 * (docs/decisions/034).
 */

/** One per browser tab, and one per request on the server: the same defaults on both sides. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let tabClient: QueryClient | undefined;

/**
 * The provider around a page that uses queries. `client` is the request's on the server; in the
 * browser every page shares the tab's one client, so what one page cached the next one finds.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  if (!client && typeof window === 'undefined')
    throw new Error('QueryProvider needs the client of the request on the server');
  return <QueryClientProvider client={client ?? (tabClient ??= createQueryClient())}>{children}</QueryClientProvider>;
}
