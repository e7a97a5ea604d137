import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useToasterRequested } from '../lib/toast';

const Toaster = lazy(() => import('./toaster'));

/** One per browser tab, and one per request on the server: the same defaults on both sides. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const toasterRequested = useToasterRequested();
  return (
    <QueryClientProvider client={client}>
      {children}
      {toasterRequested && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
