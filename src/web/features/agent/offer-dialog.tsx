import { useEffect, useId } from 'react';
import {
  makeOfferSchema,
  OFFER_RANGE_PERCENT,
  offerRangeMessage,
  offerRatio,
  type AgentTradeIn,
} from '../../../shared/trade-ins';
import { DialogActions } from '../../components/dialog-actions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { money } from '../../lib/money';
import { toast } from '../../lib/toast';
import { agentActions } from './agent-api';

/**
 * Make Offer (spec 001 sections 4 and 5), and Revise Offer while the seller has not answered: a whole
 * amount in rand, required and above 0, and optional notes, on the schema the route parses. The share
 * of the estimate shows as the amount is typed; outside OFFER_RANGE_PERCENT (a slip like R25,000 for
 * R2,500) a checkbox asks for a second yes, which the server also requires (its refusal lands under
 * the checkbox). A refusal of another kind (409: someone got there first) stays in the dialog's alert.
 */
export function OfferDialog({
  tradeIn,
  revise = false,
  onOpenChange,
}: {
  tradeIn: AgentTradeIn;
  /** Revise the offer made: the form starts from it, and the seller gets a new link. */
  revise?: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = revise ? agentActions.reviseOffer : agentActions.offer;
  const form = useZodForm(makeOfferSchema, {
    defaultValues: {
      amount: revise ? (tradeIn.offeredAmount ?? '') : '',
      notes: revise ? (tradeIn.assessmentNotes ?? '') : '',
      confirmOutOfRange: false,
    },
  });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (offer) => {
      toast.success((await send(tradeIn.transactionNumber, offer)).message);
      onOpenChange(false);
    },
    { report: 'alert' },
  );
  const { watch, setValue, setError, clearErrors, getFieldState } = form;
  const typed = watch('amount');
  const amount = Number(typed);
  const ratio = typed !== '' && amount > 0 ? offerRatio(amount, tradeIn.estimatedValue) : null;
  const outOfRangePercent = ratio?.outOfRange ? ratio.percent : null;
  useEffect(() => {
    // A confirmation is for the amount it was given to: typing another one asks again.
    setValue('confirmOutOfRange', false);
    // A refusal already shown names the share of the amount now typed, or goes once it is in range.
    if (!getFieldState('confirmOutOfRange').error) return;
    if (outOfRangePercent === null) clearErrors('confirmOutOfRange');
    else setError('confirmOutOfRange', { message: offerRangeMessage(outOfRangePercent) });
  }, [amount, outOfRangePercent, setValue, setError, clearErrors, getFieldState]);
  const estimate = money(tradeIn.estimatedValue, 'offer');
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={revise ? 'Revise Offer' : 'Make Offer'}
        description={`${tradeIn.transactionNumber} · ${tradeIn.deviceInfo} · estimate ${estimate}`}
      >
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {revise && (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              The seller has not answered the offer of {money(tradeIn.offeredAmount ?? 0, 'offer')} yet. They will be
              emailed the revised offer with a new link; the link of the first email stops working.
            </p>
          )}
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <TextField
            label="Offer Amount (R)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            {...input('amount')}
          />
          {ratio && (
            <p
              role="status"
              className={`rounded-lg p-3 text-sm ${ratio.outOfRange ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-700'}`}
            >
              {money(amount, 'offer')} is {ratio.percent}% of the estimate of {estimate}.
              {ratio.outOfRange &&
                ` Offers below ${OFFER_RANGE_PERCENT.min}% or above ${OFFER_RANGE_PERCENT.max}% of the estimate need your confirmation.`}
            </p>
          )}
          {ratio?.outOfRange && (
            <CheckboxField {...input('confirmOutOfRange')}>
              I checked it: offer {money(amount, 'offer')}, {ratio.percent}% of the estimate
            </CheckboxField>
          )}
          <TextAreaField label="Assessment Notes" optional rows={4} {...input('notes')} />
          <DialogActions>
            <Button type="submit" disabled={busy}>
              {revise ? 'Send Revised Offer' : 'Submit Offer'}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
