import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, adminSigninSchema, agentSigninSchema, type MeReply } from '../../../shared/accounts';
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

function AgentForm() {
  const form = useForm({ username: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSignedIn();
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        void form.submit(agentSigninSchema, async (input) => {
          try {
            const { user } = await api.post<MeReply>('/api/auth/agent/signin', input);
            if (user?.role !== 'agent') return;
            toast.success(`Welcome back, ${user.name}!`);
            signedIn(user, paths.agentDashboard);
          } catch (e) {
            if (e instanceof ApiError) setError(e.message);
            throw e;
          }
        });
      }}
    >
      <FormError message={error} />
      <TextField
        id="agent-username"
        label="Username"
        autoComplete="username"
        placeholder="e.g. sarah.mitchell"
        required
        value={form.values.username}
        onChange={(e) => form.set('username', e.target.value)}
        error={form.errors.username}
      />
      <TextField
        id="agent-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.password}
        onChange={(e) => form.set('password', e.target.value)}
        error={form.errors.password}
      />
      <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
        Sign In as Agent
      </Button>
    </form>
  );
}

function AdminForm() {
  const form = useForm({ email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const signedIn = useSignedIn();
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        void form.submit(adminSigninSchema, async (input) => {
          try {
            const { user } = await api.post<MeReply>('/api/auth/admin/signin', input);
            if (user?.role !== 'admin') return;
            toast.success(ACCOUNT_MESSAGES.adminWelcome);
            signedIn(user, paths.admin);
          } catch (e) {
            if (e instanceof ApiError) setError(e.message);
            throw e;
          }
        });
      }}
    >
      <FormError message={error} />
      <TextField
        id="admin-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        error={form.errors.email}
      />
      <TextField
        id="admin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.password}
        onChange={(e) => form.set('password', e.target.value)}
        error={form.errors.password}
      />
      <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
        Sign In as Admin
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
          <AgentForm />
        </TabsContent>
        <TabsContent value="admin">
          <AdminForm />
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
