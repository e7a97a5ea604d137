import { useState } from 'react';
import { ADMIN_EXPORT_PATHS } from '../../../../shared/admin-exports';
import { formatDateTime } from '../../../../shared/dates';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import {
  allowedReturnMoves,
  RETURN_KIND_LABELS,
  RETURN_KINDS,
  RETURN_MOVES,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  type ReturnStatus,
} from '../../../../shared/return-moves';
import type { AdminReturnList, AdminReturnRow } from '../../../../shared/returns';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { money } from '../../../lib/money';
import type { PagedList } from '../../../lib/use-paged-list';
import { cardList } from '../../../components/card-list';
import { ListTab } from '../components/list-tab';
import { CardActions, CardFacts, Fact, RecordCard } from '../components/record-card';
import { DayRangeFilter, FilterSelect } from '../components/list-toolbar';
import { RowTitle } from '../components/row-title';
import { useRefreshReturns, useReturnList } from '../returns/return-api';
import { ReturnDetailsDialog } from '../returns/return-details-dialog';
import { ConfirmMoveDialog, DeclineDialog, RepairDialog, ScheduleDialog } from '../returns/return-dialogs';

const TONES: Record<ReturnStatus, BadgeTone> = {
  requested: 'amber',
  approved: 'blue',
  declined: 'red',
  collection_scheduled: 'blue',
  collected: 'purple',
  inspected: 'purple',
  refunded: 'green',
  repaired: 'green',
  replaced: 'green',
  returned_to_customer: 'green',
  cancelled: 'red',
};

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open (not resolved)' },
  ...RETURN_STATUSES.map((value) => ({ value, label: RETURN_STATUS_LABELS[value] })),
];

/**
 * The admin's Returns tab: every return and warranty claim, searched by RET or ORD number, name or
 * email, filtered by status, kind and the day opened on the server, kept in the URL; the write-offs
 * report; each card opens the request's details and the moves its status allows.
 */
export default function ReturnsTab() {
  const list = useReturnList();
  const refresh = useRefreshReturns();
  const writeOffs = list.query.data?.writeOffs;
  return (
    <ListTab
      id="returns"
      title="Returns"
      counted={{ one: 'request', many: 'requests' }}
      notice={
        writeOffs ? (
          <p className="text-sm text-slate-600">
            Written off: {writeOffs.units} {writeOffs.units === 1 ? 'unit' : 'units'} ({money(writeOffs.value, 'admin')}
            )
          </p>
        ) : null
      }
      toolbar={{
        searchLabel: 'Search by RET or ORD number, name or email',
        statuses: STATUS_OPTIONS,
        exportPath: ADMIN_EXPORT_PATHS.returns,
        children: <ReturnFilters list={list} />,
      }}
      list={list}
      errorTitle="Failed to load returns"
      empty={{ title: 'No return requests found', description: 'Requests appear here when customers open them.' }}
    >
      {cardList('space-y-4', (request) => (
        <ReturnCard key={request.returnNumber} request={request} onChanged={() => void refresh()} />
      ))}
    </ListTab>
  );
}

function ReturnFilters({ list }: { list: PagedList<AdminReturnRow, AdminReturnList> }) {
  return (
    <>
      <FilterSelect
        label="Kind"
        value={list.filters.kind ?? ''}
        options={RETURN_KINDS.map((value) => ({ value, label: RETURN_KIND_LABELS[value] }))}
        onChange={(kind) => list.setFilters({ kind })}
      />
      <DayRangeFilter list={list} label="Opened" />
    </>
  );
}

type Dialog = 'decline' | 'schedule' | 'repair' | 'approve' | 'refund' | 'replace' | 'sendBack';

function ReturnCard({ request, onChanged }: { request: AdminReturnRow; onChanged: () => void }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const props = { request, onOpenChange: (open: boolean) => !open && setDialog(null), onDone: onChanged };
  const moves = allowedReturnMoves(request, 'admin');
  return (
    <RecordCard
      label={`Request ${request.returnNumber}`}
      title={<RowTitle number={request.returnNumber} name={request.customerName} detail={request.customerEmail} />}
      badges={<StatusBadge status={request.status} tones={TONES} label={RETURN_STATUS_LABELS[request.status]} />}
    >
      <CardFacts>
        <Fact term="Kind" strong>
          {RETURN_KIND_LABELS[request.kind]}
        </Fact>
        <Fact term={request.orderNumber ? 'Order' : 'Repair'}>
          {request.orderNumber ?? request.repairNumber} ({request.units} {request.units === 1 ? 'unit' : 'units'})
        </Fact>
        <Fact term="Opened">{formatDateTime(request.createdAt)}</Fact>
        <Fact term="Collection" wide>
          {formatPickupDate(request.pickupDate)} at {request.pickupTime} · {request.agent?.name ?? 'no agent yet'}
        </Fact>
      </CardFacts>
      <CardActions number={request.returnNumber} details={ReturnDetailsDialog}>
        {moves.map((move) => (
          <Button
            key={move}
            variant={move === 'decline' ? 'danger' : 'secondary'}
            size="sm"
            onClick={() => setDialog(move as Dialog)}
          >
            {RETURN_MOVES[move].label}
          </Button>
        ))}
      </CardActions>
      {dialog === 'decline' && <DeclineDialog {...props} />}
      {dialog === 'schedule' && <ScheduleDialog {...props} />}
      {dialog === 'repair' && <RepairDialog {...props} />}
      {(dialog === 'approve' || dialog === 'refund' || dialog === 'replace' || dialog === 'sendBack') && (
        <ConfirmMoveDialog {...props} move={dialog} />
      )}
    </RecordCard>
  );
}
