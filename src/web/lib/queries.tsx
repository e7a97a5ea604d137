import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * TanStack Query, for the pages that read and write through it (cart, account, tracking, sign-in, the
 * back office). It loads with those pages' code: the storefront's pages read through the router's
 * loaders and the header through its own session store, so a shopper's first page does without it
 * (docs/decisions/034).
 */

/** One per browser tab. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let tabClient: QueryClient | undefined;

/**
 * The provider around a page or a dialog that uses queries: every one shares the tab's one client, so
 * what one page cached the next one finds. The browser's alone: the server renders no such part.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={(tabClient ??= createQueryClient())}>{children}</QueryClientProvider>;
}

/**
 * Try again after a part of the app failed to render: every query forgets its data, so what the pages
 * show is asked of the server anew instead of drawn again from what broke them.
 */
export function resetQueries(): Promise<void> {
  return tabClient?.resetQueries() ?? Promise.resolve();
}
