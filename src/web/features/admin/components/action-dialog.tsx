import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogActions } from '../../../components/dialog-actions';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';

/**
 * The frame of one admin action on a record (useActionForm's form): the record's number under the
 * title, the refusal that belongs to no field, the fields, then Cancel and the action's button.
 */
export function ActionDialog({
  title,
  submitLabel = title,
  record,
  danger = false,
  cancelLabel,
  onOpenChange,
  form,
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
  form: { submit: (event: FormEvent<HTMLFormElement>) => void; error: string | null; busy: boolean };
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={record}>
        <form noValidate onSubmit={form.submit} className="space-y-4">
          <FormAlert message={form.error} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          {children}
          <DialogActions cancelLabel={cancelLabel}>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={form.busy}>
              {submitLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
