import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, adminSigninSchema, agentSigninSchema, type SessionUser } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import type { PendingSecondFactor } from '../../../shared/staff-mfa';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { signOut } from '../../lib/sign-out';
import { setSession } from '../../lib/use-session';
import { staffSignIn, useMe } from './auth-api';
import { AuthCard, Notice } from './auth-card';
import { useSignedIn } from './use-signed-in';

/** The second step's screens load only when a password was right. */
const SecondFactorStep = lazy(() => import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })));

/** What differs between the portal's two tabs; the form itself is one. */
const PORTALS = {
  agent: {
    schema: agentSigninSchema,
    signIn: staffSignIn.agent,
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
    signIn: staffSignIn.admin,
    identifier: { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: undefined },
    submit: 'Sign In as Admin',
    destination: paths.admin,
    welcome: (user: SessionUser) => (user.role === 'admin' ? ACCOUNT_MESSAGES.adminWelcome : null),
  },
} as const;

/**
 * One tab's form. Its values are typed loosely (`username` or `email`, then `password`) because the
 * two tabs share it; each submits through its own route's schema. A right password leads to the
 * second factor (`onSecondFactor`) unless the store runs with STAFF_MFA=off.
 */
function PortalForm({
  portalKey,
  onSecondFactor,
}: {
  portalKey: keyof typeof PORTALS;
  onSecondFactor: (pending: PendingSecondFactor) => void;
}) {
  const portal = PORTALS[portalKey];
  const field = portal.identifier.name;
  const form = useZodForm(portal.schema as z.ZodType<Record<string, string>, Record<string, string>>, {
    defaultValues: { [field]: '', password: '' },
  });
  const input = inputProps(form, useId());
  const welcome = useWelcome();
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (credentials) => {
      const { user, secondFactor } = await portal.signIn(credentials);
      if (secondFactor) onSecondFactor(secondFactor);
      else if (user) welcome(user);
    },
    { report: 'alert' },
  );
  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
      <TextField
        label={portal.identifier.label}
        type={portal.identifier.type}
        autoComplete={portal.identifier.autoComplete}
        placeholder={portal.identifier.placeholder}
        required
        {...input(field)}
      />
      <PasswordField label="Password" autoComplete="current-password" {...input('password')} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {portal.submit}
      </Button>
    </form>
  );
}

/** Signed in: the role's welcome and its dashboard. */
function useWelcome() {
  const signedIn = useSignedIn();
  return (user: SessionUser) => {
    const portal = user.role === 'admin' ? PORTALS.admin : PORTALS.agent;
    const welcome = portal.welcome(user);
    if (!welcome) return;
    toast.success(welcome);
    signedIn(user, portal.destination);
  };
}

export function Component() {
  usePageTitle();
  // A password already given in this browser (a reload on the code screen) goes straight to its second step.
  const me = useMe();
  const [pending, setPending] = useState<PendingSecondFactor | null | undefined>(undefined);
  const welcome = useWelcome();
  const step = pending === undefined ? me.data?.secondFactor : pending;

  async function cancel() {
    await signOut();
    setSession(null);
    setPending(null);
  }

  if (step) {
    return (
      <AuthCard
        title="Partner Portal"
        intro={step.step === 'enrol' ? 'One more step: set up your authenticator app.' : 'One more step to sign in.'}
        wide={step.step === 'enrol'}
      >
        <Suspense fallback={<Notice>Loading...</Notice>}>
          <SecondFactorStep pending={step} onSignedIn={welcome} onCancel={() => void cancel()} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Partner Portal" intro="Sign in as an agent or as the administrator.">
      <Tabs defaultValue="agent">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="agent">Agent</TabsTrigger>
          <TabsTrigger value="admin">Admin</TabsTrigger>
        </TabsList>
        <TabsContent value="agent">
          <PortalForm portalKey="agent" onSecondFactor={setPending} />
        </TabsContent>
        <TabsContent value="admin">
          <PortalForm portalKey="admin" onSecondFactor={setPending} />
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
