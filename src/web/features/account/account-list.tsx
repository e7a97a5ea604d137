import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The account's lists (orders, trade-ins, repairs): a number, a line under it, a status and an amount. */
export function AccountList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">{children}</ul>;
}

/** A tab's list as its query stands: loading, failed, `empty` when there is nothing, else one row (`children`) per item. */
export function AccountQueryList<T>({
  query,
  noun,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** What the list holds, as the loading and failure lines say it: 'orders'. */
  noun: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <p className="text-slate-600">Loading {noun}...</p>;
  if (!query.data) return <p className="text-red-700">Could not load your {noun}.</p>;
  if (query.data.length === 0) return empty;
  return <AccountList>{query.data.map(children)}</AccountList>;
}

export function AccountListItem({
  number,
  to,
  detail,
  status,
  children,
}: {
  number: string;
  /** Where the number leads (its order or tracking page); plain text without. */
  to?: string;
  detail: ReactNode;
  status: string;
  /** What sits at the end of the row: a total, an estimate. */
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        {to ? (
          <Link to={to} className="font-semibold text-brand-700 hover:underline">
            {number}
          </Link>
        ) : (
          <p className="font-semibold text-slate-900">{number}</p>
        )}
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
      <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium capitalize text-slate-700">
        {status}
      </span>
      {children}
    </li>
  );
}
