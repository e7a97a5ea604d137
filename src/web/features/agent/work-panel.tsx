import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { ListStatus } from '../../components/list-status';
import { LoadedQuery } from '../../components/loaded-query';
import { panelClass } from '../../components/tabbed-page';

/**
 * One panel of the agent's dashboard (repair pickups, return collections): its heading, then the work
 * `query` loads as `children` draw it, or, with none, what will appear there.
 */
export function WorkPanel<Item>({
  title,
  query,
  errorTitle,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<Item[]>;
  errorTitle: string;
  empty: { title: string; description: string };
  children: (items: Item[]) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className={panelClass}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <LoadedQuery query={query} errorTitle={errorTitle}>
        {(items) =>
          items.length === 0 ? (
            <ListStatus kind="empty" title={empty.title}>
              {empty.description}
            </ListStatus>
          ) : (
            children(items)
          )
        }
      </LoadedQuery>
    </section>
  );
}
