import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MeReply, SessionUser } from '../../../shared/accounts';
import {
  enrolmentConfirmSchema,
  recoveryCodeSchema,
  totpCodeSchema,
  type EnrolmentReply,
  type PendingSecondFactor,
} from '../../../shared/staff-mfa';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { api } from '../../lib/api';
import { inputProps, submitWith, useZodForm } from '../../lib/forms';
import { Notice } from './auth-card';

/** The code input every authenticator screen uses: the phone's number pad, the browser's one-time-code fill. */
const CODE_INPUT = { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 7, required: true } as const;

const ALERT = 'rounded-lg bg-red-50 p-3 text-sm text-red-800';

/**
 * The second step of a staff sign-in (docs/decisions/041), after the right password: set up an
 * authenticator app on the first sign-in, or enter its code (or a recovery code). `onSignedIn`
 * gets the user once the server has upgraded the session; `onCancel` signs the pending session out.
 */
export function SecondFactorStep({
  pending,
  onSignedIn,
  onCancel,
}: {
  pending: PendingSecondFactor;
  onSignedIn: (user: SessionUser) => void;
  onCancel: () => void;
}) {
  return (
    <div className="space-y-6">
      {pending.step === 'enrol' ? (
        <EnrolAuthenticator onSignedIn={onSignedIn} />
      ) : (
        <EnterCode onSignedIn={onSignedIn} />
      )}
      <p className="text-center text-sm text-slate-600">
        Not {pending.name}?{' '}
        <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onCancel}>
          Sign in as someone else
        </button>
      </p>
    </div>
  );
}

/** The signed-in user of a second-factor reply. */
function signedInUser(reply: MeReply): SessionUser {
  if (!reply.user) throw new Error('The server did not finish the sign-in');
  return reply.user;
}

function EnterCode({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const [recovery, setRecovery] = useState(false);
  return (
    <section aria-labelledby="second-factor-title" className="space-y-4">
      <h2 id="second-factor-title" className="text-lg font-semibold text-slate-900">
        {recovery ? 'Use a recovery code' : 'Enter your authentication code'}
      </h2>
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for QuickBuy.'}
      </p>
      {recovery ? <RecoveryCodeForm onSignedIn={onSignedIn} /> : <TotpCodeForm onSignedIn={onSignedIn} />}
      <button
        type="button"
        className="text-sm font-medium text-brand-700 hover:underline"
        onClick={() => setRecovery(!recovery)}
      >
        {recovery ? 'Use the code from your app instead' : 'Use a recovery code'}
      </button>
    </section>
  );
}

function TotpCodeForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const form = useZodForm(totpCodeSchema, { defaultValues: { code: '' } });
  const input = inputProps(form, useId());
  const [error, setError] = useState<string | null>(null);
  const onSubmit = submitWith(
    form,
    async (body) => {
      setError(null);
      onSignedIn(signedInUser(await api.post<MeReply>('/api/auth/mfa/code', body)));
    },
    { report: setError },
  );
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <FormAlert message={error} className={ALERT} />
      <TextField label="Authentication code" {...CODE_INPUT} {...input('code')} />
      <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
        Verify
      </Button>
    </form>
  );
}

function RecoveryCodeForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const form = useZodForm(recoveryCodeSchema, { defaultValues: { recoveryCode: '' } });
  const input = inputProps(form, useId());
  const [error, setError] = useState<string | null>(null);
  const onSubmit = submitWith(
    form,
    async (body) => {
      setError(null);
      onSignedIn(signedInUser(await api.post<MeReply>('/api/auth/mfa/recovery', body)));
    },
    { report: setError },
  );
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <FormAlert message={error} className={ALERT} />
      <TextField label="Recovery code" autoComplete="off" spellCheck={false} required {...input('recoveryCode')} />
      <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
        Verify
      </Button>
    </form>
  );
}

/**
 * First sign-in: the server makes a secret and ten recovery codes, shown this once. Asked for once
 * per visit of the page (a second ask would replace the secret the person is scanning).
 */
function EnrolAuthenticator({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const enrolment = useQuery({
    queryKey: ['auth', 'mfa', 'enrolment'],
    queryFn: () => api.post<EnrolmentReply>('/api/auth/mfa/enrolment'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const form = useZodForm(enrolmentConfirmSchema, { defaultValues: { code: '' } });
  const input = inputProps(form, useId());
  const [error, setError] = useState<string | null>(null);
  const onSubmit = submitWith(
    form,
    async (body) => {
      setError(null);
      onSignedIn(signedInUser(await api.post<MeReply>('/api/auth/mfa/enrolment/confirm', body)));
    },
    { report: setError },
  );

  if (enrolment.isPending) return <Notice>Preparing your authenticator setup...</Notice>;
  if (enrolment.isError) return <Notice tone="error">{enrolment.error.message}</Notice>;
  const { qrCode, secret, recoveryCodes } = enrolment.data;
  return (
    <section aria-labelledby="enrol-title" className="space-y-5">
      <div>
        <h2 id="enrol-title" className="text-lg font-semibold text-slate-900">
          Set up your authenticator app
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Staff accounts sign in with a password and a code from an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password or any other). Scan this QR code with the app.
        </p>
      </div>
      <img
        src={qrCode}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="mx-auto size-48 rounded-lg border border-slate-200 bg-white p-2"
      />
      <TextField
        id="enrol-setup-key"
        label="Setup key"
        hint="Can't scan? Type this key into the app instead."
        readOnly
        value={secret}
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <h3 id="recovery-codes-title" className="font-semibold text-slate-900">
          Recovery codes
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          If you lose your phone, each of these codes signs you in once. Save them somewhere safe now: they are not
          shown again.
        </p>
        <ol
          aria-labelledby="recovery-codes-title"
          className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900"
        >
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
      </div>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <FormAlert message={error} className={ALERT} />
        <CheckboxField {...input('savedRecoveryCodes')}>I saved these recovery codes</CheckboxField>
        <TextField label="Code from the app" {...CODE_INPUT} {...input('code')} />
        <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
          Confirm and sign in
        </Button>
      </form>
    </section>
  );
}
