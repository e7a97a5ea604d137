import { useId, useMemo } from 'react';
import { type AdminRepairRow, reassignRepairSchema, rescheduleRepairSchema } from '../../../../shared/admin-repairs';
import { formatPickupDate, pickupDates } from '../../../../shared/repair-calendar';
import { adminCancelRepairSchema } from '../../../../shared/repairs';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { useActiveAgents } from '../agents/agent-api';
import { ActionDialog, actionSend, type ActionProps } from '../components/action-dialog';
import { repairActions, useFreeSlots } from './repair-api';
import { STORE_TIME_NAME } from '../../../../shared/dates';

type Props = ActionProps & { repair: AdminRepairRow };

const slotLine = (repair: AdminRepairRow) => `${formatPickupDate(repair.pickupDate)} at ${repair.pickupTime}`;

/** Reassign: another active agent; the server refuses one who is full at the booking's slot. */
export function ReassignDialog(props: Props) {
  const { repair } = props;
  const agents = useActiveAgents();
  const form = useZodForm(reassignRepairSchema, { defaultValues: { agentId: '' } });
  const input = inputProps(form, useId());
  const submit = useFormSubmit(
    form,
    actionSend((body) => repairActions.reassign(repair.bookingNumber, body), props),
    { report: 'alert' },
  );
  const others = (agents.data?.items ?? []).filter((agent) => agent.id !== repair.agent?.id);
  return (
    <ActionDialog
      title="Reassign Pickup"
      submitLabel="Reassign"
      record={repair.bookingNumber}
      onOpenChange={props.onOpenChange}
      submit={submit}
    >
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
    </ActionDialog>
  );
}

/** Reschedule: the dates and free times the booking dialog offers (shared/repair-calendar), same agent. */
export function RescheduleDialog(props: Props) {
  const { repair } = props;
  const form = useZodForm(rescheduleRepairSchema, { defaultValues: { pickupDate: '', pickupTime: '' as never } });
  const input = inputProps(form, useId());
  const submit = useFormSubmit(
    form,
    actionSend((body) => repairActions.reschedule(repair.bookingNumber, body), props),
    { report: 'alert' },
  );
  const dates = useMemo(() => pickupDates(new Date()), []);
  const date = form.watch('pickupDate');
  const slots = useFreeSlots(date);
  const offered = (slots.data?.slots ?? []).filter(
    (slot) => !(date === repair.pickupDate && slot === repair.pickupTime),
  );
  return (
    <ActionDialog
      title="Reschedule Pickup"
      submitLabel="Reschedule"
      record={repair.bookingNumber}
      onOpenChange={props.onOpenChange}
      submit={submit}
    >
      <p className="text-sm text-slate-600">
        Now {slotLine(repair)} with {repair.agent?.name ?? 'no agent'}. The customer and the agent are emailed.
      </p>
      <SelectField
        label="Pickup Date"
        required
        placeholder="Select a date"
        options={dates.map((d) => ({ value: d, label: formatPickupDate(d) }))}
        {...input('pickupDate', { onChange: () => form.setValue('pickupTime', '' as never) })}
      />
      <SelectField
        label="Pickup Time"
        required
        disabled={!date || slots.isPending}
        hint={
          !date
            ? 'Choose a date first'
            : slots.isPending
              ? 'Loading times...'
              : offered.length === 0
                ? 'No pickup times left on this day. Choose another date.'
                : `Free times, ${STORE_TIME_NAME}`
        }
        placeholder="Select a time"
        options={offered}
        {...input('pickupTime')}
      />
    </ActionDialog>
  );
}

/** Cancel: a reason is required; the customer and the agent are emailed it. */
export function CancelRepairDialog(props: Props) {
  const { repair } = props;
  const form = useZodForm(adminCancelRepairSchema, { defaultValues: { reason: '' } });
  const input = inputProps(form, useId());
  const submit = useFormSubmit(
    form,
    actionSend((body) => repairActions.cancel(repair.bookingNumber, body), props),
    { report: 'alert' },
  );
  return (
    <ActionDialog
      title="Cancel Booking"
      record={repair.bookingNumber}
      danger
      cancelLabel="Keep Booking"
      onOpenChange={props.onOpenChange}
      submit={submit}
    >
      <p className="text-sm text-slate-600">
        Nobody will collect {repair.customerName}&apos;s device on {slotLine(repair)}, and the slot is offered again.
        The customer and the agent are emailed the reason.
      </p>
      <TextAreaField label="Reason" required {...input('reason')} />
    </ActionDialog>
  );
}
