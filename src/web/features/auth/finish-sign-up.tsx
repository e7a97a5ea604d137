import { useId } from 'react';
import { ACCOUNT_MESSAGES, activateAccountSchema } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { inputProps, useAlertedSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { finishSignUp } from './auth-api';
import { EmailedLinkCard, Notice } from './auth-card';
import { useSignedIn } from './use-signed-in';

/**
 * The emailed sign-up link's form: the password chosen at sign-up makes the account, so a sign-up
 * someone else made with this address cannot be finished unawares (docs/decisions/042). A press, not
 * the page load, uses the link: mail scanners that open links use nothing up.
 */
function ActivateForm({ token }: { token: string }) {
  const form = useZodForm(activateAccountSchema, { defaultValues: { token, password: '' } });
  const input = inputProps(form, useId());
  const signedIn = useSignedIn();
  const { onSubmit, alert: refused } = useAlertedSubmit(form, async (activation) => {
    const { user } = await finishSignUp(activation);
    if (user?.role !== 'customer') return;
    toast.success(ACCOUNT_MESSAGES.signupSuccess, { description: `Welcome, ${user.firstName}` });
    signedIn(user, paths.account);
  });
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      {refused && <Notice tone="error">{refused}</Notice>}
      <PasswordField
        label="Password"
        autoComplete="current-password"
        placeholder="The password you chose"
        {...input('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** /signup?token=...: the page the sign-up email links to. */
export function FinishSignUp() {
  return (
    <EmailedLinkCard
      title="Finish signing up"
      intro="Enter the password you chose when you signed up to create your QuickBuy account."
      invalid={ACCOUNT_MESSAGES.activationInvalid}
    >
      {(token) => <ActivateForm token={token} />}
    </EmailedLinkCard>
  );
}
