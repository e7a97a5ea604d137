import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAdminAgents } from '../agents/agent-api';
import { tradeInActions, type TradeInRow } from './trade-in-api';

/**
 * Assign and Mark Paid each send one field; the server's schema checks it and a refusal lands under
 * the field (its `fields`) or in the dialog (a 409 saying why).
 */
function useMoveForm(run: () => Promise<{ message: string }>, done: () => void, field: string) {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      toast.success((await run()).message);
      done();
    } catch (e) {
      if (e instanceof ApiError && e.fields[field]) setFieldError(e.fields[field]);
      else setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return { submit, error, fieldError, busy };
}

type Props = { tradeIn: TradeInRow; onOpenChange: (open: boolean) => void; onDone: () => void };

export function AssignDialog({ tradeIn, onOpenChange, onDone }: Props) {
  const id = useId();
  const agents = useAdminAgents();
  const [agentId, setAgentId] = useState(tradeIn.agentId ?? '');
  const form = useMoveForm(
    () => tradeInActions.assign(tradeIn.transactionNumber, agentId),
    () => {
      onDone();
      onOpenChange(false);
    },
    'agentId',
  );
  const active = agents.data?.filter((a) => a.status === 'active') ?? [];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Assign to Agent" description={tradeIn.transactionNumber}>
        <form noValidate onSubmit={(e) => void form.submit(e)} className="space-y-4">
          {form.error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {form.error}
            </p>
          )}
          <SelectField
            id={id}
            label="Agent"
            required
            value={agentId}
            onChange={(e) => setAgentId(e.target.value)}
            error={form.fieldError}
          >
            <option value="">Choose an agent</option>
            {active.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name} ({agent.role})
              </option>
            ))}
          </SelectField>
          <div className="flex justify-end">
            <Button type="submit" disabled={form.busy}>
              Assign
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function MarkPaidDialog({ tradeIn, onOpenChange, onDone }: Props) {
  const id = useId();
  const [reference, setReference] = useState('');
  const form = useMoveForm(
    () => tradeInActions.markPaid(tradeIn.transactionNumber, reference),
    () => {
      onDone();
      onOpenChange(false);
    },
    'payoutReference',
  );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Mark Paid" description={tradeIn.transactionNumber}>
        <form noValidate onSubmit={(e) => void form.submit(e)} className="space-y-4">
          {form.error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {form.error}
            </p>
          )}
          <TextField
            id={id}
            label="Payout Reference"
            required
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            error={form.fieldError}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={form.busy}>
              Mark Paid
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
