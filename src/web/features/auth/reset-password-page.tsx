import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { useForm } from './form-state';

export function Component() {
  usePageTitle();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ token, password: '', confirmPassword: '' });
  const [done, setDone] = useState<string | null>(null);

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      {!token ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          This reset link is invalid or has expired
        </p>
      ) : done ? (
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          {done}
        </p>
      ) : (
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(resetPasswordSchema, async (input) => {
              const reply = await api.post<{ message: string }>('/api/auth/reset-password', input);
              toast.success(reply.message);
              setDone(reply.message);
            });
          }}
        >
          <TextField
            id="reset-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            value={form.values.password}
            onChange={(e) => form.set('password', e.target.value)}
            error={form.errors.password}
          />
          <TextField
            id="reset-confirm"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            value={form.values.confirmPassword}
            onChange={(e) => form.set('confirmPassword', e.target.value)}
            error={form.errors.confirmPassword}
          />
          <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
            Set new password
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth} className="font-medium text-brand-700 hover:underline">
          Go to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
