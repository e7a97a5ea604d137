import { useId, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { DialogActions } from '../../../components/dialog-actions';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm, type FormSubmit } from '../../../lib/forms';
import { toast } from '../../../lib/toast';

/** What a dialog of one action is given: refresh the list after it, and close. */
export type ActionProps = { onDone: () => void; onOpenChange: (open: boolean) => void };

/**
 * The send of one action's form: the server's reply says what was done (a toast), then the list reads
 * again and the dialog closes. A refusal stays in the dialog (useFormSubmit with `report: 'alert'`).
 */
export function actionSend<Input>(
  run: (input: Input) => Promise<{ message: string }>,
  { onDone, onOpenChange }: ActionProps,
) {
  return async (input: Input) => {
    toast.success((await run(input)).message);
    onDone();
    onOpenChange(false);
  };
}

/**
 * The form of one action's dialog: `schema` checks it (the route parses the same), `run` sends it, and
 * actionSend says what was done, refreshes the list and closes; a refusal stays in the dialog's alert.
 */
export function useActionForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  run: (input: z.output<Schema>) => Promise<{ message: string }>,
  props: ActionProps,
  /** When the fields are first checked: on leaving one (the default), or only once the form is sent. */
  { checkFirst = 'onTouched' }: { checkFirst?: 'onTouched' | 'onSubmit' } = {},
) {
  const form = useZodForm(schema, { defaultValues, mode: checkFirst, reValidateMode: 'onChange' });
  const input = inputProps(form, useId());
  const submit = useFormSubmit(form, actionSend(run, props), { report: 'alert' });
  return { form, input, submit };
}

/**
 * The frame of one admin action on a record (a useZodForm sent by useFormSubmit, `report: 'alert'`):
 * the record's number under the title, the refusal that belongs to no field, the fields, then Cancel
 * and the action's button.
 */
export function ActionDialog({
  title,
  submitLabel = title,
  record,
  danger = false,
  cancelLabel,
  onOpenChange,
  submit,
  children,
}: {
  title: string;
  submitLabel?: string;
  /** The record's number, read under the title. */
  record: string;
  danger?: boolean;
  /** The closing button's words, when 'Cancel' would read as the action itself. */
  cancelLabel?: string;
  onOpenChange: (open: boolean) => void;
  submit: FormSubmit;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={record}>
        <form noValidate onSubmit={submit.onSubmit} className="space-y-4">
          <FormAlert message={submit.alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          {children}
          <DialogActions cancelLabel={cancelLabel}>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={submit.busy}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
