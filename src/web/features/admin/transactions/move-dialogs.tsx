import type { ReactNode } from 'react';
import { assignAgentSchema, markPaidSchema } from '../../../../shared/trade-ins';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadedQuery } from '../../../components/loaded-query';
import type { FormSubmit } from '../../../lib/forms';
import { money } from '../../../lib/money';
import { useActiveAgents } from '../agents/agent-api';
import { useActionForm, type ActionProps } from '../components/action-dialog';
import { PayoutAccountPanel } from './payout-account';
import { tradeInActions, useTradeInDetail, type TradeInRow } from './trade-in-api';

type Props = ActionProps & { tradeIn: TradeInRow };

/** The frame of a move on one trade-in: its number under the title, the refusal, the fields, one button. */
function MoveDialog({
  title,
  submitLabel = title,
  tradeIn,
  onOpenChange,
  submit,
  children,
}: Omit<Props, 'onDone'> & {
  title: string;
  submitLabel?: string;
  submit: FormSubmit;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={tradeIn.transactionNumber}>
        <form noValidate onSubmit={submit.onSubmit} className="space-y-4">
          <FormAlert message={submit.alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          {children}
          <div className="flex justify-end">
            <Button type="submit" disabled={submit.busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AssignDialog(props: Props) {
  const { tradeIn, onOpenChange } = props;
  const agents = useActiveAgents();
  const { input, submit } = useActionForm(
    assignAgentSchema,
    { agentId: tradeIn.agentId ?? '' },
    ({ agentId }) => tradeInActions.assign(tradeIn.transactionNumber, agentId),
    props,
  );
  return (
    <MoveDialog
      title="Assign to Agent"
      submitLabel="Assign"
      tradeIn={tradeIn}
      onOpenChange={onOpenChange}
      submit={submit}
    >
      <SelectField
        label="Agent"
        required
        placeholder="Choose an agent"
        options={(agents.data?.items ?? []).map((agent) => ({
          value: agent.id,
          label: `${agent.name} (${agent.role})`,
        }))}
        {...input('agentId')}
      />
    </MoveDialog>
  );
}

export function MarkPaidDialog(props: Props) {
  const { tradeIn, onOpenChange } = props;
  const { input, submit } = useActionForm(
    markPaidSchema,
    { payoutReference: '' },
    ({ payoutReference }) => tradeInActions.markPaid(tradeIn.transactionNumber, payoutReference),
    props,
  );
  return (
    <MoveDialog title="Mark Paid" tradeIn={tradeIn} onOpenChange={onOpenChange} submit={submit}>
      <PayTo number={tradeIn.transactionNumber} />
      <TextField
        label="Payout Reference"
        required
        hint="The reference of the bank transfer, as the seller's statement shows it"
        {...input('payoutReference')}
      />
    </MoveDialog>
  );
}

/**
 * What to pay and where: the amount, in the currency the seller accepted it in (offers are rand, as the
 * Transactions export and the payout email say), and the payout account (its number revealed on request, audited).
 */
function PayTo({ number }: { number: string }) {
  const detail = useTradeInDetail(number);
  return (
    <LoadedQuery query={detail} errorTitle="Failed to load the payout account">
      {(data) => (
        <div>
          <p className="text-sm text-slate-700">
            Amount to pay: <strong>{money(data.offeredAmount ?? 0, 'offer')}</strong>
          </p>
          <PayoutAccountPanel number={number} status={data.status} payout={data.payout} />
        </div>
      )}
    </LoadedQuery>
  );
}
