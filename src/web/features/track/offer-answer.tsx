import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { BANKS, type PaymentDetailsReply } from '../../../shared/accounts';
import {
  acceptOfferSchema,
  declineOfferSchema,
  type AcceptOfferInput,
  type DeclineOfferInput,
  type TrackedTradeIn,
} from '../../../shared/trade-ins';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { inputProps, useZodForm } from '../../lib/forms';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { ProofForm } from './proof-form';
import { trackQueryKey } from './track-query';

export type Answer = 'accept' | 'decline';

interface Props {
  answer: Answer;
  tradeIn: TrackedTradeIn;
  /** The offer email's signed token, when the page was opened from its link. */
  token: string;
  onOpenChange: (open: boolean) => void;
}

/** Accepting (with the payout account) or declining an offer; the contact email proves it unless the owner or the link does. */
export function OfferAnswerDialog(props: Props) {
  const amount = money(props.tradeIn.offeredAmount ?? 0, 'offer');
  return (
    <Dialog open onOpenChange={props.onOpenChange}>
      <DialogContent
        title={props.answer === 'accept' ? 'Accept Offer' : 'Decline Offer'}
        description={
          props.answer === 'accept'
            ? `Accept ${amount} for your device and tell us where to pay it.`
            : `Decline ${amount}? Your device will be returned to you.`
        }
      >
        {props.answer === 'accept' ? <AcceptForm {...props} /> : <DeclineForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

/** Sends the answer through the shared frame, then shows the trade-in as the server now has it. */
function AnswerForm<In extends FieldValues, Out extends FieldValues>({
  props,
  form,
  submitLabel,
  pendingLabel,
  children,
}: {
  props: Props;
  form: UseFormReturn<In, unknown, Out>;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const { answer, tradeIn, token, onOpenChange } = props;
  const queryClient = useQueryClient();
  return (
    <ProofForm
      form={form}
      needsEmail={!tradeIn.viewerIsOwner && !token}
      emailHint="The email you gave when you submitted this device."
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      variant={answer === 'accept' ? 'primary' : 'danger'}
      fallback="Your answer could not be sent. Please try again."
      onCancel={() => onOpenChange(false)}
      send={async (input) => {
        const reply = await api.post<{ message: string; tradeIn: TrackedTradeIn }>(
          `/api/trade-ins/${encodeURIComponent(tradeIn.transactionNumber)}/${answer}`,
          { ...input, token },
        );
        queryClient.setQueryData(trackQueryKey(tradeIn.transactionNumber), {
          kind: 'trade-in',
          tradeIn: reply.tradeIn,
        });
        toast.success(reply.message);
        onOpenChange(false);
      }}
    >
      {children}
    </ProofForm>
  );
}

function AcceptForm(props: Props) {
  const prefix = useId();
  const { user } = useSession();
  const form = useZodForm(acceptOfferSchema, {
    defaultValues: {
      email: '',
      accountHolder: '',
      bankName: '',
      accountNumber: '',
      branchCode: '',
      useSavedAccount: false,
    } as unknown as DefaultValues<AcceptOfferInput>,
  });
  const input = inputProps(form, prefix);
  const { errors } = form.formState;

  // The signed-in seller's saved payout account fills the form; its number stays on the server, which
  // uses it when 'Pay into my saved account' is ticked (only the seller's own session may).
  const saved = useQuery({
    queryKey: ['account', 'payment-details'],
    queryFn: () => api.get<PaymentDetailsReply>('/api/account/payment-details'),
    enabled: user?.role === 'customer' && props.tradeIn.viewerIsOwner,
  });
  const savedBank = saved.data?.details?.bank;
  useEffect(() => {
    if (!savedBank) return;
    if (!form.getValues('accountHolder')) form.setValue('accountHolder', savedBank.accountHolder);
    if (!form.getValues('bankName') && (BANKS as readonly string[]).includes(savedBank.bankName)) {
      form.setValue('bankName', savedBank.bankName as AcceptOfferInput['bankName']);
      form.setValue('useSavedAccount', true);
    }
    if (!form.getValues('branchCode')) form.setValue('branchCode', savedBank.branchCode);
  }, [savedBank, form]);
  const useSaved = form.watch('useSavedAccount');

  return (
    <AnswerForm props={props} form={form} submitLabel="Accept Offer" pendingLabel="Accepting...">
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
    </AnswerForm>
  );
}

function DeclineForm(props: Props) {
  const form = useZodForm(declineOfferSchema, {
    defaultValues: { email: '', reason: '' } as DefaultValues<DeclineOfferInput>,
  });
  const input = inputProps(form, useId());
  return (
    <AnswerForm props={props} form={form} submitLabel="Decline Offer" pendingLabel="Declining...">
      <TextAreaField {...input('reason')} label="Reason" optional rows={3} />
    </AnswerForm>
  );
}
