import { useId } from 'react';
import { ACCOUNT_MESSAGES, activateAccountSchema } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { finishSignUp } from './auth-api';
import { EmailedLinkCard, Notice } from './auth-card';
import { useSignedIn } from './use-signed-in';

/**
 * The emailed sign-up link's form: whoever holds the link sets the password, never a password a form
 * left waiting (anyone may sign an address up), and the details typed at sign-up come with the
 * password typed there (docs/decisions/042). A press, not the page load, uses the link: mail scanners
 * that open links use nothing up.
 */
function ActivateForm({ token }: { token: string }) {
  const form = useZodForm(activateAccountSchema, { defaultValues: { token, password: '', confirmPassword: '' } });
  const input = inputProps(form, useId());
  const signedIn = useSignedIn();
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (activation) => {
      const { user } = await finishSignUp(activation);
      if (user?.role !== 'customer') return;
      // No name: the password was not the sign-up form's, so its details were left out.
      const description = user.firstName
        ? `Welcome, ${user.firstName}`
        : 'Add your name and address on your account page';
      toast.success(ACCOUNT_MESSAGES.signupSuccess, { description });
      signedIn(user, paths.account);
    },
    { report: 'alert' },
  );
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      {alert && <Notice tone="error">{alert}</Notice>}
      <PasswordField label="Password" placeholder="The password you chose" {...input('password')} />
      <PasswordField label="Confirm Password" {...input('confirmPassword')} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** /signup?token=...: the page the sign-up email links to. */
export function FinishSignUp() {
  return (
    <EmailedLinkCard
      title="Finish signing up"
      intro="Enter the password you chose when you signed up, twice, to create your QuickBuy account."
      invalid={ACCOUNT_MESSAGES.activationInvalid}
    >
      {(token) => <ActivateForm token={token} />}
    </EmailedLinkCard>
  );
}
