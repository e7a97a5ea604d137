import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { OpenDetails } from './details-dialog';

/*
 * The card an admin list shows for each record (an order, a repair, a return): its title and status badges
 * on top, its facts, then View Details and the moves its status allows.
 */

/** One record's card, named for screen readers by `label` ("Order ORD-…"). */
export function RecordCard({
  label,
  title,
  badges,
  children,
}: {
  label: string;
  title: ReactNode;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        {title}
        {badges}
      </div>
      {children}
    </li>
  );
}

/** The card's facts, three to a row on wider screens. */
export function CardFacts({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-3">{children}</dl>;
}

/** One fact, `term: value`: `strong` for the figure the eye looks for first, `wide` for a line of its own. */
export function Fact({
  term,
  strong = false,
  wide = false,
  children,
}: {
  term: string;
  strong?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-3' : undefined}>
      <dt className="inline">{term}: </dt>
      <dd className={strong ? 'inline font-semibold text-slate-900' : 'inline'}>{children}</dd>
    </div>
  );
}

/**
 * The card's buttons: View Details first, opening `details` (the record's details dialog, given its `number` while
 * open), then the moves (`children`).
 */
export function CardActions({
  number,
  details: Details,
  children,
}: {
  number: string;
  details: ComponentType<OpenDetails>;
  children: ReactNode;
}) {
  const [viewing, setViewing] = useState(false);
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setViewing(true)}>
          View Details
        </Button>
        {children}
      </div>
      <Details number={viewing ? number : null} onClose={() => setViewing(false)} />
    </>
  );
}
