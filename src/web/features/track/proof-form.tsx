import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { useFormSubmit } from '../../lib/forms';

/**
 * The frame of what a customer does from /track (answering an offer, cancelling a repair): the
 * form's own error, the contact email when the action takes it as proof (`emailHint`: a repair
 * booking's, when the session does not prove it; an offer never does, docs/decisions/039), the action's
 * fields, Cancel and the submit button. A refusal naming `email` lands under it; what names no field
 * shows above the form.
 */
export function ProofForm<In extends FieldValues, Out extends FieldValues>({
  form,
  needsEmail = false,
  emailHint,
  submitLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  variant,
  fallback,
  send,
  onCancel,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  needsEmail?: boolean;
  emailHint?: string;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  variant: 'primary' | 'danger';
  /** Said when the request failed without the API's answer (the network). */
  fallback: string;
  send: (input: Out) => Promise<void>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const emailId = useId();
  const { onSubmit, alert, busy } = useFormSubmit(form, send, { report: 'alert', fallback });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormAlert message={alert} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" />
      {needsEmail && (
        <TextField
          id={emailId}
          {...form.register('email' as Path<In>)}
          type="email"
          label="Contact Email"
          required
          autoComplete="email"
          hint={emailHint}
          error={form.formState.errors.email?.message as string | undefined}
        />
      )}
      {children}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={variant} disabled={busy}>
          {busy ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
