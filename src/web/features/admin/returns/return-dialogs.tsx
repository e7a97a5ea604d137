import { useMemo, type ComponentProps } from 'react';
import { z } from 'zod';
import { formatPickupDate, pickupDates } from '../../../../shared/repair-calendar';
import { REPAIR_SERVICES } from '../../../../shared/repair-services';
import { RETURN_MOVES, type ReturnMove } from '../../../../shared/return-moves';
import {
  declineReturnSchema,
  repairReturnSchema,
  scheduleCollectionSchema,
  type AdminReturnRow,
} from '../../../../shared/returns';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { useActiveAgents } from '../agents/agent-api';
import { ActionDialog, useActionForm, type ActionProps } from '../components/action-dialog';
import { returnActions, useCollectionSlots } from './return-api';

type Props = ActionProps & { request: AdminReturnRow };

/** ActionDialog for a move on one request: its number under the title. */
function ReturnMoveDialog({ request, ...frame }: Omit<ComponentProps<typeof ActionDialog>, 'record'> & Props) {
  return <ActionDialog record={request.returnNumber} {...frame} />;
}

/** Decline: the reason, which the customer is emailed. */
export function DeclineDialog(props: Props) {
  const { request } = props;
  const { input, submit } = useActionForm(
    declineReturnSchema,
    { reason: '' },
    (body) => returnActions.decline(request.returnNumber, body),
    props,
  );
  return (
    <ReturnMoveDialog {...props} title="Decline Request" danger submit={submit}>
      <TextAreaField label="Reason" required rows={3} {...input('reason')} />
    </ReturnMoveDialog>
  );
}

/** Schedule Collection: an active agent and a slot; the server refuses an agent full at it. */
export function ScheduleDialog(props: Props) {
  const { request } = props;
  const agents = useActiveAgents();
  const { form, input, submit } = useActionForm(
    scheduleCollectionSchema,
    { agentId: request.agent?.id ?? '', pickupDate: request.pickupDate, pickupTime: request.pickupTime },
    (body) => returnActions.schedule(request.returnNumber, body),
    props,
  );
  const dates = useMemo(() => pickupDates(new Date()), []);
  const date = form.watch('pickupDate');
  const slots = useCollectionSlots(date);
  const times = [
    ...new Set([...(date === request.pickupDate ? [request.pickupTime] : []), ...(slots.data?.slots ?? [])]),
  ];
  return (
    <ReturnMoveDialog {...props} title="Schedule Collection" submitLabel="Schedule" submit={submit}>
      <p className="text-sm text-slate-600">
        The customer asked for {formatPickupDate(request.pickupDate)} at {request.pickupTime}. The customer and the
        agent are emailed.
      </p>
      <SelectField
        label="Agent"
        required
        placeholder={agents.isPending ? 'Loading agents...' : 'Choose an agent'}
        options={(agents.data?.items ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
        {...input('agentId')}
      />
      <SelectField
        label="Collection Date"
        required
        placeholder="Select a date"
        options={[...new Set([request.pickupDate, ...dates])].map((d) => ({ value: d, label: formatPickupDate(d) }))}
        {...input('pickupDate')}
      />
      <SelectField
        label="Collection Time"
        required
        placeholder="Select a time"
        options={times}
        {...input('pickupTime')}
      />
    </ReturnMoveDialog>
  );
}

/** Repair Under Warranty: the service the job needs; it opens at no charge. */
export function RepairDialog(props: Props) {
  const { request } = props;
  const { input, submit } = useActionForm(
    repairReturnSchema,
    { service: undefined },
    (body) => returnActions.repair(request.returnNumber, body),
    props,
  );
  return (
    <ReturnMoveDialog {...props} title="Repair Under Warranty" submitLabel="Open repair job" submit={submit}>
      <p className="text-sm text-slate-600">A repair job opens at no charge with the agent who holds the device.</p>
      <SelectField
        label="Repair service"
        placeholder={request.repairNumber ? 'The repair’s own service' : 'Choose a service'}
        options={REPAIR_SERVICES.map((s) => ({ value: s.id, label: s.name }))}
        {...input('service')}
      />
    </ReturnMoveDialog>
  );
}

const CONFIRMS = {
  approve: 'The customer is emailed that the request is approved.',
  refund:
    'The units’ price (and the shipping with the order’s last units) goes back to the card, capped by what the payment still holds.',
  replace: 'A unit of the same device is reserved and shipped as a new order at no charge.',
  sendBack: 'The device goes back to the customer; no money or stock moves.',
} as const;

/** One click moves with a confirmation: Approve, Refund, Replace, Return to Customer. */
export function ConfirmMoveDialog(props: Props & { move: keyof typeof CONFIRMS }) {
  const { request, move } = props;
  const { submit } = useActionForm(z.object({}), {}, () => returnActions[move](request.returnNumber), props);
  const label = RETURN_MOVES[move as ReturnMove].label;
  return (
    <ReturnMoveDialog {...props} title={label} submit={submit}>
      <p className="text-sm text-slate-600">{CONFIRMS[move]}</p>
    </ReturnMoveDialog>
  );
}
