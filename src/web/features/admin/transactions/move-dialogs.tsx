import { useId, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { assignAgentSchema, markPaidSchema } from '../../../../shared/trade-ins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { inputProps, submitWith, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useActiveAgents } from '../agents/agent-api';
import { tradeInActions, type TradeInRow } from './trade-in-api';

/**
 * Assign and Mark Paid each send one field on the schema the route parses: a refusal of the field
 * lands under it, anything else (a 409 saying why) in the dialog's alert.
 */
function useMoveForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  run: (input: z.output<Schema>) => Promise<{ message: string }>,
  done: () => void,
) {
  const form = useZodForm(schema, { defaultValues });
  const [error, setError] = useState<string | null>(null);
  const submit = submitWith(
    form,
    async (input) => {
      setError(null);
      toast.success((await run(input)).message);
      done();
    },
    { report: setError },
  );
  return { form, submit, error, busy: form.formState.isSubmitting, input: inputProps(form, useId()) };
}

type Props = { tradeIn: TradeInRow; onOpenChange: (open: boolean) => void; onDone: () => void };

export function AssignDialog({ tradeIn, onOpenChange, onDone }: Props) {
  const agents = useActiveAgents();
  const form = useMoveForm(
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
  const form = useMoveForm(
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
