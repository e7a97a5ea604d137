import { useId } from 'react';
import { ACCOUNT_MESSAGES, confirmEmailChangeSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { refreshSession } from '../../lib/use-session';
import { confirmEmailChange } from './auth-api';
import { emailedLinkPage, Notice } from './auth-card';

/**
 * The account's password makes the new address its email: the link alone does not, so whoever
 * holds an inbox cannot be led to move someone else's account onto it (docs/decisions/042). A press,
 * not the page load, uses the link.
 */
function ConfirmForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const form = useZodForm(confirmEmailChangeSchema, { defaultValues: { token, currentPassword: '' } });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (confirmation) => {
      const { message } = await confirmEmailChange(confirmation);
      // Signed in on this browser, the header shows the new email at once.
      void refreshSession();
      toast.success(message);
      onDone(message);
    },
    { report: 'alert' },
  );
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      {alert && <Notice tone="error">{alert}</Notice>}
      <PasswordField label="Password" autoComplete="current-password" {...input('currentPassword')} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        Confirm my new email
      </Button>
    </form>
  );
}

/** /confirm-email?token=...: the page the link emailed to a new address opens. */
export const Component = emailedLinkPage(ConfirmForm, {
  title: 'Confirm your new email',
  intro: 'Enter the password of your QuickBuy account to make this address its email.',
  invalid: ACCOUNT_MESSAGES.emailChangeInvalid,
});
