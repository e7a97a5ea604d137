import { formatPickupDate } from '../../../shared/repair-calendar';
import { REPAIR_DEVICE_TYPE_LABELS } from '../../../shared/repair-services';
import {
  REPAIR_AGENT_MOVES,
  REPAIR_STATUS_LABELS,
  statusBefore,
  type AgentRepairPickup,
  type RepairBookingStatus,
} from '../../../shared/repairs';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { agentActions, useAgentMove, useAgentPickups } from './agent-api';
import { WorkCard } from './work-card';
import { WorkPanel } from './work-panel';
import { formatPhone } from '../../../shared/phones';

const REPAIR_TONES: Record<RepairBookingStatus, BadgeTone> = {
  booked: 'blue',
  picked_up: 'amber',
  in_repair: 'purple',
  ready: 'green',
  returned: 'grey',
  cancelled: 'red',
};

/** The agent's repair pickups by date and slot, each with its one next step (forward only, emailed to the customer). */
export function RepairPickups({ agentId }: { agentId: string }) {
  return (
    <WorkPanel
      title="Repair Pickups"
      query={useAgentPickups(agentId)}
      errorTitle="Failed to load your pickups"
      empty={{ title: 'No pickups assigned', description: 'Repairs customers book are given to an agent to collect.' }}
    >
      {(all) =>
        [...byDay(all)].map(([date, onDay]) => <PickupDay key={date} date={date} pickups={onDay} agentId={agentId} />)
      }
    </WorkPanel>
  );
}

/** The pickups grouped by their date, in the order they came (by date and slot). */
function byDay(pickups: AgentRepairPickup[]): Map<string, AgentRepairPickup[]> {
  const days = new Map<string, AgentRepairPickup[]>();
  for (const pickup of pickups) days.set(pickup.pickupDate, [...(days.get(pickup.pickupDate) ?? []), pickup]);
  return days;
}

function PickupDay({ date, pickups, agentId }: { date: string; pickups: AgentRepairPickup[]; agentId: string }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-slate-800">{formatPickupDate(date)}</h3>
      <ul className="mt-2 space-y-3">
        {pickups.map((pickup) => (
          <PickupCard key={pickup.bookingNumber} agentId={agentId} pickup={pickup} />
        ))}
      </ul>
    </div>
  );
}

function PickupCard({ agentId, pickup }: { agentId: string; pickup: AgentRepairPickup }) {
  const next = REPAIR_AGENT_MOVES.find((move) => statusBefore(move) === pickup.status);
  const move = useAgentMove(agentId, async (status: (typeof REPAIR_AGENT_MOVES)[number]) => {
    await agentActions.movePickup(pickup.bookingNumber, status);
    return `Repair ${pickup.bookingNumber} marked ${REPAIR_STATUS_LABELS[status]}`;
  });
  const { deviceDetails: device, customerDetails: customer } = pickup;
  return (
    <WorkCard
      label={pickup.bookingNumber}
      title={
        <div>
          <p className="font-semibold text-slate-900">
            {pickup.pickupTime} · {pickup.bookingNumber}
          </p>
          <p className="text-sm text-slate-600">{pickup.service.name}</p>
        </div>
      }
      badge={<StatusBadge status={pickup.status} tones={REPAIR_TONES} label={REPAIR_STATUS_LABELS[pickup.status]} />}
      details={[
        [
          'Device',
          [REPAIR_DEVICE_TYPE_LABELS[pickup.deviceType], device.brand, device.model].filter(Boolean).join(' '),
        ],
        ['Issue', [device.issueType, device.description].filter(Boolean).join(': ')],
        // A cancelled or returned pickup names the customer by first name only: the server sends no contact.
        ['Customer', customer ? `${customer.name} · ${formatPhone(customer.phone)}` : pickup.customerFirstName],
        ['Address', customer?.address],
        ['Timeframe', pickup.timeframe],
      ]}
    >
      {next && (
        <Button size="sm" className="mt-4" disabled={move.isPending} onClick={() => move.mutate(next)}>
          Mark {REPAIR_STATUS_LABELS[next]}
        </Button>
      )}
    </WorkCard>
  );
}
