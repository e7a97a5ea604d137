import { useEffect, useId, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { BANKS } from '../../../shared/accounts';
import {
  declineOfferSchema,
  LINK_MESSAGES,
  payoutAccountSchema,
  type DeclineOfferInput,
  type PayoutAccountInput,
  type TrackedTradeIn,
} from '../../../shared/trade-ins';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { usePaymentDetails } from '../../lib/account-reads';
import { ApiError } from '../../lib/api';
import { inputProps, useZodForm } from '../../lib/forms';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { ProofForm } from './proof-form';
import { askSellerLink, useSellerMove, type SellerAction } from './track-api';

interface Props {
  action: SellerAction;
  tradeIn: TrackedTradeIn;
  /** The token of the emailed link, when the page was opened from it. */
  token: string;
  onOpenChange: (open: boolean) => void;
}

const ACTIONS = {
  accept: { title: 'Accept Offer', submit: 'Accept Offer', pending: 'Accepting...', variant: 'primary' },
  decline: { title: 'Decline Offer', submit: 'Decline Offer', pending: 'Declining...', variant: 'danger' },
  payout: { title: 'Change payout account', submit: 'Save payout account', pending: 'Saving...', variant: 'primary' },
} as const satisfies Record<SellerAction, { title: string; submit: string; pending: string; variant: string }>;

/**
 * The seller's dialog. Only their session or the emailed link proves the trade-in is theirs
 * (docs/decisions/039): without either, or when the server refuses the link (expired, replaced), it says
 * so and offers to email a new link instead of the form.
 */
export function SellerDialog(props: Props) {
  const [refusal, setRefusal] = useState<string | null>(
    props.token || props.tradeIn.viewerIsOwner ? null : LINK_MESSAGES.required,
  );
  const amount = money(props.tradeIn.offeredAmount ?? 0, 'offer');
  const description = {
    accept: `Accept ${amount} for your device and tell us where to pay it.`,
    decline: `Decline ${amount}? Your device will be returned to you.`,
    payout: 'Give the bank account we should pay into instead. We will email you to confirm the change.',
  }[props.action];
  const formProps = { ...props, onRefused: setRefusal };
  return (
    <Dialog open onOpenChange={props.onOpenChange}>
      <DialogContent title={ACTIONS[props.action].title} description={description}>
        {refusal ? (
          <NewLinkOffer tradeIn={props.tradeIn} reason={refusal} />
        ) : props.action === 'decline' ? (
          <DeclineForm {...formProps} />
        ) : (
          <BankForm {...formProps} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Why the form is not shown, and the button that emails the seller a new link to the address on file. */
function NewLinkOffer({ tradeIn, reason }: { tradeIn: TrackedTradeIn; reason: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ask = async () => {
    setSending(true);
    setError(null);
    try {
      setSent(await askSellerLink(tradeIn.transactionNumber));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The link could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{reason}</p>
      <FormAlert message={error} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" />
      <div role="status">
        {sent && (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">{sent}</p>
        )}
      </div>
      <div className="flex justify-end pt-2">
        <Button onClick={() => void ask()} disabled={sending || sent !== null}>
          {sending ? 'Sending...' : 'Email me a new link'}
        </Button>
      </div>
    </div>
  );
}

type FormProps = Props & { onRefused: (message: string) => void };

/** A refusal of the proof itself (no field named): the link expired or was replaced. */
const refusesTheLink = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && Object.keys(error.fields).length === 0;

/** Sends the seller's form through the shared frame, then shows the trade-in as the server now has it. */
function SellerForm<In extends FieldValues, Out extends FieldValues>({
  props,
  form,
  children,
}: {
  props: FormProps;
  form: UseFormReturn<In, unknown, Out>;
  children: ReactNode;
}) {
  const { action, tradeIn, token, onOpenChange, onRefused } = props;
  const sellerMove = useSellerMove();
  return (
    <ProofForm
      form={form}
      submitLabel={ACTIONS[action].submit}
      pendingLabel={ACTIONS[action].pending}
      variant={ACTIONS[action].variant}
      fallback="This could not be sent. Please try again."
      onCancel={() => onOpenChange(false)}
      send={async (input) => {
        let message: string;
        try {
          message = await sellerMove(action, tradeIn.transactionNumber, { ...input, token });
        } catch (error) {
          if (!refusesTheLink(error)) throw error;
          onRefused(error.message);
          return;
        }
        toast.success(message);
        onOpenChange(false);
      }}
    >
      {children}
    </ProofForm>
  );
}

/** The payout bank account: given when accepting, and again to change it while the payment waits. */
function BankForm(props: FormProps) {
  const prefix = useId();
  const { user } = useSession();
  const form = useZodForm(payoutAccountSchema, {
    defaultValues: {
      accountHolder: '',
      bankName: '',
      accountNumber: '',
      branchCode: '',
      useSavedAccount: false,
    } as unknown as DefaultValues<PayoutAccountInput>,
  });
  const input = inputProps(form, prefix);
  const { errors } = form.formState;

  // The signed-in seller's saved payout account fills the form; its number stays on the server, which
  // uses it when 'Pay into my saved account' is ticked (only the seller's own session may).
  const saved = usePaymentDetails({ enabled: user?.role === 'customer' && props.tradeIn.viewerIsOwner });
  const savedBank = saved.data?.details?.bank;
  useEffect(() => {
    if (!savedBank) return;
    if (!form.getValues('accountHolder')) form.setValue('accountHolder', savedBank.accountHolder);
    if (!form.getValues('bankName') && (BANKS as readonly string[]).includes(savedBank.bankName)) {
      form.setValue('bankName', savedBank.bankName as PayoutAccountInput['bankName']);
      form.setValue('useSavedAccount', true);
    }
    if (!form.getValues('branchCode')) form.setValue('branchCode', savedBank.branchCode);
  }, [savedBank, form]);
  const useSaved = form.watch('useSavedAccount');

  return (
    <SellerForm props={props} form={form}>
      <TextField {...input('accountHolder')} label="Account Holder" required autoComplete="name" />
      <SelectField {...input('bankName')} label="Bank" required placeholder="Select bank" options={BANKS} />
      {savedBank && (
        <CheckboxField
          id={`${prefix}-saved`}
          {...form.register('useSavedAccount')}
          error={useSaved ? errors.accountNumber?.message : undefined}
        >
          Pay into my saved {savedBank.bankName} account ending {savedBank.accountNumber.replace(/\D/g, '')}
        </CheckboxField>
      )}
      {!useSaved && <TextField {...input('accountNumber')} label="Account Number" required inputMode="numeric" />}
      <TextField {...input('branchCode')} label="Branch Code" required inputMode="numeric" />
    </SellerForm>
  );
}

function DeclineForm(props: FormProps) {
  const form = useZodForm(declineOfferSchema, {
    defaultValues: { reason: '' } as DefaultValues<DeclineOfferInput>,
  });
  const input = inputProps(form, useId());
  return (
    <SellerForm props={props} form={form}>
      <TextAreaField {...input('reason')} label="Reason" optional rows={3} />
    </SellerForm>
  );
}
