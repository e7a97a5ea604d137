import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../../../shared/return-moves';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { AgentOpenWork } from '../../../../shared/agents';
import { formatPickupDate } from '../../../../shared/repair-calendar';
import { REPAIR_STATUS_LABELS, type RepairBookingStatus } from '../../../../shared/repairs';
import { SelectField } from '../../../components/ui/field';
import type { InputProps } from '../../../lib/forms';
import { useActiveAgents } from './agent-api';

/** True when the agent holds nothing a deactivation would hand over. */
export const noOpenWork = (work: AgentOpenWork) =>
  work.tradeIns.length + work.pickups.length + work.collections.length === 0;

/** The open trade-ins and repairs of an agent, as the Deactivate and Edit dialogs list them before handing them over. */
export function OpenWorkList({ work }: { work: AgentOpenWork }) {
  return (
    <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
      {work.tradeIns.length > 0 && (
        <section aria-label="Open trade-ins">
          <h3 className="font-semibold">Open trade-ins ({work.tradeIns.length})</h3>
          <ul className="mt-1 space-y-1">
            {work.tradeIns.map((tradeIn) => (
              <li key={tradeIn.transactionNumber} className="break-words">
                <span className="font-mono">{tradeIn.transactionNumber}</span> · {tradeIn.device} · {tradeIn.status}
              </li>
            ))}
          </ul>
        </section>
      )}
      {work.pickups.length > 0 && (
        <section aria-label="Open pickups">
          <h3 className="font-semibold">Open pickups ({work.pickups.length})</h3>
          <ul className="mt-1 space-y-1">
            {work.pickups.map((pickup) => (
              <li key={pickup.bookingNumber} className="break-words">
                <span className="font-mono">{pickup.bookingNumber}</span> · {pickup.service} ·{' '}
                {formatPickupDate(pickup.pickupDate)} at {pickup.pickupTime} ·{' '}
                {REPAIR_STATUS_LABELS[pickup.status as RepairBookingStatus] ?? pickup.status}
              </li>
            ))}
          </ul>
        </section>
      )}
      {work.collections.length > 0 && (
        <section aria-label="Open return collections">
          <h3 className="font-semibold">Open return collections ({work.collections.length})</h3>
          <ul className="mt-1 space-y-1">
            {work.collections.map((collection) => (
              <li key={collection.returnNumber} className="break-words">
                <span className="font-mono">{collection.returnNumber}</span> · {formatPickupDate(collection.pickupDate)}{' '}
                at {collection.pickupTime} ·{' '}
                {RETURN_STATUS_LABELS[collection.status as ReturnStatus] ?? collection.status}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * Who takes the work over: one active agent (the select), or each record the least-loaded active
 * agent. Fields `handOver.mode` and `handOver.agentId` of the form, as the route parses them.
 */
export function HandOverFields<Values extends FieldValues>({
  form,
  input,
  agentId,
}: {
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'register' | 'watch'>;
  input: InputProps<Values>;
  /** The agent being deactivated: not offered. */
  agentId: string;
}) {
  const agents = useActiveAgents();
  const mode = form.watch('handOver.mode' as FieldPath<Values>) as unknown as string | undefined;
  const others = (agents.data?.items ?? []).filter((agent) => agent.id !== agentId);
  const radio = form.register('handOver.mode' as FieldPath<Values>);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Hand the work over to</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="radio" value="agent" {...radio} className="accent-brand-600" />
        One agent
      </label>
      {mode === 'agent' && (
        <SelectField
          label="Agent"
          required
          placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
          options={others.map((agent) => ({ value: agent.id, label: `${agent.name} (${agent.role})` }))}
          {...input('handOver.agentId' as FieldPath<Values>)}
        />
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="radio" value="least-loaded" {...radio} className="accent-brand-600" />
        Spread over the least-loaded active agents
      </label>
      <p className="text-xs text-slate-500">
        A pickup goes to another agent when the chosen one already has as many pickups in its slot as one slot takes.
        Each customer is emailed the name of their new agent.
      </p>
    </fieldset>
  );
}
