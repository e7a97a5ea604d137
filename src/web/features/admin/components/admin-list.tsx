import { ChevronLeft, ChevronRight, RefreshCw, Search } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { controlClass } from '../../../components/ui/field';

/** The pieces every admin list shares: search, status filter and refresh; pages; loading, error and empty. */

/** A search box that reports its value once typing pauses, so each keystroke is not a request. */
export function SearchBox({ label, onSearch }: { label: string; onSearch: (value: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <div className="relative min-w-56 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400" aria-hidden="true" />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={label}
        onChange={(event) => setValue(event.target.value)}
        className={`${controlClass} pl-9`}
      />
    </div>
  );
}

export function StatusFilter<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: T | '') => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Filter by status
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T | '')} className={controlClass}>
        <option value="">All statuses</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  return (
    <Button variant="secondary" onClick={onRefresh} disabled={busy}>
      <RefreshCw className={`size-4 ${busy ? 'animate-spin' : ''}`} aria-hidden="true" />
      Refresh
    </Button>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** Loading, error or empty, in that order; the list itself when none applies. */
export function ListState({
  isPending,
  error,
  errorMessage,
  isEmpty,
  empty,
  children,
}: {
  isPending: boolean;
  error: unknown;
  errorMessage: string;
  isEmpty: boolean;
  empty: { title: string; hint?: string };
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        Loading...
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {errorMessage}
      </p>
    );
  }
  if (isEmpty) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <p className="font-medium text-slate-900">{empty.title}</p>
        {empty.hint && <p className="mt-1 text-sm text-slate-600">{empty.hint}</p>}
      </div>
    );
  }
  return <>{children}</>;
}

const TONES = {
  green: 'bg-emerald-100 text-emerald-800',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  amber: 'bg-amber-100 text-amber-800',
  purple: 'bg-purple-100 text-purple-800',
  grey: 'bg-slate-100 text-slate-700',
} as const;
export type Tone = keyof typeof TONES;

export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** A list's page, search and status filter; a new search or filter starts again at page 1. */
export function useListFilters<Status extends string>() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatusValue] = useState<Status | ''>('');
  const onSearch = useCallback((value: string) => {
    setQ(value);
    setPage(1);
  }, []);
  const onStatus = useCallback((value: Status | '') => {
    setStatusValue(value);
    setPage(1);
  }, []);
  return { page, setPage, q, status, onSearch, onStatus };
}

/** A list's heading with its count and Refresh, then the search box and the status filter. */
export function ListHeader<Status extends string>({
  id,
  title,
  count,
  onRefresh,
  busy,
  searchLabel,
  filters,
  statusOptions,
}: {
  id: string;
  title: string;
  count: string;
  onRefresh: () => void;
  busy: boolean;
  searchLabel: string;
  filters: Pick<ReturnType<typeof useListFilters<Status>>, 'status' | 'onSearch' | 'onStatus'>;
  statusOptions: readonly { value: Status; label: string }[];
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{count || ' '}</p>
        </div>
        <RefreshButton onRefresh={onRefresh} busy={busy} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <SearchBox label={searchLabel} onSearch={filters.onSearch} />
        <StatusFilter value={filters.status} options={statusOptions} onChange={filters.onStatus} />
      </div>
    </>
  );
}
