import { useId } from 'react';
import {
  ACCOUNT_TYPES,
  BANKS,
  PAYMENT_METHODS,
  paymentDetailsSchema,
  type PaymentDetailsInput,
  type PaymentDetailsReply,
} from '../../../shared/accounts';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { usePaymentDetails } from '../../lib/account-reads';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useSavePaymentDetails } from './account-api';

const EMPTY: Omit<PaymentDetailsInput, 'method'> = {
  accountNumber: '',
  bankName: '',
  accountType: '',
  accountHolder: '',
  branchCode: '',
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  cardHolder: '',
};

const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }));

function SavedDetails({ details }: { details: NonNullable<PaymentDetailsReply['details']> }) {
  const label = PAYMENT_METHODS.find((m) => m.value === details.method)?.label ?? details.method;
  return (
    <section aria-labelledby="saved-payment" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h2 id="saved-payment" className="font-semibold text-slate-900">
        Saved payment method: {label}
      </h2>
      {details.bank && (
        <p className="mt-1 text-slate-700">
          {details.bank.bankName} · {details.bank.accountHolder} · Account {details.bank.accountNumber}
          {details.bank.accountType && ` (${details.bank.accountType})`}
        </p>
      )}
      {details.card && (
        <p className="mt-1 text-slate-700">
          {details.card.brand} ending in {details.card.last4} · expires {details.card.expiryDate}
        </p>
      )}
    </section>
  );
}

export function PaymentTab() {
  const saved = usePaymentDetails();
  const savePaymentDetails = useSavePaymentDetails();
  const form = useZodForm(paymentDetailsSchema, { defaultValues: EMPTY });
  const input = inputProps(form, useId());
  const method = form.watch('method');
  const methodError = form.formState.errors.method?.message;
  const { onSubmit, busy } = useFormSubmit(form, async (details) => {
    toast.success(await savePaymentDetails(details));
    // Card data never stays in the page once saved.
    form.reset({ ...EMPTY, method: details.method });
  });

  return (
    <div className="space-y-6">
      {saved.data?.details && <SavedDetails details={saved.data.details} />}
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Payment Method</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {PAYMENT_METHODS.map((m) => (
              <label
                key={m.value}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={m.value} {...form.register('method')} />
                {m.label}
              </label>
            ))}
          </div>
          {methodError && <p className="mt-1.5 text-sm text-red-600">{methodError}</p>}
        </fieldset>

        {method === 'paystack' && (
          <p className="text-sm text-slate-600">You will pay securely with Paystack at checkout.</p>
        )}

        {method === 'bank' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label="Bank Name" required placeholder="Select bank" options={BANKS} {...input('bankName')} />
            <SelectField
              label="Account Type"
              placeholder="Select account type"
              options={ACCOUNT_TYPE_OPTIONS}
              {...input('accountType')}
            />
            <TextField label="Account Holder" required autoComplete="name" {...input('accountHolder')} />
            <TextField label="Account Number" required inputMode="numeric" maxLength={20} {...input('accountNumber')} />
            <TextField label="Branch Code" optional inputMode="numeric" maxLength={10} {...input('branchCode')} />
          </div>
        )}

        {method === 'card' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Card Number"
              required
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              maxLength={19}
              className="sm:col-span-2"
              {...input('cardNumber')}
            />
            <TextField label="Card Holder" optional autoComplete="cc-name" {...input('cardHolder')} />
            <TextField
              label="Expiry Date"
              required
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              {...input('expiryDate')}
            />
            <TextField
              label="CVV"
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...input('cvv')}
            />
            <p className="text-xs text-slate-500 sm:col-span-2">
              We keep only the card's brand, last four digits and expiry: never the full number or the CVV.
            </p>
          </div>
        )}

        <Button type="submit" disabled={!method || busy}>
          Save Payment Details
        </Button>
      </form>
    </div>
  );
}
