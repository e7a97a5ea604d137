import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { lastPageParams } from './catalog-data';

/**
 * A page past the end of a list (an old link, a hand-typed ?page=99) opens the last page in its place,
 * as the server's render does (routes.tsx); true until it has. `count`: the rows the list has.
 */
export function useLastPageInstead(list: { page: number; pageSize: number } | null | undefined, count: number) {
  const [params, setParams] = useSearchParams();
  const last = list ? lastPageParams(params, list, count) : null;
  const target = last?.toString();
  useEffect(() => {
    if (target !== undefined) setParams(new URLSearchParams(target), { replace: true });
  }, [target, setParams]);
  return target !== undefined;
}

/**
 * Previous / 'Page n of m' / Next as links (?page=n keeps the other search params), so a page can be shared.
 * The links leave scrolling to the page router (lib/page-router.tsx): it saves where the
 * shopper was once the new page is on screen and opens it at the top, so Back returns to that place.
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      <PageLink to={href(page - 1)} disabled={page <= 1} label="Previous page">
        <span className="icon icon-chevron-left h-4 w-4" aria-hidden="true" />
        Previous
      </PageLink>
      <span className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </span>
      <PageLink to={href(page + 1)} disabled={page >= pageCount} label="Next page">
        Next
        <span className="icon icon-chevron-right h-4 w-4" aria-hidden="true" />
      </PageLink>
    </nav>
  );
}

function PageLink({
  to,
  disabled,
  label,
  children,
}: {
  to: string;
  disabled: boolean;
  label: string;
  children: ReactNode;
}) {
  const className = 'flex items-center gap-1 rounded-lg border px-4 py-2 text-sm font-medium';
  if (disabled) {
    return (
      <span className={`${className} border-slate-200 text-slate-500`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} className={`${className} border-slate-300 text-slate-800 hover:bg-slate-50`}>
      {children}
    </Link>
  );
}
