import {
  AlertTriangle,
  DatabaseBackup,
  DollarSign,
  Package,
  PackageX,
  RotateCcw,
  UserCheck,
  Users,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { AdminOverview } from '../../../../shared/admin-overview';
import { backupLine, type BackupStatus } from '../../../../shared/backups';
import type { AnySaleStatus } from '../../../../shared/trade-in-statuses';
import { money } from '../../../lib/money';
import { RowTitle } from '../components/row-title';
import { ListStatus } from '../../../components/list-status';
import { StatusBadge } from '../../../components/status-badge';
import { useOverview } from '../overview/overview-api';
import { SALE_STATUS_TONES } from '../transactions/trade-in-api';
import { PanelList, PanelSection } from '../components/tab-section';
import { StatCard } from '../components/stat-card';

const RevenueChart = lazy(() => import('../overview/revenue-chart'));

/** The admin's Overview (spec 001): four cards, the first five trade-ins and the last 30 days. */
export default function OverviewTab() {
  const overview = useOverview();
  const data = overview.data;
  if (overview.isPending) return <ListStatus kind="loading" />;
  if (!data) {
    return <ListStatus kind="error" title="Failed to load the overview" onRetry={() => void overview.refetch()} />;
  }
  return (
    <div className="space-y-8">
      <BackupLine status={data.backups} now={data.now} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={<Users className="size-5" />}
          label="Total Customers"
          value={data.totalCustomers}
          note="Accounts and guests who paid, each once"
        />
        <StatCard icon={<UserCheck className="size-5" />} label="Active Agents" value={data.activeAgents} />
        <StatCard icon={<Package className="size-5" />} label="Total Transactions" value={data.totalTransactions} />
        <StatCard
          icon={<DollarSign className="size-5" />}
          label="Total Revenue"
          value={money(data.totalRevenue, 'admin')}
          note={`Paid orders less refunds. Offered on trade-ins: ${money(data.offeredTotal, 'offer')}`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard
          icon={<RotateCcw className="size-5" />}
          label="Open Returns"
          value={data.returns.open}
          note={
            data.returns.oldestOpenDays === null
              ? 'No open return or warranty request'
              : `The oldest has waited ${data.returns.oldestOpenDays} ${data.returns.oldestOpenDays === 1 ? 'day' : 'days'}`
          }
        />
        <StatCard
          icon={<PackageX className="size-5" />}
          label="Units Written Off"
          value={data.returns.writeOffs.units}
          note={`Returned unsellable; sold for ${money(data.returns.writeOffs.value, 'admin')}`}
        />
      </div>
      <RecentTransactions rows={data.recentTransactions} />
      <Daily daily={data.daily} />
    </div>
  );
}

/** 'Last backup 3 h ago', and what to do when the backups need the admin (docs/decisions/075). */
function BackupLine({ status, now }: { status: BackupStatus; now: string }) {
  const { text, warning } = backupLine(status, new Date(now));
  const good = status.lastSuccess;
  const detail =
    good && ` (${(good.bytes / 1024 / 1024).toFixed(1)} MB, ${Math.max(1, Math.round(good.durationMs / 1000))} s)`;
  return (
    <section
      aria-label="Backups"
      className={`flex items-start gap-3 rounded-xl border p-4 text-sm ${warning ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-200 bg-white text-slate-700'}`}
    >
      {warning ? (
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      ) : (
        <DatabaseBackup className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
      )}
      <div>
        <p className="font-medium">
          {text}
          {detail}
        </p>
        {warning && <p className="mt-1">{warning}</p>}
      </div>
    </section>
  );
}

function RecentTransactions({ rows }: { rows: AdminOverview['recentTransactions'] }) {
  return (
    <PanelList title="Recent Transactions" empty="No transactions yet" rows={rows}>
      {(row) => (
        <li key={row.transactionNumber} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <RowTitle
            number={row.transactionNumber}
            // Trade-ins from before the sell form asked for a name have none.
            name={row.customerName || 'Guest seller'}
            detail={row.deviceInfo}
            weight="font-medium"
          />
          <div className="flex items-center gap-3">
            <span className="font-semibold">{money(row.amount, 'offer')}</span>
            <StatusBadge status={row.status as AnySaleStatus} tones={SALE_STATUS_TONES} />
          </div>
        </li>
      )}
    </PanelList>
  );
}

function Daily({ daily }: { daily: AdminOverview['daily'] }) {
  return (
    <PanelSection title="Revenue and orders, last 30 days">
      <Suspense fallback={<div className="h-64" />}>
        <RevenueChart daily={daily} />
      </Suspense>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Figures by day</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Revenue and paid orders per day</caption>
          <thead>
            <tr className="text-slate-500">
              <th scope="col" className="py-1">
                Date
              </th>
              <th scope="col" className="py-1 text-right">
                Revenue
              </th>
              <th scope="col" className="py-1 text-right">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {d.date}
                </th>
                <td className="py-1 text-right">{money(d.revenue, 'admin')}</td>
                <td className="py-1 text-right">{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </PanelSection>
  );
}
