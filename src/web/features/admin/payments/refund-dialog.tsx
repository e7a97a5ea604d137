import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_MESSAGES, refundSchema, type AdminPayment } from '../../../../shared/payments';
import { Button } from '../../../components/ui/button';
import { DialogFor } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { formatMinor } from './format';
import { refundPayment, useRefreshPayments } from './payment-api';
import { DialogActions } from '../../../components/dialog-actions';

/**
 * Process Refund (spec 001 sections 2 and 5): an amount, Confirm and Cancel. 'Please enter a valid
 * refund amount' for empty, non-numeric or zero, the refundable maximum for more than is left; 'Refund processed successfully'
 * only when the provider accepted it, 'Failed to process refund' otherwise.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  return (
    <DialogFor subject={payment} onClose={onClose} title="Process Refund" size="sm">
      {(chosen) => <RefundForm payment={chosen} onDone={onClose} />}
    </DialogFor>
  );
}

function RefundForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const refresh = useRefreshPayments();
  const left = payment.amount - payment.refundedAmount;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(
    refundSchema.refine((input) => Math.round(input.amount * 100) <= left, {
      path: ['amount'],
      message: PAYMENT_MESSAGES.refundTooMuch(left, payment.currency),
    }),
    { defaultValues: { amount: '' as unknown as number } },
  );
  const refund = useMutation({
    mutationFn: (amount: number) => refundPayment(payment.reference, amount),
    onSuccess: ({ message }) => {
      toast.success(message);
      refresh({ stats: true });
      onDone();
    },
    onError: (error) => {
      const invalid = error instanceof ApiError && error.status === 400;
      const left = invalid ? applyServerErrors(form, error) : PAYMENT_MESSAGES.refundFailed;
      if (!invalid) toast.error(PAYMENT_MESSAGES.refundFailed);
      setFailure(left);
      refresh({ stats: false });
    },
  });
  const onSubmit = form.handleSubmit(({ amount }) => {
    setFailure(null);
    refund.mutate(amount);
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Payment {payment.reference}: {formatMinor(payment.amount, payment.currency)}, refundable{' '}
        {formatMinor(left, payment.currency)}.
      </p>
      <TextField
        id="refund-amount"
        label={`Refund amount (${payment.currency})`}
        inputMode="decimal"
        autoComplete="off"
        error={form.formState.errors.amount?.message}
        {...form.register('amount')}
      />
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
      <DialogActions>
        <Button type="submit" disabled={refund.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
