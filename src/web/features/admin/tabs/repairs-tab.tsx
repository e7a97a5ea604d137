import { useState } from 'react';
import { ADMIN_EXPORT_PATHS } from '../../../../shared/admin-exports';
import { ADMIN_REPAIR_MESSAGES, REPAIR_STATUS_OPTIONS, type AdminRepairRow } from '../../../../shared/admin-repairs';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import { REPAIR_DEVICE_TYPE_LABELS } from '../../../../shared/repair-services';
import { isOpenRepair, REPAIR_STATUS_LABELS, type RepairBookingStatus } from '../../../../shared/repairs';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import type { PagedList } from '../../../lib/use-paged-list';
import { useActiveAgents } from '../agents/agent-api';
import { cardList } from '../../../components/card-list';
import { ListTab } from '../components/list-tab';
import { CardActions, CardFacts, Fact, RecordCard } from '../components/record-card';
import { DayRangeFilter, FilterSelect } from '../components/list-toolbar';
import { RowTitle } from '../components/row-title';
import { useRefreshRepairs, useRepairList } from '../repairs/repair-api';
import { RepairDetailsDialog } from '../repairs/repair-details-dialog';
import { CancelRepairDialog, ReassignDialog, RescheduleDialog } from '../repairs/repair-dialogs';
import { formatPhone } from '../../../../shared/phones';

const TONES: Record<RepairBookingStatus, BadgeTone> = {
  booked: 'amber',
  picked_up: 'blue',
  in_repair: 'purple',
  ready: 'blue',
  returned: 'green',
  cancelled: 'red',
};

/**
 * The admin's Repairs tab: every booking, who collects it and when; searched by REP number, name or
 * email, filtered by status, pickup dates and agent on the server, kept in the URL. Each card opens
 * the booking's details and the moves its status allows: Reassign, Reschedule, Cancel.
 */
export default function RepairsTab() {
  const list = useRepairList();
  const refresh = useRefreshRepairs();
  return (
    <ListTab
      id="repairs"
      title="Repairs"
      counted={{ one: 'booking', many: 'bookings' }}
      toolbar={{
        searchLabel: 'Search by REP number, name or email',
        statuses: REPAIR_STATUS_OPTIONS,
        exportPath: ADMIN_EXPORT_PATHS.repairs,
        children: <RepairFilters list={list} />,
      }}
      list={list}
      errorTitle={ADMIN_REPAIR_MESSAGES.loadFailed}
      empty={{ title: ADMIN_REPAIR_MESSAGES.empty, description: ADMIN_REPAIR_MESSAGES.emptyHint }}
    >
      {cardList('space-y-4', (repair) => (
        <RepairCard key={repair.bookingNumber} repair={repair} onChanged={() => void refresh()} />
      ))}
    </ListTab>
  );
}

/** The pickup dates (one day: the same From and To) and the agent, each applied as it changes. */
function RepairFilters({ list }: { list: PagedList<AdminRepairRow> }) {
  const agents = useActiveAgents();
  return (
    <>
      <DayRangeFilter list={list} label="Pickup" />
      <FilterSelect
        label="Agent"
        value={list.filters.agent ?? ''}
        options={(agents.data?.items ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
        onChange={(agent) => list.setFilters({ agent })}
      />
    </>
  );
}

function RepairCard({ repair, onChanged }: { repair: AdminRepairRow; onChanged: () => void }) {
  const [dialog, setDialog] = useState<'reassign' | 'reschedule' | 'cancel' | null>(null);
  const dialogProps = { repair, onOpenChange: (open: boolean) => !open && setDialog(null), onDone: onChanged };
  const open = isOpenRepair(repair.status);
  const booked = repair.status === 'booked';
  return (
    <RecordCard
      label={`Repair ${repair.bookingNumber}`}
      title={<RowTitle number={repair.bookingNumber} name={repair.customerName} detail={repair.customerEmail} />}
      badges={<StatusBadge status={repair.status} tones={TONES} label={REPAIR_STATUS_LABELS[repair.status]} />}
    >
      <CardFacts>
        <Fact term="Pickup" strong>
          {formatPickupDate(repair.pickupDate)} at {repair.pickupTime}
        </Fact>
        <Fact term="Agent">
          {repair.agent ? `${repair.agent.name}${repair.agent.active ? '' : ' (inactive)'}` : 'None'}
        </Fact>
        <Fact term="Service">
          {repair.service.name} ({REPAIR_DEVICE_TYPE_LABELS[repair.deviceType]})
        </Fact>
        <Fact term="Address" wide>
          {repair.address} · {formatPhone(repair.customerPhone)}
        </Fact>
      </CardFacts>
      <CardActions number={repair.bookingNumber} details={RepairDetailsDialog}>
        {open && (
          <Button variant="secondary" size="sm" onClick={() => setDialog('reassign')}>
            Reassign
          </Button>
        )}
        {booked && (
          <Button variant="secondary" size="sm" onClick={() => setDialog('reschedule')}>
            Reschedule
          </Button>
        )}
        {booked && (
          <Button variant="danger" size="sm" onClick={() => setDialog('cancel')}>
            Cancel Booking
          </Button>
        )}
      </CardActions>
      {dialog === 'reassign' && <ReassignDialog {...dialogProps} />}
      {dialog === 'reschedule' && <RescheduleDialog {...dialogProps} />}
      {dialog === 'cancel' && <CancelRepairDialog {...dialogProps} />}
    </RecordCard>
  );
}
