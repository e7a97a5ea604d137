import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OUTBOX_LOCAL_PREVIEW,
  OUTBOX_MESSAGES,
  OUTBOX_STATUSES,
  outboxStatusLabel,
  type OutboxEmailDetails,
  type OutboxEmailSummary,
} from '../../../../shared/admin';
import { Button } from '../../../components/ui/button';
import { DialogFor } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { DataTable, type Column } from '../components/data-table';
import { LoadedQuery } from '../../../components/loaded-query';
import { ListTab } from '../components/list-tab';
import { StatusBadge } from '../../../components/status-badge';
import { resendEmail, useOutboxEmail, useOutboxList, useRefreshOutbox } from '../outbox/outbox-api';
import { formatDateTime } from '../payments/format';

/** Outbox: every email the store queued, sent or failed to send; its body, and Resend for a failed one. */
export default function OutboxTab() {
  const list = useOutboxList();
  const refresh = useRefreshOutbox();
  const [viewing, setViewing] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: resendEmail,
    onSuccess: ({ message }) => {
      toast.success(message);
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const columns: Column<OutboxEmailSummary>[] = [
    { header: 'Recipient', cell: (e) => e.to },
    { header: 'Subject', cell: (e) => e.subject },
    { header: 'Kind', cell: (e) => e.kind },
    {
      header: 'Status',
      cell: (e) => (
        <StatusBadge
          status={e.status}
          tones={{ sent: 'green', pending: 'amber', failed: 'red' }}
          label={outboxStatusLabel(e.status)}
        />
      ),
    },
    { header: 'Attempts', cell: (e) => e.attempts },
    { header: 'Last error', cell: (e) => e.lastError ?? '-' },
    { header: 'Time', cell: (e) => formatDateTime(e.sentAt ?? e.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (e) => (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setViewing(e.id)}>
            View
          </Button>
          {e.status === 'failed' && (
            <Button variant="secondary" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(e.id)}>
              Resend
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <ListTab
      id="outbox"
      title="Outbox"
      notice={
        list.query.data?.localPreview && (
          <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {OUTBOX_LOCAL_PREVIEW}
          </p>
        )
      }
      toolbar={{ searchLabel: 'Search emails', statuses: OUTBOX_STATUSES }}
      list={list}
      errorTitle={OUTBOX_MESSAGES.loadFailed}
      empty={{ title: 'No emails found' }}
      after={
        <DialogFor subject={viewing} onClose={() => setViewing(null)} title="Email" size="lg">
          {(id) => <EmailBody id={id} />}
        </DialogFor>
      }
    >
      {(emails) => <DataTable caption="Emails" columns={columns} rows={emails} rowKey={(e) => e.id} />}
    </ListTab>
  );
}

function EmailBody({ id }: { id: string }) {
  return (
    <LoadedQuery query={useOutboxEmail(id)} errorTitle="Failed to load the email">
      {(email) => <Email email={email} />}
    </LoadedQuery>
  );
}

function Email({ email }: { email: OutboxEmailDetails }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        <span className="text-slate-500">To:</span> {email.to}
      </p>
      <p>
        <span className="text-slate-500">Subject:</span> {email.subject}
      </p>
      {/* The text part, never the HTML: an email's markup does not run in the admin's page. */}
      {/* A long email scrolls inside its box: focusable, so the keyboard scrolls it too. */}
      <pre
        role="region"
        aria-label="Email text"
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {email.text}
      </pre>
    </div>
  );
}
