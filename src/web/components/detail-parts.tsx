import type { ReactNode } from 'react';
import type { SentEmail } from '../../shared/admin';
import { STORE_TIME_ZONE } from '../../shared/repair-calendar';

/*
 * The pieces every staff detail view is built of (an order's, a repair's, a trade-in's): a titled
 * section, times in the store's zone whoever reads them, and the emails sent about the record.
 */

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: STORE_TIME_ZONE });

/** A stored time as the store reads it (Cape Town), whatever zone the browser is in. */
export const storeTime = (iso: string) => when.format(new Date(iso));

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-5 border-t border-slate-100 pt-4 first:mt-0 first:border-0 first:pt-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </section>
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
              {email.subject} → {email.to} · {email.status} · {storeTime(email.sentAt ?? email.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
