import { makeOfferSchema, type AgentTradeIn } from '../../../shared/trade-ins';
import { DialogActions } from '../../components/dialog-actions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { useActionForm } from '../../lib/forms';
import { money } from '../../lib/money';
import { agentActions } from './agent-api';

/**
 * Make Offer (spec 001 sections 4 and 5): a whole amount in rand, required and above 0, and optional
 * notes, on the schema the route parses. An amount above twice the estimate is allowed, with a
 * warning, since an estimate is only the quote table's figure. A refusal (409: someone got there
 * first) stays in the dialog's alert.
 */
export function OfferDialog({
  tradeIn,
  onOpenChange,
}: {
  tradeIn: AgentTradeIn;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useActionForm(
    makeOfferSchema,
    { amount: '', notes: '' },
    (input) => agentActions.offer(tradeIn.transactionNumber, input),
    () => onOpenChange(false),
  );
  const amount = Number(form.form.watch('amount'));
  const high = amount > 2 * tradeIn.estimatedValue;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title="Make Offer"
        description={`${tradeIn.transactionNumber} · ${tradeIn.deviceInfo} · estimate ${money(tradeIn.estimatedValue, 'offer')}`}
      >
        <form noValidate onSubmit={form.submit} className="space-y-4">
          <FormAlert message={form.error} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <TextField
            label="Offer Amount (R)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            {...form.input('amount')}
          />
          {high && (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              This offer is more than twice the estimate of {money(tradeIn.estimatedValue, 'offer')}. Check the amount
              before you submit it.
            </p>
          )}
          <TextAreaField label="Assessment Notes" optional rows={4} {...form.input('notes')} />
          <DialogActions>
            <Button type="submit" disabled={form.busy}>
              Submit Offer
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
