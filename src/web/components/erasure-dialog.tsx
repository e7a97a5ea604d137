import { useId, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ERASED, KEPT } from '../../shared/personal-data';
import { inputProps, useFormSubmit, useZodForm, type FormSubmit } from '../lib/forms';
import { DialogActions } from './dialog-actions';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogTrigger } from './ui/dialog';
import { FormAlert } from './ui/form-alert';

/** A list of the statements src/shared words once for the pages, the dialogs and the email. */
export function StatementLines({ lines, className = '' }: { lines: readonly string[]; className?: string }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 ${className}`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * Every erasure's dialog (POPIA, docs/decisions/076): the customer's own, the guest's on their order page and the
 * admin's for a request received by email state in the same words what is erased and what the law keeps, then
 * take their own fields (`children`) and send through useFormSubmit (`report: 'alert'`). Its form should check when
 * sent (`mode: 'onSubmit'`): a message appearing as a field loses focus would move the button under the pointer on
 * a narrow screen, and the click that blurred the field would miss it.
 */
export function ErasureDialog({
  title,
  action,
  confirmationTo,
  open,
  onOpenChange,
  submit,
  alert = submit.alert,
  children,
}: {
  title: string;
  /** The words of the button that opens the dialog and of the one that erases. */
  action: string;
  /** Where the emailed confirmation goes, as the sentence names it ('your address'). */
  confirmationTo: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  submit: FormSubmit;
  /** What the dialog's alert says, when more than the submit's alert ends up there. */
  alert?: string | null;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="danger">{action}</Button>
      </DialogTrigger>
      <DialogContent title={title} size="lg">
        <form noValidate className="space-y-4 text-sm text-slate-700" onSubmit={submit.onSubmit}>
          <h3 className="font-semibold text-slate-900">What we erase</h3>
          <StatementLines lines={ERASED} />
          <h3 className="font-semibold text-slate-900">What the law requires us to keep</h3>
          <StatementLines lines={KEPT} />
          <p>This cannot be undone. We will email a confirmation to {confirmationTo}.</p>
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          {children}
          <DialogActions>
            <Button type="submit" variant="danger" disabled={submit.busy}>
              {action}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form of an ErasureDialog and whether it is open: its fields filled afresh from `empty` each time it opens,
 * checked when sent (above: why), a refusal in the dialog's alert, shut once `erase` has succeeded. Spread `dialog`
 * into the ErasureDialog; `input` gives its fields.
 */
export function useErasureForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  empty: DefaultValues<z.input<Schema>>,
  erase: (request: z.output<Schema>) => Promise<void>,
) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(schema, { defaultValues: empty, mode: 'onSubmit' });
  const input = inputProps(form, useId());
  const submit = useFormSubmit(
    form,
    async (request) => {
      await erase(request);
      setOpen(false);
    },
    { report: 'alert' },
  );
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(empty);
  };
  return { form, input, dialog: { open, onOpenChange, submit } };
}
