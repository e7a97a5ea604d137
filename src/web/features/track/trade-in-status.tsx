import { CheckCircle2, Circle, CircleMinus, Clock } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { SELL_CONDITIONS } from '../../../shared/sell-devices';
import type { AnySaleStatus, TradeInTimelineStep } from '../../../shared/trade-in-statuses';
import type { TrackedTradeIn } from '../../../shared/trade-ins';
import { Button } from '../../components/ui/button';
import { money } from '../../lib/money';
import { DetailRow } from './detail-row';
import { SellerDialog } from './offer-answer';
import { keepSellerLink, readSellerLink } from './seller-link';
import type { SellerAction } from './track-api';
import { formatDateTime } from '../../../shared/dates';
import { formatPhone } from '../../../shared/phones';
import { StoreTimeNote } from '../../components/store-time-note';
import { STEP_WORDS } from './step-words';

const WHATS_NEXT: Record<AnySaleStatus, string> = {
  'Awaiting Confirmation': 'Our team is reviewing your submission and will confirm it within 24 hours.',
  Confirmed: 'Your submission is confirmed. An agent will be assigned to assess your device shortly.',
  'Assigned to Agent': 'Your agent will inspect your device within 1-2 business days.',
  'Device Assessed': 'Your device has been assessed. We are preparing your offer.',
  'Awaiting Offer': 'Your device has been assessed. We are preparing your offer.',
  'Offer Made': 'Review the offer above, then accept it to get paid or decline it to have your device returned.',
  'Awaiting Payment': 'You accepted the offer. Payment reaches your bank account within 24 hours of approval.',
  Paid: 'Payment has been sent to your account. Thank you for selling with QuickBuy!',
  'Offer Declined': 'You declined the offer. We will contact you to return your device.',
  'Device Returned': 'Your device has been returned to you. Thank you for considering QuickBuy.',
  Listed: 'Payment has been sent to your account. Thank you for selling with QuickBuy!',
};

/** What a step without a time says: passed over on the way to a later one, or still ahead. */
const STEP_LABELS: Record<TradeInTimelineStep['state'], string> = { done: 'Done', ...STEP_WORDS };

export function TradeInStatus({ tradeIn }: { tradeIn: TrackedTradeIn }) {
  const offerOpen = tradeIn.status === 'Offer Made';
  const awaitingPayment = tradeIn.status === 'Awaiting Payment';
  // The emailed links carry the seller's token and the action to open (seller-link.ts), also when one is
  // opened in a tab already showing this page (only the fragment changes then).
  const number = tradeIn.transactionNumber;
  const [link, setLink] = useState(() => readSellerLink(number));
  const opens = (answer: string | null): SellerAction | null => {
    if (offerOpen && (answer === 'accept' || answer === 'decline')) return answer;
    return awaitingPayment && answer === 'payout' ? 'payout' : null;
  };
  const [action, setAction] = useState<SellerAction | null>(() => opens(link.answer));
  useEffect(() => keepSellerLink(number, link), [number, link]);
  const onLinkOpened = useEffectEvent(() => {
    const next = readSellerLink(number);
    if (next.answer === null) return;
    setLink(next);
    setAction(opens(next.answer));
  });
  useEffect(() => {
    window.addEventListener('hashchange', onLinkOpened);
    return () => window.removeEventListener('hashchange', onLinkOpened);
  }, []);

  const condition = SELL_CONDITIONS.find((c) => c.value === tradeIn.condition);
  const device = [tradeIn.brand, tradeIn.model, tradeIn.storage && tradeIn.storage !== 'N/A' ? tradeIn.storage : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className="space-y-6">
      <Panel
        id="details"
        title="Transaction Details"
        badge={
          <span
            className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700"
            data-testid="status-badge"
          >
            {tradeIn.status}
          </span>
        }
      >
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <DetailRow label="Transaction Number" value={tradeIn.transactionNumber} />
          <DetailRow label="Device" value={device} />
          <DetailRow label="Condition" value={condition ? `${condition.label} (${condition.hint})` : 'Not given'} />
          <DetailRow label="Estimated Value" value={money(tradeIn.estimatedValue, 'offer')} />
          {tradeIn.offeredAmount !== null && <DetailRow label="Offer" value={money(tradeIn.offeredAmount, 'offer')} />}
          <DetailRow label="Submitted" value={formatDateTime(tradeIn.submittedDate)} />
          <DetailRow label="Contact Email" value={tradeIn.contactEmail} />
          <DetailRow label="Contact Phone" value={formatPhone(tradeIn.contactPhone)} />
        </dl>
      </Panel>

      {offerOpen && (
        <Panel
          id="offer"
          title={`Your Offer: ${money(tradeIn.offeredAmount ?? 0, 'offer')}`}
          className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 shadow-sm"
        >
          {tradeIn.assessmentNotes && (
            <p className="mt-2 text-sm text-slate-700">
              <span className="font-medium">Agent&apos;s notes:</span> {tradeIn.assessmentNotes}
            </p>
          )}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button onClick={() => setAction('accept')}>Accept Offer</Button>
            <Button variant="secondary" onClick={() => setAction('decline')}>
              Decline Offer
            </Button>
          </div>
        </Panel>
      )}

      {awaitingPayment && (
        <Panel id="payout" title="Payout">
          <p className="mt-2 text-sm text-slate-700">
            We pay into the bank account you gave when you accepted. You can change it until we pay.
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => setAction('payout')}>
            Change payout account
          </Button>
        </Panel>
      )}

      {action && (offerOpen || awaitingPayment) && (
        <SellerDialog
          action={action}
          tradeIn={tradeIn}
          token={link.token}
          onOpenChange={(open) => !open && setAction(null)}
        />
      )}

      <Panel id="timeline" title="Status Timeline">
        <StoreTimeNote className="mt-1" />
        <ol className="mt-4 space-y-4">
          {tradeIn.timeline.map(({ status, state, date, current }) => {
            const Icon = state === 'done' ? CheckCircle2 : state === 'skipped' ? CircleMinus : current ? Clock : Circle;
            return (
              <li key={status} className="flex gap-3" aria-current={current ? 'step' : undefined}>
                <Icon
                  className={`mt-0.5 size-5 shrink-0 ${state === 'done' ? 'text-emerald-600' : 'text-slate-300'}`}
                  aria-hidden="true"
                />
                <div>
                  <p className={`font-medium ${state === 'done' ? 'text-slate-900' : 'text-slate-500'}`}>{status}</p>
                  <p className="text-sm text-slate-500">{date ? formatDateTime(date) : STEP_LABELS[state]}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </Panel>

      <section aria-labelledby="next-heading" className="rounded-2xl border border-brand-100 bg-brand-50 p-6">
        <h2 id="next-heading" className="text-lg font-semibold text-slate-900">
          What&apos;s Next?
        </h2>
        <p className="mt-2 text-sm text-slate-700">{WHATS_NEXT[tradeIn.status]}</p>
      </section>
    </div>
  );
}

/** One titled panel of the page, named by its heading; `badge` sits at the heading's end. */
function Panel({
  id,
  title,
  badge,
  className = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm',
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      {badge ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
