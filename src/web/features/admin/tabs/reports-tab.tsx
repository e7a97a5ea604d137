import { useId, useState, type FormEvent } from 'react';
import { ADMIN_EXPORT_PATHS, exportFileUrl } from '../../../../shared/admin-exports';
import { formatDate } from '../../../../shared/dates';
import { REPORT_MESSAGES, type MarginLine, type StockReport } from '../../../../shared/stock-report';
import { ListStatus } from '../../../components/list-status';
import { Button, buttonClass } from '../../../components/ui/button';
import { money } from '../../../lib/money';
import { reportSearch, useStockReport, type ReportPeriod } from '../reports/report-api';
import { PanelList, PanelSection } from '../components/tab-section';
import { StatCard } from '../components/stat-card';

/**
 * The admin's Reports tab (docs/decisions/091): for a period of the store's days, what was bought, listed, sold,
 * written off and returned, the money, the gross margin by type and brand, the waits and the oldest stock.
 */
export default function ReportsTab() {
  const [period, setPeriod] = useState<ReportPeriod>({ from: '', to: '' });
  const report = useStockReport(period);
  return (
    <div className="space-y-6">
      <PeriodPicker period={report.data ?? period} onChange={setPeriod} />
      {report.isPending ? (
        <ListStatus kind="loading" />
      ) : !report.data ? (
        <ListStatus kind="error" title={REPORT_MESSAGES.loadFailed} onRetry={() => void report.refetch()} />
      ) : (
        <ReportBody report={report.data} />
      )}
    </div>
  );
}

const PERIOD_ENDS = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
] as const;

function PeriodPicker({ period, onChange }: { period: ReportPeriod; onChange: (period: ReportPeriod) => void }) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Report period">
      {PERIOD_ENDS.map(({ name, label }) => (
        <div key={name}>
          <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-900">
            {label}
          </label>
          {/* Keyed by the value the report answered for, so an adjusted period shows in the box. */}
          <input
            id={`${id}-${name}`}
            name={name}
            type="date"
            defaultValue={period[name]}
            key={`${name}-${period[name]}`}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
      ))}
      <Button type="submit">Show report</Button>
      <a
        href={exportFileUrl(ADMIN_EXPORT_PATHS.reports, 'csv') + `?${reportSearch(period)}`}
        download
        className={buttonClass('secondary')}
      >
        Export CSV
      </a>
    </form>
  );
}

const days = (value: number | null) => (value === null ? 'None yet' : `${value} ${value === 1 ? 'day' : 'days'}`);

function ReportBody({ report }: { report: StockReport }) {
  const { units, money: cash } = report;
  return (
    <>
      <section aria-labelledby="report-units" className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        <h2 id="report-units" className="sr-only">
          Units
        </h2>
        <StatCard label="Bought" value={units.bought} note={`Paid to sellers: ${money(cash.boughtFor, 'admin')}`} />
        <StatCard label="Listed" value={units.listed} />
        <StatCard label="Sold" value={units.sold} />
        <StatCard label="Written off" value={units.writtenOff} />
        <StatCard label="Returned" value={units.returned} />
      </section>
      <section aria-labelledby="report-money" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <h2 id="report-money" className="sr-only">
          Money
        </h2>
        <StatCard
          label="Revenue"
          value={money(cash.revenue, 'admin')}
          note={`Received ${money(cash.received, 'admin')} from ${cash.ordersPaid} orders, less ${money(cash.refunded, 'admin')} refunded`}
        />
        <StatCard
          label="Gross margin"
          value={money(report.total.grossMargin, 'admin')}
          note={`Sales ${money(report.total.sales, 'admin')} less cost ${money(report.total.cost, 'admin')}`}
        />
        <StatCard
          label="Days from paid to listed"
          value={days(report.averageDays.paidToListed)}
          note="Average, trade-ins listed in the period"
        />
        <StatCard
          label="Days from listed to sold"
          value={days(report.averageDays.listedToSold)}
          note="Average, units sold in the period"
        />
      </section>
      <MarginTable lines={report.margins} total={report.total} />
      <OldestUnsold rows={report.oldestUnsold} />
    </>
  );
}

const HEAD = 'px-3 py-2 text-left text-xs font-semibold uppercase text-slate-600';
const CELL = 'px-3 py-2 text-sm text-slate-800';
const MARGIN_COLUMNS = ['Devices', 'Units sold', 'Sales', 'Cost', 'Gross margin'];

function MarginTable({ lines, total }: { lines: MarginLine[]; total: MarginLine }) {
  const row = (line: MarginLine, key: string) => (
    <tr key={key} className="border-t border-slate-100">
      <th scope="row" className={`${CELL} text-left font-medium`}>
        {line.type === 'All' ? 'All devices' : `${line.brand} ${line.type}`}
      </th>
      <td className={CELL}>{line.unitsSold}</td>
      <td className={CELL}>{money(line.sales, 'admin')}</td>
      <td className={CELL}>
        {money(line.cost, 'admin')}
        {line.unitsWithoutCost > 0 && ` (${line.unitsWithoutCost} without a cost)`}
      </td>
      <td className={CELL}>{money(line.grossMargin, 'admin')}</td>
    </tr>
  );
  return (
    <PanelSection
      title="Gross margin by type and brand"
      empty={lines.length === 0 ? 'No units sold in this period' : null}
    >
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <div
        role="region"
        aria-label="Gross margin table"
        tabIndex={0}
        className="mt-3 overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <table className="w-full">
          <thead>
            <tr>
              {MARGIN_COLUMNS.map((column) => (
                <th key={column} scope="col" className={HEAD}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => row(line, `${line.type}-${line.brand}`))}
            {row(total, 'total')}
          </tbody>
        </table>
      </div>
    </PanelSection>
  );
}

function OldestUnsold({ rows }: { rows: StockReport['oldestUnsold'] }) {
  return (
    <PanelList title="Oldest unsold units" empty="No unit is waiting" rows={rows} ordered>
      {(unit, index) => (
        <li key={`${unit.deviceId}-${index}`} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
          <span className="font-medium text-slate-900">{unit.name}</span>
          <span className="text-slate-700">
            Listed {formatDate(unit.listedAt)} · {days(unit.daysWaiting)} waiting ·{' '}
            {unit.tradeInNumber ? `Trade-in ${unit.tradeInNumber}` : 'Added by hand'} · Cost{' '}
            {unit.cost === null ? 'not recorded' : money(unit.cost, 'admin')} · Price {money(unit.price, 'admin')}
          </span>
        </li>
      )}
    </PanelList>
  );
}
