import { useId } from 'react';
import { AGENT_MESSAGES, agentDeactivateSchema, type AdminAgent, type AgentOpenWork } from '../../../../shared/agents';
import { DialogActions } from '../../../components/dialog-actions';
import { LoadedQuery } from '../../../components/loaded-query';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { agentActions, useOpenWork } from './agent-api';
import { HandOverFields, noOpenWork, OpenWorkList } from './hand-over-fields';

/**
 * The card's delete (decision 047): the agent's open trade-ins and pickups are listed first. With
 * open work, the admin chooses who takes it over and the agent is deactivated; without, the agent is
 * deleted, or deactivated when they have history.
 */
export function DeactivateDialog({
  agent,
  open,
  onOpenChange,
  onDone,
}: {
  agent: AdminAgent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const work = useOpenWork(agent.id, open);
  const hasWork = work.data && !noOpenWork(work.data);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={hasWork ? `Deactivate ${agent.name}?` : `Delete ${agent.name}?`} size="md">
        <LoadedQuery query={work} errorTitle="Failed to load the agent's open work">
          {(data) =>
            noOpenWork(data) ? (
              <NoWork agent={agent} onDone={onDone} onOpenChange={onOpenChange} />
            ) : (
              <HandOverForm agent={agent} work={data} onDone={onDone} onOpenChange={onOpenChange} />
            )
          }
        </LoadedQuery>
      </DialogContent>
    </Dialog>
  );
}

type Step = { agent: AdminAgent; onDone: () => void; onOpenChange: (open: boolean) => void };

function HandOverForm({ agent, work, onDone, onOpenChange }: Step & { work: AgentOpenWork }) {
  const form = useZodForm(agentDeactivateSchema, {
    defaultValues: { handOver: { mode: 'agent', agentId: '' } },
    shouldUnregister: true,
  });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (body) => {
      const reply = await agentActions.deactivate(agent.id, body);
      toast.success(reply.message);
      onDone();
      onOpenChange(false);
    },
    { report: 'alert', fallback: AGENT_MESSAGES.deleteFailed },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">
        {agent.name} still holds this work. Each record is handed over and its customer emailed the new agent&apos;s
        name; then {agent.name} is signed out until reactivated.
      </p>
      <OpenWorkList work={work} />
      <HandOverFields form={form} input={input} agentId={agent.id} />
      <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
      <DialogActions>
        <Button type="submit" variant="danger" disabled={busy}>
          Deactivate and hand over
        </Button>
      </DialogActions>
    </form>
  );
}

function NoWork({ agent, onDone, onOpenChange }: Step) {
  async function remove() {
    try {
      toast.success((await agentActions.remove(agent.id)).message);
      onDone();
      onOpenChange(false);
    } catch (error) {
      toast.error(AGENT_MESSAGES.deleteFailed, error instanceof ApiError ? { description: error.message } : undefined);
    }
  }
  return (
    <>
      <p className="text-sm text-slate-600">
        {agent.name} holds no open trade-ins or pickups. An agent with history is deactivated and signed out (and can be
        reactivated); one without is removed.
      </p>
      <DialogActions className="mt-6">
        <Button variant="danger" onClick={() => void remove()}>
          Delete
        </Button>
      </DialogActions>
    </>
  );
}
