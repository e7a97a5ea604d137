import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { BANKS, type PaymentDetailsReply } from '../../../shared/accounts';
import {
  acceptOfferSchema,
  declineOfferSchema,
  type AcceptOfferInput,
  type DeclineOfferInput,
  type TrackedTradeIn,
} from '../../../shared/trade-ins';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { applyServerErrors, useZodForm } from '../../lib/forms';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
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

/**
 * The frame both answers share: the form error, the contact email when nothing else proves the
 * seller, the answer's own fields, Cancel and the submit button. Sends the answer, then shows the
 * trade-in as the server now has it.
 */
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
  const emailId = useId();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const needsEmail = !tradeIn.viewerIsOwner && !token;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const reply = await api.post<{ message: string; tradeIn: TrackedTradeIn }>(
        `/api/trade-ins/${encodeURIComponent(tradeIn.transactionNumber)}/${answer}`,
        { ...input, token },
      );
      queryClient.setQueryData(trackQueryKey(tradeIn.transactionNumber), { kind: 'trade-in', tradeIn: reply.tradeIn });
      toast.success(reply.message);
      onOpenChange(false);
    } catch (error) {
      setFormError(applyServerErrors(form, error, 'Your answer could not be sent. Please try again.'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      )}
      {needsEmail && (
        <TextField
          id={emailId}
          {...form.register('email' as Path<In>)}
          type="email"
          label="Contact Email"
          required
          autoComplete="email"
          hint="The email you gave when you submitted this device."
          error={errors.email?.message as string | undefined}
        />
      )}
      {children}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" variant={answer === 'accept' ? 'primary' : 'danger'} disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
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
    } as unknown as DefaultValues<AcceptOfferInput>,
  });
  const { errors } = form.formState;

  // A signed-in customer's saved payout account fills what it can (the account number is never sent back whole).
  const saved = useQuery({
    queryKey: ['account', 'payment-details'],
    queryFn: () => api.get<PaymentDetailsReply>('/api/account/payment-details'),
    enabled: user?.role === 'customer',
  });
  const savedBank = saved.data?.details?.bank;
  useEffect(() => {
    if (!savedBank) return;
    if (!form.getValues('accountHolder')) form.setValue('accountHolder', savedBank.accountHolder);
    if (!form.getValues('bankName') && (BANKS as readonly string[]).includes(savedBank.bankName)) {
      form.setValue('bankName', savedBank.bankName as AcceptOfferInput['bankName']);
    }
    if (!form.getValues('branchCode')) form.setValue('branchCode', savedBank.branchCode);
  }, [savedBank, form]);

  return (
    <AnswerForm props={props} form={form} submitLabel="Accept Offer" pendingLabel="Accepting...">
      <TextField
        id={`${prefix}-holder`}
        {...form.register('accountHolder')}
        label="Account Holder"
        required
        autoComplete="name"
        error={errors.accountHolder?.message}
      />
      <SelectField
        id={`${prefix}-bank`}
        {...form.register('bankName')}
        label="Bank"
        required
        error={errors.bankName?.message}
      >
        <option value="">Select bank</option>
        {BANKS.map((bank) => (
          <option key={bank} value={bank}>
            {bank}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${prefix}-account`}
        {...form.register('accountNumber')}
        label="Account Number"
        required
        inputMode="numeric"
        hint={
          savedBank
            ? `Your saved account ends ${savedBank.accountNumber.replace(/\D/g, '')}: enter it in full.`
            : undefined
        }
        error={errors.accountNumber?.message}
      />
      <TextField
        id={`${prefix}-branch`}
        {...form.register('branchCode')}
        label="Branch Code"
        required
        inputMode="numeric"
        error={errors.branchCode?.message}
      />
    </AnswerForm>
  );
}

function DeclineForm(props: Props) {
  const prefix = useId();
  const form = useZodForm(declineOfferSchema, {
    defaultValues: { email: '', reason: '' } as DefaultValues<DeclineOfferInput>,
  });
  return (
    <AnswerForm props={props} form={form} submitLabel="Decline Offer" pendingLabel="Declining...">
      <TextAreaField
        id={`${prefix}-reason`}
        {...form.register('reason')}
        label="Reason"
        optional
        rows={3}
        error={form.formState.errors.reason?.message}
      />
    </AnswerForm>
  );
}
