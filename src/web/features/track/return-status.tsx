import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from '../../../shared/return-moves';
import type { TrackedReturn } from '../../../shared/returns';
import { StoreTimeNote } from '../../components/store-time-note';
import { DetailRow } from './detail-row';
import { STEP_WORDS } from './step-words';

const STEP_CLASS = {
  done: 'font-medium text-slate-900',
  skipped: 'text-slate-500 line-through',
  upcoming: 'text-slate-500',
} as const;

/**
 * A return or warranty request found by its number: its kind, status and each step's date to anyone;
 * a link to the whole request for its owner (the customer signed in, the order's link's holder).
 */
export function ReturnStatus({ request }: { request: TrackedReturn }) {
  return (
    <section aria-labelledby="return-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="return-heading" className="text-xl font-semibold text-slate-900">
        {RETURN_KIND_LABELS[request.kind]} {request.returnNumber}
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <DetailRow label="Status" value={RETURN_STATUS_LABELS[request.status]} />
        <DetailRow label="Opened" value={formatDateTime(request.createdAt)} />
      </dl>
      <h3 className="mt-6 font-semibold text-slate-900">Timeline</h3>
      <StoreTimeNote className="mt-1" />
      <ol className="mt-3 space-y-2 text-sm">
        {request.timeline.map((step) => (
          <li key={step.status} className="flex justify-between gap-3">
            <span className={STEP_CLASS[step.state]}>{RETURN_STATUS_LABELS[step.status]}</span>
            <span className="text-slate-600">
              {step.date ? formatDateTime(step.date) : step.state === 'done' ? '' : STEP_WORDS[step.state]}
            </span>
          </li>
        ))}
      </ol>
      {request.details ? (
        <Link to={paths.returnRequest(request.returnNumber)} className="mt-6 inline-block text-brand-700 underline">
          Open the whole request
        </Link>
      ) : (
        <p className="mt-6 text-sm text-slate-600">
          The request itself is shown to its customer: open it from the order's email or your account.
        </p>
      )}
    </section>
  );
}
