import type { ReactNode } from 'react';

/**
 * One card of the agent's work (a trade-in, a repair pickup, a return collection), named by `label`: its
 * `title` and status `badge` side by side, its 'Term: value' lines, then what follows them (photos, the moves,
 * the dialogs they open).
 */
export function WorkCard({
  label,
  title,
  badge,
  details,
  children,
}: {
  label: string;
  title: ReactNode;
  badge: ReactNode;
  details: [string, ReactNode][];
  children?: ReactNode;
}) {
  return (
    <li aria-label={label} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {title}
        {badge}
      </div>
      <DetailList items={details} />
      {children}
    </li>
  );
}

/** The 'Term: value' lines of a work card; an entry whose value is empty is left out. */
function DetailList({ items }: { items: [string, ReactNode][] }) {
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
