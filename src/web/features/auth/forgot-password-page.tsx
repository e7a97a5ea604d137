import { useId, useState } from 'react';
import { forgotPasswordSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/use-page-title';
import { askPasswordReset } from './auth-api';
import { AuthCard, BackToSignIn, Notice } from './auth-card';

export function Component() {
  usePageTitle();
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const input = inputProps(form, useId());
  const [sent, setSent] = useState<string | null>(null);
  const { onSubmit, busy } = useFormSubmit(form, async (request) => {
    setSent((await askPasswordReset(request)).message);
  });
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <Notice>{sent}</Notice>
      ) : (
        <form noValidate className="space-y-5" onSubmit={onSubmit}>
          <EmailField {...input('email')} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            Send reset link
          </Button>
        </form>
      )}
      <BackToSignIn>Back to sign in</BackToSignIn>
    </AuthCard>
  );
}
