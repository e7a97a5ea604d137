import type { ReactNode } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';

/** Tailwind's md breakpoint: from here the table fits beside the admin's menu. */
const TABLE_FROM = '(min-width: 768px)';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * Admin rows with real column headers: a scrollable table from the md breakpoint up, and below it one
 * card per row listing every column by its header (a phone showed two columns of the table and
 * scrolled the status, amount and actions out of sight). Only one of the two is rendered, so each
 * row's text and buttons exist once.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  const wide = useMediaQuery(TABLE_FROM);
  if (!wide) {
    return (
      <ul aria-label={caption} className="space-y-3">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2">
              {columns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="font-medium text-slate-500">{column.header}</dt>
                  <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    // A table wider than the screen scrolls sideways: a named stop in the tab order lets the keyboard scroll it
    // (named apart from the tab's own section, which may bear the caption's words).
    <div
      role="region"
      aria-label={`${caption} table`}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-4 py-3 text-left font-semibold whitespace-nowrap text-slate-700 ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top">
              {columns.map((column) => (
                <td key={column.header} className={`px-4 py-3 text-slate-800 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
