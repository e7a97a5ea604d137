import type { ReactNode } from 'react';

/** The 'Term: value' lines of a work card; an entry whose value is empty is left out. */
export function DetailList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {items
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([term, value]) => (
          <div key={term} className="flex min-w-0 gap-2">
            <dt className="shrink-0 text-slate-500">{term}:</dt>
            {/* A long unbroken name or address breaks anywhere rather than push the card past a phone's width. */}
            <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
