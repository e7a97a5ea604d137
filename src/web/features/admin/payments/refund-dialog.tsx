import { PAYMENT_MESSAGES, refundSchema, type AdminPayment } from '../../../../shared/payments';
import { Button } from '../../../components/ui/button';
import { DialogFor } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { useFormSubmit, useZodForm } from '../../../lib/forms';
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
  const form = useZodForm(
    refundSchema.refine((input) => Math.round(input.amount * 100) <= left, {
      path: ['amount'],
      message: PAYMENT_MESSAGES.refundTooMuch(left, payment.currency),
    }),
    { defaultValues: { amount: '' as unknown as number } },
  );
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async ({ amount }) => {
      try {
        toast.success((await refundPayment(payment.reference, amount)).message);
      } catch (error) {
        refresh({ stats: false });
        // Only the amount is the form's to correct (a 400, under the field). Any other failure (the
        // provider's refusal, a payment refunded meanwhile, the network) is the spec's one line, the
        // fallback, toasted too.
        if (error instanceof ApiError && error.status === 400) throw error;
        toast.error(PAYMENT_MESSAGES.refundFailed);
        throw new Error(PAYMENT_MESSAGES.refundFailed);
      }
      refresh({ stats: true });
      onDone();
    },
    { report: 'alert', fallback: PAYMENT_MESSAGES.refundFailed },
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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
      <FormAlert message={alert} className="text-sm text-red-600" />
      <DialogActions>
        <Button type="submit" disabled={busy}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
