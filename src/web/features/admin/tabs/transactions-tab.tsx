import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_EXPORT_PATHS, PAYOUTS_DUE_LABEL, PAYOUTS_DUE_STATUS } from '../../../../shared/admin-exports';
import { ALL_SALE_STATUSES, REASSIGNABLE_STATUSES } from '../../../../shared/trade-in-statuses';
import { StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { money } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { RowTitle } from '../components/row-title';
import { cardList } from '../../../components/card-list';
import { ListTab } from '../components/list-tab';
import { ListForSaleDialog } from '../transactions/list-for-sale-dialog';
import { AssignDialog, MarkPaidDialog, ReturnDeviceDialog } from '../transactions/move-dialogs';
import { TradeInDetailDialog } from '../transactions/trade-in-detail-dialog';
import {
  SALE_STATUS_TONES,
  tradeInActions,
  useRefreshTradeIns,
  useTradeInList,
  type TradeInRow,
} from '../transactions/trade-in-api';
import { formatDate } from '../../../../shared/dates';
import { ADMIN_OPEN_PARAM } from '../../../../shared/paths';

/** Awaiting Payment is offered as the payouts due: its export carries the sellers' payout accounts. */
const STATUS_OPTIONS = ALL_SALE_STATUSES.map((value) => ({
  value,
  label: value === PAYOUTS_DUE_STATUS ? PAYOUTS_DUE_LABEL : value,
}));

/** The admin's Transactions tab (spec 001): every trade-in, and the steps that get agents work and customers paid. */
export default function TransactionsTab() {
  const list = useTradeInList();
  const refresh = useRefreshTradeIns();

  return (
    <ListTab
      id="transactions"
      title="Transactions"
      toolbar={{
        searchLabel: 'Search by transaction number, name or email',
        statuses: STATUS_OPTIONS,
        exportPath: ADMIN_EXPORT_PATHS.tradeIns,
      }}
      list={list}
      errorTitle="Failed to load transactions"
      empty={{ title: 'No transactions found', description: 'Devices customers submit for sale appear here' }}
    >
      {cardList('space-y-3', (row) => (
        <TradeInCard key={row.transactionNumber} row={row} onChanged={() => void refresh()} />
      ))}
    </ListTab>
  );
}

function TradeInCard({ row, onChanged }: { row: TradeInRow; onChanged: () => void }) {
  const [params, setParams] = useSearchParams();
  // A link to this trade-in (the admin's new trade-in email) opens its details at once.
  const [dialog, setDialog] = useState<'detail' | 'assign' | 'paid' | 'return' | 'list' | null>(
    params.get(ADMIN_OPEN_PARAM) === row.transactionNumber ? 'detail' : null,
  );
  const [busy, setBusy] = useState(false);
  const close = (open: boolean) => {
    if (open) return;
    setDialog(null);
    if (params.has(ADMIN_OPEN_PARAM)) {
      setParams(
        (now) => {
          now.delete(ADMIN_OPEN_PARAM);
          return now;
        },
        { replace: true },
      );
    }
  };

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
        <RowTitle number={row.transactionNumber} name={row.customerName} detail={row.customerEmail}>
          <p className="text-sm text-slate-700">{row.deviceInfo}</p>
        </RowTitle>
        <StatusBadge status={row.status} tones={SALE_STATUS_TONES} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Submitted {formatDate(row.submittedDate)} · {money(row.offeredAmount ?? row.estimatedValue ?? 0, 'offer')}
        {row.agentName ? ` · Agent: ${row.agentName}` : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setDialog('detail')}>
          View Details
        </Button>
        {row.status === 'Awaiting Confirmation' && (
          <Button size="sm" disabled={busy} onClick={() => void confirm()}>
            Confirm
          </Button>
        )}
        {(REASSIGNABLE_STATUSES as readonly string[]).includes(row.status) && (
          <Button size="sm" variant={row.agentId ? 'secondary' : 'primary'} onClick={() => setDialog('assign')}>
            {row.agentId ? 'Reassign' : 'Assign to Agent'}
          </Button>
        )}
        {row.status === 'Awaiting Payment' && (
          <Button size="sm" onClick={() => setDialog('paid')}>
            Mark Paid
          </Button>
        )}
        {row.status === 'Offer Declined' && (
          <Button size="sm" variant="secondary" onClick={() => setDialog('return')}>
            Mark Returned
          </Button>
        )}
        {row.status === 'Paid' && (
          <Button size="sm" onClick={() => setDialog('list')}>
            List for sale
          </Button>
        )}
      </div>
      {dialog === 'detail' && (
        <TradeInDetailDialog number={row.transactionNumber} onOpenChange={close} onMarkPaid={() => setDialog('paid')} />
      )}
      {dialog === 'assign' && <AssignDialog tradeIn={row} onOpenChange={close} onDone={onChanged} />}
      {dialog === 'paid' && <MarkPaidDialog tradeIn={row} onOpenChange={close} onDone={onChanged} />}
      {dialog === 'return' && <ReturnDeviceDialog tradeIn={row} onOpenChange={close} onDone={onChanged} />}
      {dialog === 'list' && <ListForSaleDialog tradeIn={row} onOpenChange={close} onDone={onChanged} />}
    </li>
  );
}
