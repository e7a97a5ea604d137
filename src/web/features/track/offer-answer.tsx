import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
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
import { useSession } from '../auth/use-session';
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

/** Sends an answer, then shows the trade-in as the server now has it. */
function useAnswer({ answer, tradeIn, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  return async (body: object) => {
    const reply = await api.post<{ message: string; tradeIn: TrackedTradeIn }>(
      `/api/trade-ins/${encodeURIComponent(tradeIn.transactionNumber)}/${answer}`,
      body,
    );
    queryClient.setQueryData(trackQueryKey(tradeIn.transactionNumber), { kind: 'trade-in', tradeIn: reply.tradeIn });
    toast.success(reply.message);
    onOpenChange(false);
  };
}

function ProofField({
  id,
  needed,
  error,
  register,
}: {
  id: string;
  needed: boolean;
  error?: string;
  register: object;
}) {
  if (!needed) return null;
  return (
    <TextField
      id={id}
      {...register}
      type="email"
      label="Contact Email"
      required
      autoComplete="email"
      hint="The email you gave when you submitted this device."
      error={error}
    />
  );
}

function AcceptForm(props: Props) {
  const prefix = useId();
  const { user } = useSession();
  const needsEmail = !props.tradeIn.viewerIsOwner && !props.token;
  const form = useZodForm(acceptOfferSchema, {
    defaultValues: {
      email: '',
      accountHolder: '',
      bankName: '',
      accountNumber: '',
      branchCode: '',
    } as unknown as DefaultValues<AcceptOfferInput>,
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const send = useAnswer(props);

  // A signed-in customer's saved payout account fills what it can (the account number is never sent back whole).
  const saved = useQuery({
    queryKey: ['account', 'payment-details'],
    queryFn: () => api.get<PaymentDetailsReply>('/api/account/payment-details'),
    enabled: user?.role === 'customer',
  });
  useEffect(() => {
    const bank = saved.data?.details?.bank;
    if (!bank) return;
    if (!form.getValues('accountHolder')) form.setValue('accountHolder', bank.accountHolder);
    if (!form.getValues('bankName') && (BANKS as readonly string[]).includes(bank.bankName)) {
      form.setValue('bankName', bank.bankName as AcceptOfferInput['bankName']);
    }
    if (!form.getValues('branchCode')) form.setValue('branchCode', bank.branchCode);
  }, [saved.data, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await send({ ...input, token: props.token });
    } catch (error) {
      setFormError(applyServerErrors(form, error, 'Your answer could not be sent. Please try again.'));
    }
  });
  const savedNumber = saved.data?.details?.bank?.accountNumber;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      )}
      <ProofField
        id={`${prefix}-email`}
        needed={needsEmail}
        register={form.register('email')}
        error={errors.email?.message}
      />
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
        hint={savedNumber ? `Your saved account ends ${savedNumber.replace(/\D/g, '')}: enter it in full.` : undefined}
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
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Accepting...' : 'Accept Offer'}
        </Button>
      </div>
    </form>
  );
}

function DeclineForm(props: Props) {
  const prefix = useId();
  const needsEmail = !props.tradeIn.viewerIsOwner && !props.token;
  const form = useZodForm(declineOfferSchema, {
    defaultValues: { email: '', reason: '' } as DefaultValues<DeclineOfferInput>,
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const send = useAnswer(props);

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await send({ ...input, token: props.token });
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
      <ProofField
        id={`${prefix}-email`}
        needed={needsEmail}
        register={form.register('email')}
        error={errors.email?.message}
      />
      <TextAreaField
        id={`${prefix}-reason`}
        {...form.register('reason')}
        label="Reason"
        optional
        rows={3}
        error={errors.reason?.message}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? 'Declining...' : 'Decline Offer'}
        </Button>
      </div>
    </form>
  );
}
