import { useEffect, useId, useMemo, useState } from 'react';
import {
  checkoutFormSchema,
  DEFAULT_COUNTRY,
  type CheckoutCustomer,
  type CheckoutFormInput,
} from '../../../shared/orders';
import { Button } from '../../components/ui/button';
import { CheckboxField, EmailField, TextField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm, type InputProps } from '../../lib/forms';
import { useProfile, useSavedAddress } from '../../lib/account-reads';
import { useSession } from '../../lib/use-session';
import { typedDetails } from './typed-details';

/** What the shopper typed, kept for the tab (typed-details.ts) through reloads, steps and a cancelled payment. */
export type TypedCustomer = CheckoutFormInput['customer'];

const blankAddress = { street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY };
const BLANK: TypedCustomer = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  shippingAddress: blankAddress,
  billingAddress: blankAddress,
  sameAsShipping: true,
};

function AddressFields({
  which,
  title,
  input,
  labelPrefix = '',
}: {
  which: 'shippingAddress' | 'billingAddress';
  title: string;
  input: InputProps<CheckoutFormInput>;
  labelPrefix?: string;
}) {
  const shipping = which === 'shippingAddress';
  const autoComplete = (token: string) => `${shipping ? 'shipping' : 'billing'} ${token}`;
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-lg font-semibold text-slate-900">{title}</legend>
      <TextField
        label={`${labelPrefix}Street Address`}
        required
        autoComplete={autoComplete('street-address')}
        {...input(`customer.${which}.street`)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`${labelPrefix}City`}
          required
          autoComplete={autoComplete('address-level2')}
          {...input(`customer.${which}.city`)}
        />
        <TextField
          label={`${labelPrefix}State/Province`}
          autoComplete={autoComplete('address-level1')}
          {...input(`customer.${which}.state`)}
        />
        <TextField
          label={`${labelPrefix}Postal Code`}
          autoComplete={autoComplete('postal-code')}
          {...input(`customer.${which}.zipCode`)}
        />
        <TextField
          label={`${labelPrefix}Country`}
          autoComplete={autoComplete('country-name')}
          {...input(`customer.${which}.country`)}
        />
      </div>
    </fieldset>
  );
}

/** What this tab typed before, over the blank form: a field the stored copy lacks stays blank. */
function restored(): TypedCustomer | null {
  const saved = typedDetails.read();
  if (!saved) return null;
  return {
    ...BLANK,
    ...saved,
    shippingAddress: { ...blankAddress, ...saved.shippingAddress },
    billingAddress: { ...blankAddress, ...saved.billingAddress },
  };
}

/**
 * A signed-in customer's names and email (from the session), phone (the profile) and saved address, to fill
 * what the shopper has not typed, also when they answer after the form shows; what this tab typed before
 * (`wanted` false) is left alone.
 */
function useSignedInDetails(wanted: boolean): CheckoutFormInput | undefined {
  const { user } = useSession();
  const customer = wanted && user?.role === 'customer' ? user : null;
  const profile = useProfile({ enabled: Boolean(customer) });
  const address = useSavedAddress({ enabled: Boolean(customer) });
  return useMemo(() => {
    if (!customer) return undefined;
    const home = address.data?.address;
    return {
      customer: {
        ...BLANK,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: profile.data?.phone ?? '',
        shippingAddress: home
          ? { ...blankAddress, street: home.apartment, city: home.city, state: home.province, zipCode: home.postalCode }
          : blankAddress,
      },
    };
  }, [customer, profile.data, address.data]);
}

/**
 * The customer information step: names, contact, shipping and (unless the same) billing address.
 * Its inputs carry the route's names ('customer.email'), so the server's 400 lands under them;
 * `onSubmit` rejects with that error and useFormSubmit places it; any other failure the page reports
 * itself (a sold-out line goes back to the cart), and resolves.
 */
export function CheckoutForm({
  onBack,
  onSubmit,
}: {
  onBack: () => void;
  onSubmit: (customer: CheckoutCustomer) => Promise<void>;
}) {
  const [typed] = useState(restored);
  const signedIn = useSignedInDetails(!typed);
  const form = useZodForm(checkoutFormSchema, {
    defaultValues: { customer: typed ?? BLANK },
    values: signedIn,
    resetOptions: { keepDirtyValues: true },
  });
  const input = inputProps(form, useId());
  const sameAsShipping = form.watch('customer.sameAsShipping');
  const { onSubmit: submit, busy } = useFormSubmit(form, ({ customer }) => onSubmit(customer));
  useEffect(() => {
    const { unsubscribe } = form.watch(({ customer }) => customer && typedDetails.save(customer as TypedCustomer));
    return unsubscribe;
  }, [form]);

  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">Customer Information</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" required autoComplete="given-name" {...input('customer.firstName')} />
        <TextField label="Last Name" required autoComplete="family-name" {...input('customer.lastName')} />
        <EmailField {...input('customer.email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...input('customer.phone')} />
      </div>
      <AddressFields which="shippingAddress" title="Shipping Address" input={input} />
      <CheckboxField {...input('customer.sameAsShipping')}>Billing address same as shipping</CheckboxField>
      {!sameAsShipping && (
        <AddressFields which="billingAddress" title="Billing Address" labelPrefix="Billing " input={input} />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back to Cart
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Processing...' : 'Proceed to Payment'}
        </Button>
      </div>
    </form>
  );
}
