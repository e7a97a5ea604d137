import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { dataExportSchema, deleteAccountSchema, ERASED, KEPT, RETENTION_LINES } from '../../../shared/personal-data';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { DialogActions } from '../../components/dialog-actions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { CheckboxField, PasswordField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { setSession } from '../../lib/use-session';
import { deleteMyAccount, downloadMyData } from './account-api';

/** A list of the statements src/shared words once for the page, the dialog and the email. */
function Lines({ lines, className = '' }: { lines: readonly string[]; className?: string }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 ${className}`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Download: the password again, then the browser saves the ZIP. */
function DownloadForm() {
  const prefix = useId();
  const form = useZodForm(dataExportSchema, { defaultValues: { currentPassword: '' } });
  const input = inputProps(form, prefix);
  const { onSubmit, busy } = useFormSubmit(form, async (request) => {
    await downloadMyData(request);
    form.reset({ currentPassword: '' });
    toast.success('Your data has been downloaded.');
  });
  return (
    <form noValidate aria-labelledby={`${prefix}-heading`} className="space-y-4" onSubmit={onSubmit}>
      <h2 id={`${prefix}-heading`} className="text-lg font-semibold text-slate-900">
        Download My Data
      </h2>
      <p className="text-sm text-slate-700">
        A ZIP file with everything we hold about you: your profile, addresses and saved payment details, your orders and
        payments, the devices you sold us with their photos, your repairs, the emails we sent you and your sign-ins.
      </p>
      <PasswordField label="Current Password" autoComplete="current-password" {...input('currentPassword')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Preparing...' : 'Download My Data'}
      </Button>
    </form>
  );
}

/** The box starts unticked: the schema's literal refuses anything but a tick. */
const EMPTY_DELETE = { currentPassword: '' };

/** The deletion's dialog: what is erased, what the law keeps, the password and the box; then signed out. */
function DeleteAccountDialog() {
  const prefix = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useZodForm(deleteAccountSchema, { defaultValues: EMPTY_DELETE });
  const input = inputProps(form, prefix);
  const { onSubmit, busy, alert } = useFormSubmit(
    form,
    async (request) => {
      const message = await deleteMyAccount(request);
      setOpen(false);
      setSession(null);
      toast.success(message);
      void navigate(paths.home);
    },
    { report: 'alert' },
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY_DELETE);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger">Delete My Account</Button>
      </DialogTrigger>
      <DialogContent title="Delete your account?" size="lg">
        <form noValidate className="space-y-4 text-sm text-slate-700" onSubmit={onSubmit}>
          <h3 className="font-semibold text-slate-900">What we erase</h3>
          <Lines lines={ERASED} />
          <h3 className="font-semibold text-slate-900">What the law requires us to keep</h3>
          <Lines lines={KEPT} />
          <p>This cannot be undone. We will email a confirmation to your address.</p>
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <PasswordField label="Current Password" autoComplete="current-password" {...input('currentPassword')} />
          <CheckboxField {...input('understood')}>I understand what is erased and what is kept</CheckboxField>
          <DialogActions>
            <Button type="submit" variant="danger" disabled={busy}>
              Delete My Account
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What the store holds about the customer: their copy, its retention, and deleting the account. */
export function PrivacyTab() {
  return (
    <div className="space-y-10">
      <DownloadForm />
      <section aria-labelledby="retention-heading" className="space-y-2">
        <h2 id="retention-heading" className="text-lg font-semibold text-slate-900">
          How Long We Keep It
        </h2>
        <Lines lines={RETENTION_LINES} className="text-sm text-slate-700" />
      </section>
      <section aria-labelledby="delete-heading" className="space-y-4">
        <h2 id="delete-heading" className="text-lg font-semibold text-slate-900">
          Delete My Account
        </h2>
        <p className="text-sm text-slate-700">
          Deleting your account erases what we hold about you, except the records the law requires us to keep. To
          correct something instead, edit it here or write to {STORE.email}.
        </p>
        <DeleteAccountDialog />
      </section>
    </div>
  );
}
