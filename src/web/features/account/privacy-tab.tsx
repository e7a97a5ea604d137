import { useId } from 'react';
import { useNavigate } from 'react-router';
import { dataExportSchema, deleteAccountSchema, RETENTION_LINES } from '../../../shared/personal-data';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { ErasureDialog, StatementLines, useErasureForm } from '../../components/erasure-dialog';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/section';
import { CheckboxField, PasswordField } from '../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { setSession } from '../../lib/use-session';
import { deleteMyAccount, downloadMyData } from './account-api';

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

/** The deletion's dialog: what is erased, what the law keeps, the password and the box; then signed out. */
function DeleteAccountDialog() {
  const navigate = useNavigate();
  // The box starts unticked: the schema's literal refuses anything but a tick.
  const { input, dialog } = useErasureForm(deleteAccountSchema, { currentPassword: '' }, async (request) => {
    const message = await deleteMyAccount(request);
    setSession(null);
    toast.success(message);
    void navigate(paths.home);
  });
  return (
    <ErasureDialog title="Delete your account?" action="Delete My Account" confirmationTo="your address" {...dialog}>
      <PasswordField label="Current Password" autoComplete="current-password" {...input('currentPassword')} />
      <CheckboxField {...input('understood')}>I understand what is erased and what is kept</CheckboxField>
    </ErasureDialog>
  );
}

/** What the store holds about the customer: their copy, its retention, and deleting the account. */
export function PrivacyTab() {
  return (
    <div className="space-y-10">
      <DownloadForm />
      <Section title="How Long We Keep It" className="space-y-2">
        <StatementLines lines={RETENTION_LINES} className="text-sm text-slate-700" />
      </Section>
      <Section title="Delete My Account" className="space-y-4">
        <p className="text-sm text-slate-700">
          Deleting your account erases what we hold about you, except the records the law requires us to keep. To
          correct something instead, edit it here or write to {STORE.email}.
        </p>
        <DeleteAccountDialog />
      </Section>
    </div>
  );
}
