import { passwordChangeSchema } from '../../../shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useForm } from '../auth/form-state';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (any signed-in role): the current one is checked by the server. */
export function PasswordForm() {
  const form = useForm(EMPTY);
  return (
    <form
      noValidate
      aria-labelledby="password-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(passwordChangeSchema, async (input) => {
          const reply = await api.post<{ message: string }>('/api/account/password', input);
          toast.success(reply.message);
          form.setValues(EMPTY);
        });
      }}
    >
      <h3 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change Password
      </h3>
      <TextField
        id="current-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.currentPassword}
        onChange={(e) => form.set('currentPassword', e.target.value)}
        error={form.errors.currentPassword}
      />
      <TextField
        id="new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        value={form.values.newPassword}
        onChange={(e) => form.set('newPassword', e.target.value)}
        error={form.errors.newPassword}
      />
      <TextField
        id="confirm-new-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        onChange={(e) => form.set('confirmPassword', e.target.value)}
        error={form.errors.confirmPassword}
      />
      <Button type="submit" disabled={form.pending}>
        Change Password
      </Button>
    </form>
  );
}
