import { Download, FileSpreadsheet, RefreshCw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { exportFileUrl, type ExportFormat } from '../../../../shared/admin-exports';
import { Button, buttonClass } from '../../../components/ui/button';
import { SearchForm } from '../../../components/search-form';
import { controlClass } from '../../../components/ui/field';
import type { PagedList } from '../../../lib/use-paged-list';

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
}: {
  list: PagedList<T>;
  searchLabel: string;
  statuses?: ReadonlyArray<{ value: string; label: string }>;
  statusLabel?: string;
  exportPath?: string;
  children?: ReactNode;
}) {
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
        <label>
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{statusLabel}</span>
          <select
            value={list.status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
            className={controlClass}
          >
            <option value="">All</option>
            {statuses.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </label>
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
