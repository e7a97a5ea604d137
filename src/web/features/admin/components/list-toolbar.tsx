import { Download, FileSpreadsheet, RefreshCw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { exportFileUrl, type ExportFormat } from '../../../../shared/admin-exports';
import { Button, buttonClass } from '../../../components/ui/button';
import { SearchForm } from '../../../components/search-form';
import { controlClass } from '../../../components/ui/field';
import type { PagedList } from '../../../lib/use-paged-list';

/** What a tab puts in its toolbar; the list it filters comes with it. */
export type ListToolbarOptions = {
  searchLabel: string;
  statuses?: ReadonlyArray<{ value: string; label: string }>;
  statusLabel?: string;
  exportPath?: string;
  children?: ReactNode;
};

/**
 * Search box (applied on Enter or Search) and a status filter over an admin list, with Refresh and
 * room for the tab's own buttons (Add Device...). `statuses` empty hides the filter. `exportPath` (one
 * of ADMIN_EXPORT_PATHS) adds Export CSV and Export Excel: the server's file of the list as filtered now
 * (every page, not just the one shown). Excel is the one to open in a spreadsheet: its account numbers,
 * branch codes and phones are text cells, kept exactly as given (docs/decisions/070).
 */
export function ListToolbar<T>({
  list,
  searchLabel,
  statuses = [],
  statusLabel = 'Status',
  exportPath,
  children,
}: ListToolbarOptions & { list: PagedList<T> }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchForm
        className="flex min-w-64 flex-1 items-end gap-2"
        onSearch={(field) => list.setFilters({ q: field('q') })}
      >
        <label className="flex-1">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{searchLabel}</span>
          <input key={list.q} name="q" type="search" defaultValue={list.q} className={controlClass} />
        </label>
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </SearchForm>
      {statuses.length > 0 && (
        <FilterSelect
          label={statusLabel}
          value={list.status}
          options={statuses}
          onChange={(status) => list.setFilters({ status })}
        />
      )}
      <Button variant="secondary" onClick={() => void list.query.refetch()} disabled={list.query.isFetching}>
        <RefreshCw className={`size-4 ${list.query.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
        Refresh
      </Button>
      {exportPath &&
        EXPORT_LINKS.map(({ format, label, Icon }) => (
          <a
            key={format}
            href={withFilters(exportFileUrl(exportPath, format), list.filters)}
            download
            className={buttonClass('secondary')}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </a>
        ))}
      {children}
    </div>
  );
}

const EXPORT_LINKS: { format: ExportFormat; label: string; Icon: typeof Download }[] = [
  { format: 'csv', label: 'Export CSV', Icon: Download },
  { format: 'xlsx', label: 'Export Excel (.xlsx)', Icon: FileSpreadsheet },
];

function withFilters(path: string, filters: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}

/** A choice over the list, applied as it changes; 'All' clears it. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      <span className="mb-1.5 block text-sm font-medium text-slate-700">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} className={controlClass}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Two days bounding the list by its `from` and `to` filters ('Pickup from', 'Pickup to'), each applied
 * as it changes; one day is the same From and To. Neither can be set past the other.
 */
export function DayRangeFilter<T>({ list, label }: { list: PagedList<T>; label: string }) {
  const { from = '', to = '' } = list.filters;
  const day = (bound: 'from' | 'to', value: string, limits: { min?: string; max?: string }) => (
    <label>
      <span className="mb-1.5 block text-sm font-medium text-slate-700">{`${label} ${bound}`}</span>
      <input
        type="date"
        value={value}
        {...limits}
        onChange={(event) => list.setFilters({ [bound]: event.target.value })}
        className={controlClass}
      />
    </label>
  );
  return (
    <>
      {day('from', from, { max: to || undefined })}
      {day('to', to, { min: from || undefined })}
    </>
  );
}
