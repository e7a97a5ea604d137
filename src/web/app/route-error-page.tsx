import { AlertTriangle, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's failure page (spec 000 section 8: 'Unexpected Application Error!'). Shown without the layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  useEffect(() => {
    document.title = 'Something went wrong | QuickBuy';
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-24">
      <div className="w-full max-w-xl rounded-3xl border border-slate-200 bg-white p-10 text-center shadow-xl shadow-slate-900/5">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-red-50 text-red-600">
          <AlertTriangle className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-4 text-slate-600">Something went wrong while showing this page.</p>
        <p className="mt-2 rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm break-words text-slate-700">{detail}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <RotateCw className="size-4" aria-hidden="true" />
            Try again
          </button>
          {/* A full page load: the app's state may be what broke. */}
          <a
            href="/"
            className="inline-flex h-11 items-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Go back home
          </a>
        </div>
      </div>
    </main>
  );
}
