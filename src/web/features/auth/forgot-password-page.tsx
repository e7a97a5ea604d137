import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { api } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { useForm } from './form-state';

export function Component() {
  usePageTitle();
  const form = useForm({ email: '' });
  const [sent, setSent] = useState<string | null>(null);
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          {sent}
        </p>
      ) : (
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(forgotPasswordSchema, async (input) => {
              const reply = await api.post<{ message: string }>('/api/auth/forgot-password', input);
              setSent(reply.message);
            });
          }}
        >
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={form.values.email}
            onChange={(e) => form.set('email', e.target.value)}
            error={form.errors.email}
          />
          <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth} className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
