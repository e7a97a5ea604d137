import type { ReactNode } from 'react';
import { outboxStatusLabel, type SentEmail } from '../../shared/admin';
import { formatDateTime } from '../../shared/dates';

/*
 * The pieces every staff detail view is built of (an order's, a repair's, a trade-in's): a titled
 * section, its label and value rows, and the emails sent about the record. Times come from shared/dates.ts,
 * in the store's zone.
 */

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-5 border-t border-slate-100 pt-4 first:mt-0 first:border-0 first:pt-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/**
 * Label and value rows of a definition list, laid out by `className` (a grid: each row's `<dt>` and `<dd>` are its
 * cells); an empty value reads '-'.
 */
export function DetailRows({ rows, className }: { rows: [string, ReactNode][]; className: string }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value === null || value === undefined || value === '' ? '-' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record's log under its title (its history, its audit): one line per entry, in the order given. */
export function DetailLog<Entry>({
  title,
  entries,
  line,
}: {
  title: string;
  entries: Entry[];
  line: (entry: Entry) => ReactNode;
}) {
  return (
    <DetailSection title={title}>
      <ol className="space-y-1">
        {entries.map((entry, i) => (
          <li key={i}>{line(entry)}</li>
        ))}
      </ol>
    </DetailSection>
  );
}

/** The emails the store sent about a record: subject, recipient, delivery status and when. */
export function EmailLog({ emails }: { emails: SentEmail[] }) {
  return (
    <DetailSection title="Emails">
      {emails.length === 0 ? (
        <p>No emails sent</p>
      ) : (
        <ul className="space-y-1">
          {emails.map((email, i) => (
            <li key={i}>
              {email.subject} → {email.to} · {outboxStatusLabel(email.status)} ·{' '}
              {formatDateTime(email.sentAt ?? email.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
