import { assignAgentSchema, markPaidSchema } from '../../../../shared/trade-ins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { useActionForm } from '../../../lib/forms';
import { useActiveAgents } from '../agents/agent-api';
import { tradeInActions, type TradeInRow } from './trade-in-api';

type Props = { tradeIn: TradeInRow; onOpenChange: (open: boolean) => void; onDone: () => void };

export function AssignDialog({ tradeIn, onOpenChange, onDone }: Props) {
  const agents = useActiveAgents();
  const form = useActionForm(
    assignAgentSchema,
    { agentId: tradeIn.agentId ?? '' },
    ({ agentId }) => tradeInActions.assign(tradeIn.transactionNumber, agentId),
    () => {
      onDone();
      onOpenChange(false);
    },
  );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Assign to Agent" description={tradeIn.transactionNumber}>
        <form noValidate onSubmit={form.submit} className="space-y-4">
          {form.error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {form.error}
            </p>
          )}
          <SelectField label="Agent" required {...form.input('agentId')}>
            <option value="">Choose an agent</option>
            {agents.data?.items.map((agent) => (
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
  const form = useActionForm(
    markPaidSchema,
    { payoutReference: '' },
    ({ payoutReference }) => tradeInActions.markPaid(tradeIn.transactionNumber, payoutReference),
    () => {
      onDone();
      onOpenChange(false);
    },
  );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Mark Paid" description={tradeIn.transactionNumber}>
        <form noValidate onSubmit={form.submit} className="space-y-4">
          {form.error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {form.error}
            </p>
          )}
          <TextField label="Payout Reference" required {...form.input('payoutReference')} />
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
