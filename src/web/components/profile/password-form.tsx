import { useId } from 'react';
import { passwordChangeSchema } from '../../../shared/accounts';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/field';
import { changePassword } from './profile-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (any signed-in role): the current one is checked by the server. */
export function PasswordForm() {
  const prefix = useId();
  const form = useZodForm(passwordChangeSchema, { defaultValues: EMPTY });
  const input = inputProps(form, prefix);
  const { onSubmit, busy } = useFormSubmit(form, async (change) => {
    toast.success(await changePassword(change));
    form.reset(EMPTY);
  });
  return (
    <form noValidate aria-labelledby={`${prefix}-heading`} className="space-y-4" onSubmit={onSubmit}>
      <h2 id={`${prefix}-heading`} className="text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      <PasswordField label="Current Password" autoComplete="current-password" {...input('currentPassword')} />
      <PasswordField label="New Password" {...input('newPassword')} />
      <PasswordField label="Confirm New Password" {...input('confirmPassword')} />
      <Button type="submit" disabled={busy}>
        Change Password
      </Button>
    </form>
  );
}
