import { StrictMode, useEffect } from 'react';
import { BrowserPagesRouter, type BrowserPages } from '../lib/browser-pages';
import { SessionHintProvider } from '../lib/use-session';
import { READY_MARK } from './hydration';
import { Providers } from './providers';

/**
 * The moment the first page is live (hydrated, or rendered by the browser): bench/web-bench.mjs counts the
 * JavaScript before it, and the boot script presses again the buttons pressed before it.
 */
function MarkReady() {
  useEffect(() => {
    performance.mark(READY_MARK);
  }, []);
  return null;
}

export function App({ pages, anonymous }: { pages: BrowserPages; anonymous: boolean }) {
  return (
    <StrictMode>
      <SessionHintProvider anonymous={anonymous}>
        <Providers>
          <BrowserPagesRouter pages={pages} />
          <MarkReady />
        </Providers>
      </SessionHintProvider>
    </StrictMode>
  );
}
