import { useQueryClient } from '@tanstack/react-query';
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
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useForm } from '../auth/form-state';
import { ACCOUNT_KEYS, usePaymentDetails } from './account-api';

const EMPTY: PaymentDetailsInput = {
  method: '' as PaymentDetailsInput['method'],
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

function SavedDetails({ details }: { details: NonNullable<PaymentDetailsReply['details']> }) {
  const label = PAYMENT_METHODS.find((m) => m.value === details.method)?.label ?? details.method;
  return (
    <section aria-labelledby="saved-payment" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h3 id="saved-payment" className="font-semibold text-slate-900">
        Saved payment method: {label}
      </h3>
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
  const queryClient = useQueryClient();
  const saved = usePaymentDetails();
  const form = useForm<PaymentDetailsInput>(EMPTY);
  const { values, errors } = form;
  const text = (name: keyof PaymentDetailsInput) => ({
    id: `payment-${name}`,
    value: String(values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value as never),
    error: errors[name],
  });

  return (
    <div className="space-y-6">
      {saved.data?.details && <SavedDetails details={saved.data.details} />}
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(paymentDetailsSchema, async (input) => {
            const reply = await api.put<PaymentDetailsReply & { message: string }>(
              '/api/account/payment-details',
              input,
            );
            queryClient.setQueryData(ACCOUNT_KEYS.payment, { details: reply.details });
            toast.success(reply.message);
            // Card data never stays in the page once saved.
            form.setValues({ ...EMPTY, method: input.method });
          });
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Payment Method</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {PAYMENT_METHODS.map((m) => (
              <label
                key={m.value}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="payment-method"
                  value={m.value}
                  checked={values.method === m.value}
                  onChange={() => form.set('method', m.value)}
                />
                {m.label}
              </label>
            ))}
          </div>
          {errors.method && <p className="mt-1.5 text-sm text-red-600">{errors.method}</p>}
        </fieldset>

        {values.method === 'paystack' && (
          <p className="text-sm text-slate-600">You will pay securely with Paystack at checkout.</p>
        )}

        {values.method === 'bank' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              id="payment-bankName"
              label="Bank Name"
              required
              value={values.bankName}
              onChange={(e) => form.set('bankName', e.target.value as PaymentDetailsInput['bankName'])}
              error={errors.bankName}
            >
              <option value="">Select bank</option>
              {BANKS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="payment-accountType"
              label="Account Type"
              value={values.accountType}
              onChange={(e) => form.set('accountType', e.target.value as PaymentDetailsInput['accountType'])}
              error={errors.accountType}
            >
              <option value="">Select account type</option>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </option>
              ))}
            </SelectField>
            <TextField label="Account Holder" required autoComplete="name" {...text('accountHolder')} />
            <TextField label="Account Number" required inputMode="numeric" maxLength={20} {...text('accountNumber')} />
            <TextField label="Branch Code" optional inputMode="numeric" maxLength={10} {...text('branchCode')} />
          </div>
        )}

        {values.method === 'card' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Card Number"
              required
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              maxLength={19}
              className="sm:col-span-2"
              {...text('cardNumber')}
            />
            <TextField label="Card Holder" optional autoComplete="cc-name" {...text('cardHolder')} />
            <TextField
              label="Expiry Date"
              required
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              {...text('expiryDate')}
            />
            <TextField
              label="CVV"
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...text('cvv')}
            />
            <p className="text-xs text-slate-500 sm:col-span-2">
              We keep only the card's brand, last four digits and expiry: never the full number or the CVV.
            </p>
          </div>
        )}

        <Button type="submit" disabled={!values.method || form.pending}>
          Save Payment Details
        </Button>
      </form>
    </div>
  );
}
