import { useState, type FormEvent } from 'react';
import { CHECKOUT_MESSAGES, DEFAULT_COUNTRY, type CheckoutInput } from '../../../shared/orders';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/use-session';

type Customer = CheckoutInput['customer'];
interface AddressState {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

const emptyAddress = (): AddressState => ({ street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY });

/** Required-field problems of the form, with the spec's messages (000 sections 5 and 8), first one wins the toast. */
function problems(form: {
  firstName: string;
  lastName: string;
  email: string;
  shipping: AddressState;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ['firstName', 'lastName', 'email'] as const) {
    if (!form[key].trim()) errors[key] = CHECKOUT_MESSAGES.requiredFields;
  }
  if (Object.keys(errors).length === 0) {
    if (!form.shipping.street.trim()) errors['shipping.street'] = CHECKOUT_MESSAGES.shippingAddress;
    if (!form.shipping.city.trim()) errors['shipping.city'] = CHECKOUT_MESSAGES.shippingAddress;
  }
  return errors;
}

function AddressFields({
  prefix,
  title,
  value,
  onChange,
  errors,
  labelPrefix = '',
}: {
  prefix: string;
  title: string;
  value: AddressState;
  onChange: (value: AddressState) => void;
  errors: Record<string, string>;
  labelPrefix?: string;
}) {
  const set = (key: keyof AddressState) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-lg font-semibold text-slate-900">{title}</legend>
      <TextField
        id={`${prefix}-street`}
        label={`${labelPrefix}Street Address`}
        required={prefix === 'shipping'}
        autoComplete={`${prefix} street-address`}
        value={value.street}
        onChange={set('street')}
        error={errors[`${prefix}.street`]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${prefix}-city`}
          label={`${labelPrefix}City`}
          required={prefix === 'shipping'}
          autoComplete={`${prefix} address-level2`}
          value={value.city}
          onChange={set('city')}
          error={errors[`${prefix}.city`]}
        />
        <TextField
          id={`${prefix}-state`}
          label={`${labelPrefix}State/Province`}
          autoComplete={`${prefix} address-level1`}
          value={value.state}
          onChange={set('state')}
        />
        <TextField
          id={`${prefix}-zip`}
          label={`${labelPrefix}Postal Code`}
          autoComplete={`${prefix} postal-code`}
          value={value.zipCode}
          onChange={set('zipCode')}
        />
        <TextField
          id={`${prefix}-country`}
          label={`${labelPrefix}Country`}
          autoComplete={`${prefix} country-name`}
          value={value.country}
          onChange={set('country')}
        />
      </div>
    </fieldset>
  );
}

/** The customer information step: names, contact, shipping and (unless the same) billing address. */
export function CheckoutForm({
  busy,
  onBack,
  onSubmit,
}: {
  busy: boolean;
  onBack: () => void;
  onSubmit: (customer: Customer) => void;
}) {
  const { user } = useSession();
  // Untouched fields show the signed-in customer's details (pre-fill); typing replaces them.
  const customer = user?.role === 'customer' ? user : null;
  const [typedFirstName, setFirstName] = useState<string>();
  const [typedLastName, setLastName] = useState<string>();
  const [typedEmail, setEmail] = useState<string>();
  const firstName = typedFirstName ?? customer?.firstName ?? '';
  const lastName = typedLastName ?? customer?.lastName ?? '';
  const email = typedEmail ?? customer?.email ?? '';
  const [phone, setPhone] = useState('');
  const [shipping, setShipping] = useState(emptyAddress);
  const [billing, setBilling] = useState(emptyAddress);
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems({ firstName, lastName, email, shipping });
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      toast.error(first);
      const firstKey = Object.keys(found)[0]!;
      document.getElementById(firstKey.replace('.', '-'))?.focus();
      return;
    }
    onSubmit({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      email: email.trim(),
      phone: phone.trim(),
      shippingAddress: shipping,
      billingAddress: sameAsShipping ? shipping : billing,
      sameAsShipping,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">Customer Information</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="firstName"
          label="First Name"
          required
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          error={errors.firstName}
        />
        <TextField
          id="lastName"
          label="Last Name"
          required
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={errors.lastName}
        />
        <TextField
          id="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          id="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </div>
      <AddressFields
        prefix="shipping"
        title="Shipping Address"
        value={shipping}
        onChange={setShipping}
        errors={errors}
      />
      <div className="flex items-center gap-2">
        <input
          id="sameAsShipping"
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
          checked={sameAsShipping}
          onChange={(e) => setSameAsShipping(e.target.checked)}
        />
        <label htmlFor="sameAsShipping" className="text-sm text-slate-700">
          Billing address same as shipping
        </label>
      </div>
      {!sameAsShipping && (
        <AddressFields
          prefix="billing"
          title="Billing Address"
          labelPrefix="Billing "
          value={billing}
          onChange={setBilling}
          errors={errors}
        />
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
