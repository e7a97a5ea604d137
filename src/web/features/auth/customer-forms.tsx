import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, ID_TYPES, PASSWORD_MIN_LENGTH, signinSchema, signupSchema } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { ProvinceSelect } from '../../components/province-select';
import {
  CheckboxField,
  EmailField,
  PasswordField,
  PhoneField,
  SelectField,
  TextField,
} from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { signIn, signUp } from './auth-api';
import { Notice, TermsAndPrivacy } from './auth-card';
import { useSignedIn } from './use-signed-in';

/** Customer sign-in by email and password (the /auth tab and /login). */
export function SignInForm() {
  const form = useZodForm(signinSchema, { defaultValues: { email: '', password: '' } });
  const input = inputProps(form, useId());
  const signedIn = useSignedIn();
  const [refused, setRefused] = useState(false);
  const { onSubmit, busy } = useFormSubmit(
    form,
    async (credentials) => {
      const { user } = await signIn(credentials);
      if (user?.role !== 'customer') return;
      toast.success(ACCOUNT_MESSAGES.loginSuccess, { description: `Welcome back, ${user.firstName}` });
      signedIn(user, paths.account);
    },
    { onFailure: (error) => setRefused(error instanceof ApiError && error.status === 401) },
  );
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      {/* After every refused password alike, so it tells nobody whether the email has an account or a sign-up. */}
      {refused && <Notice>{ACCOUNT_MESSAGES.signUpLinkFirst}</Notice>}
      <EmailField placeholder="you@example.com" {...input('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        placeholder="Enter your password"
        {...input('password')}
      />
      <div className="flex justify-end text-sm">
        <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/**
 * Customer sign-up with the spec's fields (the /auth tab and /signup). The server answers alike for a
 * new and a taken email, so the form gives way to 'Check your email...': the account is made from the
 * emailed link (/signup?token=..., finish-sign-up.tsx), which signs in and says 'Account created successfully!'.
 */
export function SignUpForm() {
  const form = useZodForm(signupSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      idType: 'id',
      idNumber: '',
      apartment: '',
      city: '',
      postalCode: '',
      password: '',
      confirmPassword: '',
    },
  });
  const input = inputProps(form, useId());
  const [sent, setSent] = useState<string | null>(null);
  // Label and placeholder follow the chosen ID type (spec 000 section 5).
  const idType = ID_TYPES.find((t) => t.value === form.watch('idType')) ?? ID_TYPES[0];
  const { onSubmit, busy } = useFormSubmit(form, async (details) => {
    setSent((await signUp(details)).message);
  });

  if (sent) return <Notice>{sent}</Notice>;
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          placeholder="First name"
          required
          {...input('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          placeholder="Last name"
          required
          {...input('lastName')}
        />
      </div>
      <EmailField placeholder="you@example.com" {...input('email')} />
      <PhoneField required {...input('phone')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="ID Type" required options={ID_TYPES} {...input('idType')} />
        <TextField
          label={idType.label}
          placeholder={idType.placeholder}
          autoComplete="off"
          required
          {...input('idNumber')}
        />
      </div>
      <TextField
        label="Apartment / Unit"
        optional
        autoComplete="address-line2"
        placeholder="Apartment, unit, etc."
        {...input('apartment')}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" placeholder="City" required {...input('city')} />
        <ProvinceSelect {...input('province')} />
        <TextField
          label="Postal Code"
          autoComplete="postal-code"
          placeholder="8001"
          required
          {...input('postalCode')}
        />
      </div>
      {/* The mismatch shows as soon as both are typed, under the pointer's way to the terms: its line is kept. */}
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField
          label="Password"
          placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
          reserveMessageLine
          {...input('password')}
        />
        <PasswordField
          label="Confirm Password"
          placeholder="Repeat your password"
          reserveMessageLine
          {...input('confirmPassword')}
        />
      </div>
      <CheckboxField {...input('acceptTerms')}>
        I agree to the <TermsAndPrivacy />
      </CheckboxField>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
