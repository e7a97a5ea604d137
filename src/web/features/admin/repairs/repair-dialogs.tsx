import type { ComponentProps } from 'react';
import { type AdminRepairRow, reassignRepairSchema, rescheduleRepairSchema } from '../../../../shared/admin-repairs';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import { adminCancelRepairSchema } from '../../../../shared/repairs';
import { PickupSlotFields } from '../../../components/pickup-slot-fields';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { usePickupSlots } from '../../../lib/pickup-slots';
import { useActiveAgents } from '../agents/agent-api';
import { ActionDialog, useActionForm, type ActionProps } from '../components/action-dialog';
import { repairActions } from './repair-api';
import { STORE_TIME_NAME } from '../../../../shared/dates';

type Props = ActionProps & { repair: AdminRepairRow };

/** ActionDialog for a move on one booking: its number under the title. */
function RepairMoveDialog({ repair, ...frame }: Omit<ComponentProps<typeof ActionDialog>, 'record'> & Props) {
  return <ActionDialog record={repair.bookingNumber} {...frame} />;
}

const slotLine = (repair: AdminRepairRow) => `${formatPickupDate(repair.pickupDate)} at ${repair.pickupTime}`;

/** Reassign: another active agent; the server refuses one who is full at the booking's slot. */
export function ReassignDialog(props: Props) {
  const { repair } = props;
  const agents = useActiveAgents();
  const { input, submit } = useActionForm(
    reassignRepairSchema,
    { agentId: '' },
    (body) => repairActions.reassign(repair.bookingNumber, body),
    props,
  );
  const others = (agents.data?.items ?? []).filter((agent) => agent.id !== repair.agent?.id);
  return (
    <RepairMoveDialog {...props} title="Reassign Pickup" submitLabel="Reassign" submit={submit}>
      <p className="text-sm text-slate-600">
        Now with {repair.agent?.name ?? 'nobody'}; pickup {slotLine(repair)}. The customer and both agents are emailed.
      </p>
      <SelectField
        label="New agent"
        required
        placeholder={agents.isPending ? 'Loading agents...' : 'Choose an agent'}
        options={others.map((agent) => ({ value: agent.id, label: `${agent.name} (${agent.role})` }))}
        {...input('agentId')}
      />
    </RepairMoveDialog>
  );
}

/** Reschedule: the dates and free times the booking dialog offers (shared/repair-calendar), same agent. */
export function RescheduleDialog(props: Props) {
  const { repair } = props;
  const { form, input, submit } = useActionForm(
    rescheduleRepairSchema,
    { pickupDate: '', pickupTime: '' as never },
    (body) => repairActions.reschedule(repair.bookingNumber, body),
    props,
  );
  const date = form.watch('pickupDate');
  const slots = usePickupSlots(date);
  const offered = (slots.data?.slots ?? []).filter(
    (slot) => !(date === repair.pickupDate && slot === repair.pickupTime),
  );
  return (
    <RepairMoveDialog {...props} title="Reschedule Pickup" submitLabel="Reschedule" submit={submit}>
      <p className="text-sm text-slate-600">
        Now {slotLine(repair)} with {repair.agent?.name ?? 'no agent'}. The customer and the agent are emailed.
      </p>
      <PickupSlotFields
        form={form}
        input={input}
        times={offered}
        pending={slots.isPending}
        note={`Free times, ${STORE_TIME_NAME}`}
      />
    </RepairMoveDialog>
  );
}

/** Cancel: a reason is required; the customer and the agent are emailed it. */
export function CancelRepairDialog(props: Props) {
  const { repair } = props;
  const { input, submit } = useActionForm(
    adminCancelRepairSchema,
    { reason: '' },
    (body) => repairActions.cancel(repair.bookingNumber, body),
    props,
  );
  return (
    <RepairMoveDialog {...props} title="Cancel Booking" danger cancelLabel="Keep Booking" submit={submit}>
      <p className="text-sm text-slate-600">
        Nobody will collect {repair.customerName}&apos;s device on {slotLine(repair)}, and the slot is offered again.
        The customer and the agent are emailed the reason.
      </p>
      <TextAreaField label="Reason" required {...input('reason')} />
    </RepairMoveDialog>
  );
}
