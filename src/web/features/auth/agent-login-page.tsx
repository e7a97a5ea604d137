import { useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  adminSigninSchema,
  agentSigninSchema,
  type MeReply,
  type SessionUser,
} from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { useForm } from './form-state';
import { useSignedIn } from './use-signed-in';

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

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

function PortalForm({ portalKey: role }: { portalKey: keyof typeof PORTALS }) {
  const portal = PORTALS[role];
  const field = portal.identifier.name;
  const form = useForm<Record<string, string>>({ [field]: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSignedIn();
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        void form.submit(portal.schema, async (input) => {
          try {
            const { user } = await api.post<MeReply>(portal.endpoint, input);
            const welcome = user ? portal.welcome(user) : null;
            if (!user || !welcome) return;
            toast.success(welcome);
            signedIn(user, portal.destination);
          } catch (e) {
            if (e instanceof ApiError) setError(e.message);
            throw e;
          }
        });
      }}
    >
      <FormError message={error} />
      <TextField
        id={`${role}-${field}`}
        label={portal.identifier.label}
        type={portal.identifier.type}
        autoComplete={portal.identifier.autoComplete}
        placeholder={portal.identifier.placeholder}
        required
        value={form.values[field] ?? ''}
        onChange={(e) => form.set(field, e.target.value)}
        error={form.errors[field]}
      />
      <TextField
        id={`${role}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.password ?? ''}
        onChange={(e) => form.set('password', e.target.value)}
        error={form.errors.password}
      />
      <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
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
