import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  adminSigninSchema,
  agentSigninSchema,
  type MeReply,
  type SessionUser,
} from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api } from '../../lib/api';
import { inputProps, submitWith, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { useSignedIn } from './use-signed-in';

/** What differs between the portal's two tabs; the form itself is one. */
const PORTALS = {
  agent: {
    schema: agentSigninSchema,
    endpoint: '/api/auth/agent/signin',
    identifier: {
      name: 'username',
      label: 'Username',
      type: 'text',
      autoComplete: 'username',
      placeholder: 'e.g. sarah.mitchell',
    },
    submit: 'Sign In as Agent',
    destination: paths.agentDashboard,
    welcome: (user: SessionUser) => (user.role === 'agent' ? `Welcome back, ${user.name}!` : null),
  },
  admin: {
    schema: adminSigninSchema,
    endpoint: '/api/auth/admin/signin',
    identifier: { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: undefined },
    submit: 'Sign In as Admin',
    destination: paths.admin,
    welcome: (user: SessionUser) => (user.role === 'admin' ? ACCOUNT_MESSAGES.adminWelcome : null),
  },
} as const;

/**
 * One tab's form. Its values are typed loosely (`username` or `email`, then `password`) because the
 * two tabs share it; each submits through its own route's schema.
 */
function PortalForm({ portalKey }: { portalKey: keyof typeof PORTALS }) {
  const portal = PORTALS[portalKey];
  const field = portal.identifier.name;
  const form = useZodForm(portal.schema as z.ZodType<Record<string, string>, Record<string, string>>, {
    defaultValues: { [field]: '', password: '' },
  });
  const input = inputProps(form, useId());
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSignedIn();
  const onSubmit = submitWith(
    form,
    async (credentials) => {
      setError(null);
      const { user } = await api.post<MeReply>(portal.endpoint, credentials);
      const welcome = user ? portal.welcome(user) : null;
      if (!user || !welcome) return;
      toast.success(welcome);
      signedIn(user, portal.destination);
    },
    { report: setError },
  );
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <TextField
        label={portal.identifier.label}
        type={portal.identifier.type}
        autoComplete={portal.identifier.autoComplete}
        placeholder={portal.identifier.placeholder}
        required
        {...input(field)}
      />
      <PasswordField label="Password" autoComplete="current-password" {...input('password')} />
      <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
        {portal.submit}
      </Button>
    </form>
  );
}

export function Component() {
  usePageTitle();
  return (
    <AuthCard title="Partner Portal" intro="Sign in as an agent or as the administrator.">
      <Tabs defaultValue="agent">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="agent">Agent</TabsTrigger>
          <TabsTrigger value="admin">Admin</TabsTrigger>
        </TabsList>
        <TabsContent value="agent">
          <PortalForm portalKey="agent" />
        </TabsContent>
        <TabsContent value="admin">
          <PortalForm portalKey="admin" />
        </TabsContent>
      </Tabs>
      <p className="mt-6 text-center text-sm text-slate-600">
        Are you a customer?{' '}
        <Link to={paths.auth} className="font-medium text-brand-700 hover:underline">
          Sign in here
        </Link>
      </p>
    </AuthCard>
  );
}
