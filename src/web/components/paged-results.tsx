import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { ListStatus } from './list-status';
import type { PagedList } from '../lib/use-paged-list';

/**
 * The body of a server-paged list: Loading, the error (with Try again), the empty state, or
 * the rows (rendered by `children`, a table or a grid) with the count and Previous / Next.
 */
export function PagedResults<T>({
  list,
  errorTitle,
  empty,
  children,
}: {
  list: PagedList<T>;
  /** The error's heading; a function reads the error (the Orders tab names the server's reason). */
  errorTitle: string | ((error: Error) => string);
  empty: { title: string; description?: ReactNode };
  children: (items: T[]) => ReactNode;
}) {
  const { query } = list;
  if (query.isPending) return <ListStatus kind="loading" />;
  if (query.isError && !query.data) {
    const title = typeof errorTitle === 'function' ? errorTitle(query.error) : errorTitle;
    return <ListStatus kind="error" title={title} onRetry={() => void query.refetch()} />;
  }
  const { items, total, page, pageSize } = query.data;
  if (items.length === 0) {
    // A search or filter that matches nothing is not a first run: say so, and offer the way back,
    // each undoing only what it names (the search box, or the other filters).
    const { q, ...others } = list.filters;
    const filtered = Object.values(others).some(Boolean);
    const clearOthers = () => list.setFilters(Object.fromEntries(Object.keys(others).map((name) => [name, ''])));
    return (
      <ListStatus kind="empty" title={empty.title}>
        {q || filtered ? (
          <>
            <p>Nothing matches this search or filter.</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {q && (
                <Button variant="secondary" size="sm" onClick={() => list.setFilters({ q: '' })}>
                  Clear search
                </Button>
              )}
              {filtered && (
                <Button variant="secondary" size="sm" onClick={clearOthers}>
                  Clear filters
                </Button>
              )}
            </div>
          </>
        ) : (
          empty.description
        )}
      </ListStatus>
    );
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div aria-busy={query.isFetching}>
      {children(items)}
      <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {total} {total === 1 ? 'result' : 'results'}
        </p>
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => list.setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700">
            Page {page} of {pageCount}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => list.setPage(page + 1)}>
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}
