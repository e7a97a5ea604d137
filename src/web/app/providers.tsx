import { Suspense, type ReactNode } from 'react';
import { optionalLazy } from '../lib/chunks';
import { useToasterRequested } from '../lib/toast';

const Toaster = optionalLazy(() => import('./toaster'));

/** What every page has around it: the toaster, loaded the first time something is toasted. */
export function Providers({ children }: { children: ReactNode }) {
  const toasterRequested = useToasterRequested();
  return (
    <>
      {children}
      {toasterRequested && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
