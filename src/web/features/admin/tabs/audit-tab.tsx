import type { AuditEntry } from '../../../../shared/admin';
import { Button } from '../../../components/ui/button';
import { SearchForm } from '../../../components/search-form';
import { controlClass } from '../../../components/ui/field';
import { DataTable, type Column } from '../components/data-table';
import { PagedResults } from '../../../components/paged-results';
import { useAuditLog } from '../audit/audit-api';
import { formatDateTime } from '../payments/format';
import { TabSection } from '../components/tab-section';

const FILTERS = [
  { name: 'person', label: 'Person' },
  { name: 'action', label: 'Action' },
  { name: 'target', label: 'Target' },
] as const;

/** 'trade_in.mfa_reset' as a person reads it: "Trade in: mfa reset" (the code stays below it, for the filter). */
const words = (code: string) => code.replaceAll('_', ' ');
function actionLabel(action: string): string {
  const [entity = '', ...verb] = action.split('.');
  const label = verb.length ? `${words(entity)}: ${words(verb.join(' '))}` : words(entity);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** 'agentId' as "agent id"; a value as text (a nested one compact, never a block of JSON). */
const fieldName = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '-'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** What changed, one line a field: "role: Supervisor → Agent", then the entry's other details. */
function changeLines(entry: AuditEntry): [string, string][] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].map((key): [string, string] => [
    fieldName(key),
    key in before && key in after ? `${shown(before[key])} → ${shown(after[key])}` : shown(after[key] ?? before[key]),
  ]);
  const details = Object.entries(entry.details ?? {}).map(([key, value]): [string, string] => [
    fieldName(key),
    shown(value),
  ]);
  return [...changed, ...details];
}

function Details({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry);
  if (lines.length === 0) return '-';
  return (
    <dl className="max-w-md space-y-0.5 text-xs [overflow-wrap:anywhere]">
      {lines.map(([term, value], i) => (
        <div key={i}>
          <dt className="inline text-slate-500">{term}: </dt>
          <dd className="inline text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const columns: Column<AuditEntry>[] = [
  { header: 'Time', cell: (e) => formatDateTime(e.at), className: 'whitespace-nowrap' },
  { header: 'Who', cell: (e) => e.actor.who },
  { header: 'Role', cell: (e) => e.actor.role },
  {
    header: 'Action',
    cell: (e) => (
      <>
        <span className="block">{actionLabel(e.action)}</span>
        <span className="block font-mono text-xs text-slate-500">{e.action}</span>
      </>
    ),
  },
  { header: 'Target', cell: (e) => `${words(e.target.type)} ${e.target.id}`, className: '[overflow-wrap:anywhere]' },
  { header: 'Details', cell: (e) => <Details entry={e} /> },
  { header: 'Address', cell: (e) => e.ip ?? '-' },
];

/** Audit log: every staff action, newest first, filtered by person, action and target; read-only. */
export default function AuditTab() {
  const list = useAuditLog(FILTERS.map((filter) => filter.name));
  return (
    <TabSection title="Audit log">
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
    </TabSection>
  );
}
