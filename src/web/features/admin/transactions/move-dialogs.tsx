import type { FormEvent, ReactNode } from 'react';
import { assignAgentSchema, markPaidSchema } from '../../../../shared/trade-ins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadedQuery } from '../../../components/loaded-query';
import { useActionForm } from '../../../lib/forms';
import { money } from '../../../lib/money';
import { useActiveAgents } from '../agents/agent-api';
import { PayoutAccountPanel } from './payout-account';
import { tradeInActions, useTradeInDetail, type TradeInRow } from './trade-in-api';

type Props = { tradeIn: TradeInRow; onOpenChange: (open: boolean) => void; onDone: () => void };

/** The frame of a move on one trade-in: its number under the title, the refusal, the fields, one button. */
function MoveDialog({
  title,
  submitLabel = title,
  tradeIn,
  onOpenChange,
  form,
  children,
}: Omit<Props, 'onDone'> & {
  title: string;
  submitLabel?: string;
  form: { submit: (event: FormEvent<HTMLFormElement>) => void; error: string | null; busy: boolean };
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={tradeIn.transactionNumber}>
        <form noValidate onSubmit={form.submit} className="space-y-4">
          <FormAlert message={form.error} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          {children}
          <div className="flex justify-end">
            <Button type="submit" disabled={form.busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

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
    <MoveDialog title="Assign to Agent" submitLabel="Assign" tradeIn={tradeIn} onOpenChange={onOpenChange} form={form}>
      <SelectField
        label="Agent"
        required
        placeholder="Choose an agent"
        options={(agents.data?.items ?? []).map((agent) => ({
          value: agent.id,
          label: `${agent.name} (${agent.role})`,
        }))}
        {...form.input('agentId')}
      />
    </MoveDialog>
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
    <MoveDialog title="Mark Paid" tradeIn={tradeIn} onOpenChange={onOpenChange} form={form}>
      <PayTo number={tradeIn.transactionNumber} />
      <TextField
        label="Payout Reference"
        required
        hint="The reference of the bank transfer, as the seller's statement shows it"
        {...form.input('payoutReference')}
      />
    </MoveDialog>
  );
}

/** What to pay and where: the amount and the payout account (its number revealed on request, audited). */
function PayTo({ number }: { number: string }) {
  const detail = useTradeInDetail(number);
  return (
    <LoadedQuery query={detail} errorTitle="Failed to load the payout account">
      {(data) => (
        <div>
          <p className="text-sm text-slate-700">
            Amount to pay: <strong>{money(data.offeredAmount ?? 0, 'admin')}</strong>
          </p>
          <PayoutAccountPanel number={number} status={data.status} payout={data.payout} />
        </div>
      )}
    </LoadedQuery>
  );
}
