import { useState } from 'react';
import { ALL_SALE_STATUSES, type AnySaleStatus } from '../../../../shared/trade-ins';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { money } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ListHeader, ListState, Pager, StatusBadge, useListFilters } from '../components/admin-list';
import { AssignDialog, MarkPaidDialog } from '../transactions/move-dialogs';
import { tradeInActions, useAdminTradeIns, useRefreshTradeIns, type TradeInRow } from '../transactions/trade-in-api';

const PAGE_SIZE = 20;
const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' });
const STATUS_OPTIONS = ALL_SALE_STATUSES.map((value) => ({ value, label: value }));

/** The admin's Transactions tab (spec 001): every trade-in, and the steps that get agents work and customers paid. */
export default function TransactionsTab() {
  const filters = useListFilters<AnySaleStatus>();
  const { page, setPage } = filters;
  const list = useAdminTradeIns({ page, pageSize: PAGE_SIZE, q: filters.q, status: filters.status || undefined });
  const refresh = useRefreshTradeIns();

  return (
    <section aria-labelledby="transactions-heading">
      <ListHeader
        id="transactions-heading"
        title="Transactions"
        count={list.data ? `${list.data.total} transactions` : ''}
        onRefresh={() => void refresh()}
        busy={list.isFetching}
        searchLabel="Search by transaction number, name or email"
        filters={filters}
        statusOptions={STATUS_OPTIONS}
      />
      <div className="mt-6">
        <ListState
          isPending={list.isPending}
          error={list.error}
          errorMessage="Failed to load transactions"
          isEmpty={list.data?.items.length === 0}
          empty={{ title: 'No transactions found', hint: 'Devices customers submit for sale appear here' }}
        >
          <ul className="space-y-3">
            {list.data?.items.map((row) => (
              <TradeInCard key={row.transactionNumber} row={row} onChanged={() => void refresh()} />
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
        </ListState>
      </div>
    </section>
  );
}

function TradeInCard({ row, onChanged }: { row: TradeInRow; onChanged: () => void }) {
  const [dialog, setDialog] = useState<'assign' | 'paid' | null>(null);
  const [busy, setBusy] = useState(false);
  const close = (open: boolean) => !open && setDialog(null);

  async function confirm() {
    setBusy(true);
    try {
      toast.success((await tradeInActions.confirm(row.transactionNumber)).message);
      onChanged();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to confirm the transaction');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={row.transactionNumber}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">{row.transactionNumber}</p>
          <p className="text-sm text-slate-600">
            {row.customerName} · {row.customerEmail}
          </p>
          <p className="text-sm text-slate-700">{row.deviceInfo}</p>
        </div>
        <StatusBadge tone="blue">{row.status}</StatusBadge>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Submitted {dateFormat.format(new Date(row.submittedDate))} ·{' '}
        {money(row.offeredAmount ?? row.estimatedValue ?? 0, 'admin')}
        {row.agentName ? ` · Agent: ${row.agentName}` : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {row.status === 'Awaiting Confirmation' && (
          <Button size="sm" disabled={busy} onClick={() => void confirm()}>
            Confirm
          </Button>
        )}
        {(row.status === 'Confirmed' || row.status === 'Assigned to Agent') && (
          <Button size="sm" variant={row.agentId ? 'secondary' : 'primary'} onClick={() => setDialog('assign')}>
            {row.agentId ? 'Reassign' : 'Assign to Agent'}
          </Button>
        )}
        {row.status === 'Awaiting Payment' && (
          <Button size="sm" onClick={() => setDialog('paid')}>
            Mark Paid
          </Button>
        )}
      </div>
      {dialog === 'assign' && <AssignDialog tradeIn={row} onOpenChange={close} onDone={onChanged} />}
      {dialog === 'paid' && <MarkPaidDialog tradeIn={row} onOpenChange={close} onDone={onChanged} />}
    </li>
  );
}
