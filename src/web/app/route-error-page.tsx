import { useEffect } from 'react';
import { useRouteFailure } from '../lib/page-router';
import { AreaErrorPage } from '../components/area-error';
import { ErrorPanel } from '../components/error-panel';
import { forgetKeptReplies } from '../features/catalog/catalog-data';

/** The failure of the frame itself (the layout around every page): shown without it. */
function FramePage() {
  const error = useRouteFailure();

  useEffect(() => {
    document.title = 'Something went wrong | QuickBuy';
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-24">
      {/* A full page load: the app's state may be what broke. */}
      <ErrorPanel error={error} heading={1} onRetry={() => window.location.reload()}>
        <a
          href="/"
          className="inline-flex h-11 items-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Go back home
        </a>
      </ErrorPanel>
    </main>
  );
}

/**
 * A route's failure page: the frame's own, or, `inFrame`, a page's, shown inside the header and footer.
 * Try again on a page forgets the catalog's kept replies too, so a catalog page reads anew.
 */
export default function RouteErrorPage({ inFrame }: { inFrame?: boolean }) {
  return inFrame ? <AreaErrorPage forget={forgetKeptReplies} /> : <FramePage />;
}
