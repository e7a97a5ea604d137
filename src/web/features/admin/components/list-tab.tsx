import type { ReactNode } from 'react';
import { PagedResults } from '../../../components/paged-results';
import type { PagedList } from '../../../lib/use-paged-list';
import { ListToolbar, type ListToolbarOptions } from './list-toolbar';

/**
 * An admin list tab: its heading (with the count of what the filters find under it, when `counted`
 * names it), a notice, the toolbar over the list, the server-paged rows (`children`, a table or
 * `cardList`), then whatever the tab opens (its dialogs).
 */
export function ListTab<T>({
  id,
  title,
  counted,
  notice,
  toolbar,
  list,
  errorTitle,
  empty,
  children,
  after,
}: {
  /** Names the heading: `${id}-heading`. */
  id: string;
  title: string;
  /** What one and many rows are called: 'order' and 'orders' read '12 orders'. */
  counted?: { one: string; many: string };
  notice?: ReactNode;
  toolbar: ListToolbarOptions;
  list: PagedList<T>;
  errorTitle: string | ((error: Error) => string);
  empty: { title: string; description?: ReactNode };
  children: (items: T[]) => ReactNode;
  after?: ReactNode;
}) {
  const heading = (
    <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
      {title}
    </h2>
  );
  const total = list.query.data?.total;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      {counted === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          {/* A space holds the line's height until the count arrives, so the list does not jump. */}
          <p className="text-sm text-slate-600">
            {total === undefined ? '\u00a0' : `${total} ${total === 1 ? counted.one : counted.many}`}
          </p>
        </div>
      )}
      {notice}
      <ListToolbar list={list} {...toolbar} />
      <PagedResults list={list} errorTitle={errorTitle} empty={empty}>
        {children}
      </PagedResults>
      {after}
    </section>
  );
}
