import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';

/**
 * What the app shows where something failed to render (spec 000 section 8: the router's failure page,
 * 'Unexpected Application Error!'): what went wrong, Try again, and `children` beside it. `heading`
 * is the level it takes in its page: 1 in place of a page, 2 inside a page's frame.
 */
export function ErrorPanel({
  error,
  heading,
  onRetry,
  children,
}: {
  error: unknown;
  heading: 1 | 2;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  const Heading = heading === 1 ? 'h1' : 'h2';
  return (
    <div
      role="alert"
      className="mx-auto w-full max-w-xl rounded-3xl border border-slate-200 bg-white p-10 text-center shadow-xl shadow-slate-900/5"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-red-50 text-red-600">
        <AlertTriangle className="size-7" aria-hidden="true" />
      </span>
      <Heading className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Unexpected Application Error!</Heading>
      <p className="mt-4 text-slate-600">Something went wrong while showing this page.</p>
      <p className="mt-2 rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm break-words text-slate-700">{detail}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          <RotateCw className="size-4" aria-hidden="true" />
          Try again
        </button>
        {children}
      </div>
    </div>
  );
}
