import { useId } from 'react';
import { ACCOUNT_MESSAGES, resetPasswordSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { resetPassword } from './auth-api';
import { emailedLinkPage } from './auth-card';

/** The new password form; the link's token travels as a value of the form that has no input. */
function ResetForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const form = useZodForm(resetPasswordSchema, { defaultValues: { token, password: '', confirmPassword: '' } });
  const input = inputProps(form, useId());
  const { onSubmit, busy } = useFormSubmit(form, async (reset) => {
    const { message } = await resetPassword(reset);
    toast.success(message);
    onDone(message);
  });
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      <PasswordField label="New Password" {...input('password')} />
      <PasswordField label="Confirm New Password" {...input('confirmPassword')} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        Set new password
      </Button>
    </form>
  );
}

/** /reset-password?token=...: the page the reset link opens. */
export const Component = emailedLinkPage(ResetForm, {
  title: 'Reset password',
  intro: 'Choose a new password for your account.',
  invalid: ACCOUNT_MESSAGES.resetInvalid,
});
