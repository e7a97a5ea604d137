import { useEffect, useRef, type ReactNode } from 'react';
import { assignAgentSchema, markPaidSchema, returnDeviceSchema } from '../../../../shared/trade-ins';
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
  onOpenAutoFocus,
  submit,
  children,
}: Omit<Props, 'onDone'> & {
  title: string;
  submitLabel?: string;
  /** Where focus goes when it opens (Radix's first field by default). */
  onOpenAutoFocus?: (event: Event) => void;
  submit: FormSubmit;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={tradeIn.transactionNumber} onOpenAutoFocus={onOpenAutoFocus}>
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

/**
 * Mark Paid. Focus waits on the dialog while the payout account loads, then goes to the first thing
 * the payer needs: Reveal (the whole account number), else the reference. The reference is checked
 * only once the form is sent, so reaching Reveal through it never says it is missing.
 */
export function MarkPaidDialog(props: Props) {
  const { tradeIn, onOpenChange } = props;
  const { form, input, submit } = useActionForm(
    markPaidSchema,
    { payoutReference: '' },
    ({ payoutReference }) => tradeInActions.markPaid(tradeIn.transactionNumber, payoutReference),
    props,
    { checkFirst: 'onSubmit' },
  );
  const detail = useTradeInDetail(tradeIn.transactionNumber);
  const payTo = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  const loaded = detail.data !== undefined;
  useEffect(() => {
    if (!loaded || focused.current) return;
    focused.current = true;
    const reveal = payTo.current?.querySelector<HTMLButtonElement>('button:enabled');
    if (reveal) reveal.focus();
    else form.setFocus('payoutReference');
  }, [loaded, form]);
  const focusWhenLoaded = (event: Event) => {
    event.preventDefault();
    if (!loaded) (event.currentTarget as HTMLElement).focus();
  };
  return (
    <MoveDialog
      title="Mark Paid"
      tradeIn={tradeIn}
      onOpenChange={onOpenChange}
      onOpenAutoFocus={focusWhenLoaded}
      submit={submit}
    >
      <div ref={payTo}>
        <PayTo detail={detail} number={tradeIn.transactionNumber} />
      </div>
      <TextField
        label="Payout Reference"
        required
        hint="The reference of the bank transfer, as the seller's statement shows it"
        {...input('payoutReference')}
      />
    </MoveDialog>
  );
}

/** Mark Returned: a declined device back with its seller, and how it went back (optional), for its history. */
export function ReturnDeviceDialog(props: Props) {
  const { tradeIn, onOpenChange } = props;
  const { input, submit } = useActionForm(
    returnDeviceSchema,
    { note: '' },
    ({ note }) => tradeInActions.returnDevice(tradeIn.transactionNumber, note),
    props,
  );
  return (
    <MoveDialog title="Mark Returned" tradeIn={tradeIn} onOpenChange={onOpenChange} submit={submit}>
      <TextField
        label="How it went back"
        hint="A courier and tracking number, or who collected it: kept in the history and told to the seller"
        {...input('note')}
      />
    </MoveDialog>
  );
}

/**
 * What to pay and where: the amount, in the currency the seller accepted it in (offers are rand, as the
 * Transactions export and the payout email say), and the payout account (its number revealed on request, audited).
 */
function PayTo({ detail, number }: { detail: ReturnType<typeof useTradeInDetail>; number: string }) {
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
