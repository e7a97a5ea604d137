import { useId } from 'react';
import {
  AGENT_MESSAGES,
  AGENT_PHONE_PLACEHOLDER,
  AGENT_ROLES,
  agentCreateSchema,
  agentUpdateSchema,
  AGENT_STATUS_FILTERS,
  type AdminAgent,
} from '../../../../shared/agents';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PasswordField, SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { agentActions, useOpenWork } from './agent-api';
import { HandOverFields, noOpenWork, OpenWorkList } from './hand-over-fields';

/**
 * Create Agent and Edit Agent: the same fields; the password is required only on create. Editing also
 * sets the status: an active agent made inactive with open work lists it and asks who takes it over,
 * as the Deactivate dialog does (the same server path).
 */
export function AgentDialog({
  agent,
  open,
  onOpenChange,
  onSaved,
}: {
  agent?: AdminAgent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  // Both schemas take the same fields; the create one also requires the password.
  const schema = (agent ? agentUpdateSchema : agentCreateSchema) as typeof agentUpdateSchema;
  const form = useZodForm(schema, {
    defaultValues: {
      name: agent?.name ?? '',
      email: agent?.email ?? '',
      phone: agent?.phone ?? '',
      role: agent?.role ?? 'Agent',
      username: agent?.username ?? '',
      password: '',
      ...(agent ? { status: agent.status, handOver: { mode: 'agent' as const, agentId: '' } } : {}),
    },
    // The hand-over is sent only while its fields are shown (an agent made inactive who holds work).
    shouldUnregister: true,
  });
  const deactivating = agent?.status === 'active' && form.watch('status') === 'inactive';
  const work = useOpenWork(agent?.id ?? '', deactivating);
  const handingOver = deactivating && work.data && !noOpenWork(work.data) ? work.data : null;
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (details) => {
      if (agent) await agentActions.update(agent.id, details);
      else await agentActions.create(details);
      toast.success(agent ? AGENT_MESSAGES.updated : AGENT_MESSAGES.created);
      onSaved();
      onOpenChange(false);
    },
    {
      report: 'alert',
      fallback: AGENT_MESSAGES.saveFailed,
      // A refusal no field took is toasted as well, under the failure's title.
      onFailure: (_, left) => {
        if (left) toast.error(AGENT_MESSAGES.saveFailed, { description: left });
      },
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={agent ? 'Edit Agent' : 'Create Agent'}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:col-span-2" />
          <TextField label="Full Name" required {...input('name')} />
          <TextField label="Email" type="email" required {...input('email')} />
          <TextField label="Phone" type="tel" placeholder={AGENT_PHONE_PLACEHOLDER} required {...input('phone')} />
          <SelectField label="Role" required options={AGENT_ROLES} {...input('role')} />
          <TextField label="Username" required autoComplete="off" {...input('username')} />
          <PasswordField
            label="Password"
            required={!agent}
            optional={Boolean(agent)}
            hint={agent ? 'Leave blank to keep the current password' : undefined}
            {...input('password')}
          />
          {agent && <SelectField label="Status" required options={AGENT_STATUS_FILTERS} {...input('status')} />}
          {handingOver && agent && (
            <div className="space-y-3 sm:col-span-2">
              <p className="text-sm text-slate-600">
                {agent.name} still holds this work: it is handed over when you save, and each customer is emailed their
                new agent.
              </p>
              <OpenWorkList work={handingOver} />
              <HandOverFields form={form} input={input} agentId={agent.id} />
            </div>
          )}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {agent ? 'Save Changes' : 'Create Agent'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
