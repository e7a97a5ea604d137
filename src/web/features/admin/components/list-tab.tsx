import type { ReactNode } from 'react';
import { PagedResults } from '../../../components/paged-results';
import type { PagedList } from '../../../lib/use-paged-list';

/**
 * An admin list tab: its heading (with a line under it, the Orders count), the controls over the list
 * (the toolbar, figures), the server-paged rows (`children`, a table or `cardList`), then whatever
 * the tab opens (its dialogs).
 */
export function ListTab<T>({
  id,
  title,
  subtitle,
  controls,
  list,
  errorTitle,
  empty,
  children,
  after,
}: {
  /** Names the heading: `${id}-heading`. */
  id: string;
  title: string;
  subtitle?: ReactNode;
  controls: ReactNode;
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
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      {subtitle === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
      )}
      {controls}
      <PagedResults list={list} errorTitle={errorTitle} empty={empty}>
        {children}
      </PagedResults>
      {after}
    </section>
  );
}

/** A list's rows as cards: one `<ul className>`, one card (a keyed `<li>`) per item. */
export function cardList<T>(className: string, card: (item: T) => ReactNode) {
  return (items: T[]) => <ul className={className}>{items.map(card)}</ul>;
}
