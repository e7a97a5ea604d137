import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { MeReply, SessionUser } from '../../../shared/accounts';
import {
  enrolmentConfirmSchema,
  recoveryCodeSchema,
  totpCodeSchema,
  type PendingSecondFactor,
} from '../../../shared/staff-mfa';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { secondFactor, useEnrolment } from './auth-api';
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

/**
 * A form of the step: its schema checks the input, `send`'s reply is the signed-in user; a refusal
 * lands under its input, anything else in the form's alert.
 */
function useStepForm<Values extends Record<string, unknown>>(
  form: UseFormReturn<Values, unknown, Values>,
  send: (body: Values) => Promise<MeReply>,
  onSignedIn: (user: SessionUser) => void,
) {
  return useFormSubmit(
    form,
    async (body) => {
      const { user } = await send(body);
      if (user) onSignedIn(user);
    },
    { report: 'alert' },
  );
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
      <ProofForm key={recovery ? 'recovery' : 'code'} kind={recovery ? 'recovery' : 'code'} onSignedIn={onSignedIn} />
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

/** The two proofs a pending session may give: the app's code, or a recovery code. */
const PROOFS = {
  code: {
    schema: totpCodeSchema,
    send: secondFactor.code,
    field: 'code',
    label: 'Authentication code',
    input: CODE_INPUT,
  },
  recovery: {
    schema: recoveryCodeSchema,
    send: secondFactor.recovery,
    field: 'recoveryCode',
    label: 'Recovery code',
    input: { autoComplete: 'off', spellCheck: false, required: true },
  },
} as const;

function ProofForm({ kind, onSignedIn }: { kind: keyof typeof PROOFS; onSignedIn: (user: SessionUser) => void }) {
  const proof = PROOFS[kind];
  // Typed loosely: the two proofs share this form, each checked by its own route's schema.
  const form = useZodForm(proof.schema as z.ZodType<Record<string, string>, Record<string, string>>, {
    defaultValues: { [proof.field]: '' },
  });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useStepForm(form, proof.send, onSignedIn);
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <FormAlert message={alert} className={ALERT} />
      <TextField label={proof.label} {...proof.input} {...input(proof.field)} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        Verify
      </Button>
    </form>
  );
}

/** First sign-in: the server makes a secret and ten recovery codes, shown this once (useEnrolment). */
function EnrolAuthenticator({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const enrolment = useEnrolment();
  const form = useZodForm(enrolmentConfirmSchema, { defaultValues: { code: '' } });
  const input = inputProps(form, useId());
  const { onSubmit, alert, busy } = useStepForm(form, secondFactor.confirmEnrolment, onSignedIn);

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
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <h3 id="recovery-codes-title" className="font-semibold text-slate-900">
          Recovery codes
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          If you lose your phone, each of these codes signs you in once. Save them somewhere safe now: once you confirm,
          they are not shown again.
        </p>
        <ol
          aria-labelledby="recovery-codes-title"
          className="mt-3 grid gap-2 rounded-lg sm:grid-cols-2 bg-slate-50 p-3 font-mono text-sm text-slate-900"
        >
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <SaveRecoveryCodes codes={recoveryCodes} />
      </div>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <FormAlert message={alert} className={ALERT} />
        <CheckboxField {...input('savedRecoveryCodes')}>I saved these recovery codes</CheckboxField>
        <TextField label="Code from the app" {...CODE_INPUT} {...input('code')} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          Confirm and sign in
        </Button>
      </form>
    </section>
  );
}

/** The recovery codes as a file and the clipboard take them: a title line, then one code a line. */
const recoveryCodesText = (codes: string[]) => `QuickBuy recovery codes (each works once)\n\n${codes.join('\n')}\n`;

/** Copy and Download: the two ways to keep the codes without retyping them. */
function SaveRecoveryCodes({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy: select the codes and copy them, or download them');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'quickbuy-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden="true" />
        Copy codes
      </Button>
      <Button type="button" variant="secondary" size="sm" onClick={download}>
        <Download className="size-4" aria-hidden="true" />
        Download codes
      </Button>
    </div>
  );
}
