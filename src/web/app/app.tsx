import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from './providers';

/** The moment the first page is live (hydrated, or rendered by the browser): bench/web-bench.mjs counts the JavaScript before it. */
function MarkReady() {
  useEffect(() => {
    performance.mark('quickbuy:ready');
  }, []);
  return null;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
        <MarkReady />
      </Providers>
    </StrictMode>
  );
}
