import type { AuditEntry } from '../../../../shared/admin';
import { Button } from '../../../components/ui/button';
import { SearchForm } from '../../../components/search-form';
import { controlClass } from '../../../components/ui/field';
import { DataTable, type Column } from '../components/data-table';
import { PagedResults } from '../../../components/paged-results';
import { useAuditLog } from '../audit/audit-api';
import { formatDateTime } from '../payments/format';

const FILTERS = [
  { name: 'person', label: 'Person' },
  { name: 'action', label: 'Action' },
  { name: 'target', label: 'Target' },
] as const;

const json = (value: Record<string, unknown> | null) =>
  value ? (
    <pre className="max-w-xs overflow-auto text-xs whitespace-pre-wrap">{JSON.stringify(value, null, 1)}</pre>
  ) : (
    '-'
  );

const columns: Column<AuditEntry>[] = [
  { header: 'Time', cell: (e) => formatDateTime(e.at), className: 'whitespace-nowrap' },
  { header: 'Who', cell: (e) => e.actor.who },
  { header: 'Role', cell: (e) => e.actor.role },
  { header: 'Action', cell: (e) => <span className="font-mono text-xs">{e.action}</span> },
  { header: 'Target', cell: (e) => `${e.target.type} ${e.target.id}` },
  { header: 'Before', cell: (e) => json(e.before) },
  { header: 'After', cell: (e) => json(e.after ?? e.details) },
  { header: 'Address', cell: (e) => e.ip ?? '-' },
];

/** Audit log: every staff action, newest first, filtered by person, action and target; read-only. */
export default function AuditTab() {
  const list = useAuditLog(FILTERS.map((filter) => filter.name));
  return (
    <section aria-labelledby="audit-heading" className="space-y-6">
      <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
        Audit log
      </h2>
      <SearchForm
        className="flex flex-wrap items-end gap-3"
        onSearch={(field) => list.setFilters(Object.fromEntries(FILTERS.map(({ name }) => [name, field(name)])))}
      >
        {FILTERS.map(({ name, label }) => (
          <label key={name}>
            <span className="mb-1.5 block text-sm font-medium text-slate-700">{label}</span>
            <input key={list.filters[name]} name={name} defaultValue={list.filters[name]} className={controlClass} />
          </label>
        ))}
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </SearchForm>
      <PagedResults list={list} errorTitle="Failed to load the audit log" empty={{ title: 'No entries found' }}>
        {(entries) => <DataTable caption="Audit log" columns={columns} rows={entries} rowKey={(e) => String(e.id)} />}
      </PagedResults>
    </section>
  );
}
