import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  ID_TYPES,
  PROVINCES,
  signinSchema,
  signupSchema,
  type MeReply,
  type SessionUser,
  type SignupInput,
} from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useForm } from './form-state';
import { useSignedIn } from './use-signed-in';

const firstNameOf = (user: SessionUser) => (user.role === 'customer' ? user.firstName : user.name.split(' ')[0]);

/** Customer sign-in by email and password (the /auth tab and /login). */
export function SignInForm({ idPrefix = 'signin' }: { idPrefix?: string }) {
  const form = useForm({ email: '', password: '' });
  const signedIn = useSignedIn();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(signinSchema, async (input) => {
          const { user } = await api.post<MeReply>('/api/auth/signin', input);
          if (!user) return;
          toast.success(ACCOUNT_MESSAGES.loginSuccess, { description: `Welcome back, ${firstNameOf(user)}` });
          signedIn(user, paths.account);
        });
      }}
    >
      <TextField
        id={id('email')}
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        error={form.errors.email}
      />
      <TextField
        id={id('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        required
        value={form.values.password}
        onChange={(e) => form.set('password', e.target.value)}
        error={form.errors.password}
      />
      <div className="flex justify-end text-sm">
        <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
        {form.pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

const EMPTY_SIGNUP: SignupInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  idType: 'id',
  idNumber: '',
  apartment: '',
  city: '',
  province: '' as SignupInput['province'],
  postalCode: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false as unknown as true,
};

/** Customer sign-up with the spec's fields (the /auth tab and /signup). */
export function SignUpForm({ idPrefix = 'signup' }: { idPrefix?: string }) {
  const form = useForm<SignupInput>(EMPTY_SIGNUP);
  const signedIn = useSignedIn();
  const id = (name: string) => `${idPrefix}-${name}`;
  const { values, errors } = form;
  const idLabel = ID_TYPES.find((t) => t.value === values.idType)?.label ?? 'ID Number';
  const text = (name: keyof SignupInput) => ({
    id: id(name),
    value: String(values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value as never),
    error: errors[name],
  });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(signupSchema, async (input) => {
          const { user } = await api.post<MeReply>('/api/auth/signup', input);
          if (!user) return;
          toast.success(ACCOUNT_MESSAGES.signupSuccess, { description: `Welcome, ${firstNameOf(user)}` });
          signedIn(user, paths.account);
        });
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          placeholder="First name"
          required
          {...text('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          placeholder="Last name"
          required
          {...text('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        {...text('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="+27 82 123 4567"
        required
        {...text('phone')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={id('idType')}
          label="ID Type"
          required
          value={values.idType}
          onChange={(e) => form.set('idType', e.target.value as SignupInput['idType'])}
          error={errors.idType}
        >
          {ID_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={idLabel}
          placeholder={`Enter your ${idLabel.toLowerCase()}`}
          autoComplete="off"
          required
          {...text('idNumber')}
        />
      </div>
      <TextField
        label="Apartment / Unit"
        optional
        autoComplete="address-line2"
        placeholder="Apartment, unit, etc."
        {...text('apartment')}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" placeholder="City" required {...text('city')} />
        <SelectField
          id={id('province')}
          label="Province"
          required
          value={values.province}
          onChange={(e) => form.set('province', e.target.value as SignupInput['province'])}
          error={errors.province}
        >
          <option value="">Select province</option>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextField label="Postal Code" autoComplete="postal-code" placeholder="8001" required {...text('postalCode')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          required
          {...text('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          required
          {...text('confirmPassword')}
        />
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id('acceptTerms')}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
            checked={Boolean(values.acceptTerms)}
            onChange={(e) => form.set('acceptTerms', e.target.checked as true)}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${id('acceptTerms')}-error` : undefined}
          />
          <label htmlFor={id('acceptTerms')} className="text-sm text-slate-700">
            I agree to the{' '}
            <Link to={paths.terms} className="font-medium text-brand-700 hover:underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} className="font-medium text-brand-700 hover:underline">
              Privacy Policy
            </Link>
          </label>
        </div>
        {errors.acceptTerms && (
          <p id={`${id('acceptTerms')}-error`} className="mt-1.5 text-sm text-red-600">
            {errors.acceptTerms}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
        {form.pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
