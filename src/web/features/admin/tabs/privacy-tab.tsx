import { useId, useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import {
  adminEraseSchema,
  adminPrivacyActionSchema,
  privacyLookupSchema,
  type PersonalDataSummary,
} from '../../../../shared/personal-data';
import { DetailRows } from '../../../components/detail-parts';
import { ErasureDialog, useErasureForm } from '../../../components/erasure-dialog';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { downloadPersonalData, erasePersonalData, lookUpPersonalData } from '../privacy/privacy-api';
import { TabSection } from '../components/tab-section';

/*
 * A person's request received by email (POPIA, docs/decisions/076): the admin looks the address up, sees what the
 * store holds, sends the copy and carries out the erasure. The server audits each copy and erasure with the note
 * of how the request came, never the address.
 */

const REQUEST_LABEL = 'How the request was received';
const REQUEST_HINT = 'For the audit log, e.g. "Email of 3 Nov"';

/** Step 1: the address the request came from. */
function LookupForm({ onFound }: { onFound: (summary: PersonalDataSummary) => void }) {
  const form = useZodForm(privacyLookupSchema, { defaultValues: { email: '' } });
  const input = inputProps(form, useId());
  const { onSubmit, busy } = useFormSubmit(form, async ({ email }) => onFound(await lookUpPersonalData(email)));
  return (
    <form noValidate role="search" aria-label="Find a person's data" onSubmit={onSubmit} className="space-y-3">
      <TextField type="email" label="Customer's email address" autoComplete="off" {...input('email')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Looking...' : 'Look Up'}
      </Button>
    </form>
  );
}

/** What the store holds under the address, counted. */
function HeldList({ summary }: { summary: PersonalDataSummary }) {
  const { account, counts } = summary;
  const rows: [string, string | number][] = [
    ['Account', account ? `${account.name}, since ${formatDate(account.createdAt)}` : 'None (a guest)'],
    ['Orders', counts.orders],
    ['Trade-ins', counts.tradeIns],
    ['Repairs', counts.repairs],
    ['Return requests', counts.returns],
    ['Emails sent', counts.emails],
    ['Messages received', counts.messages],
  ];
  return <DetailRows rows={rows} className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" />;
}

/** Step 2: the copy, saved as the ZIP the customer would get themselves. */
function DownloadForm({ email, onRequest }: { email: string; onRequest: (request: string) => void }) {
  const form = useZodForm(adminPrivacyActionSchema, { defaultValues: { email, request: '' } });
  const input = inputProps(form, useId());
  const { onSubmit, busy } = useFormSubmit(form, async (request) => {
    await downloadPersonalData(request);
    toast.success('Their data has been downloaded.');
  });
  const request = input('request');
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextField
        label={REQUEST_LABEL}
        hint={REQUEST_HINT}
        {...request}
        onChange={(event) => {
          onRequest(event.target.value);
          return request.onChange(event);
        }}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Preparing...' : 'Download Their Data'}
      </Button>
    </form>
  );
}

/**
 * Step 3: the erasure, after its dialog states what goes and what the law keeps (the customer's own words), with
 * the note of the request and the address typed again so a slip never erases the wrong person.
 */
function EraseDialog({ email, request, onErased }: { email: string; request: string; onErased: () => void }) {
  // Filled afresh each time it opens, with the note as step 2 has it then.
  const { form, input, dialog } = useErasureForm(
    adminEraseSchema,
    { email, request, confirmEmail: '' },
    async (input) => {
      toast.success(await erasePersonalData(input));
      onErased();
    },
  );
  return (
    <ErasureDialog
      title={`Erase the data held for ${email}?`}
      action="Erase Their Data"
      confirmationTo={email}
      {...dialog}
      // The address is not a field of the dialog: a refusal naming it (nothing held any more) reads in the alert.
      alert={dialog.submit.alert ?? form.formState.errors.email?.message ?? null}
    >
      <TextField label={REQUEST_LABEL} hint={REQUEST_HINT} {...input('request')} />
      <TextField label="Type the email address again" autoComplete="off" {...input('confirmEmail')} />
    </ErasureDialog>
  );
}

/** Privacy: a request received by email, looked up, copied and erased. */
export default function PrivacyTab() {
  const [summary, setSummary] = useState<PersonalDataSummary | null>(null);
  const [request, setRequest] = useState('');
  const lookUpAgain = async (email: string) => setSummary(await lookUpPersonalData(email));
  return (
    <TabSection title="Privacy requests" className="max-w-3xl space-y-6">
      <p className="text-sm text-slate-700">
        For a request received by email to see or delete someone&apos;s data. A signed-in customer can do both
        themselves from My Account; a guest, from the emailed link of their order.
      </p>
      <LookupForm
        onFound={(found) => {
          setSummary(found);
          setRequest('');
        }}
      />
      {summary && (
        <div key={summary.email} className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">Held for {summary.email}</h3>
          <HeldList summary={summary} />
          {summary.inProgress.length > 0 && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Still under way, so the data cannot be erased yet: {summary.inProgress.join(', ')}
            </p>
          )}
          <DownloadForm email={summary.email} onRequest={setRequest} />
          <EraseDialog
            email={summary.email}
            request={request}
            onErased={() => void lookUpAgain(summary.email).catch(() => setSummary(null))}
          />
        </div>
      )}
    </TabSection>
  );
}
