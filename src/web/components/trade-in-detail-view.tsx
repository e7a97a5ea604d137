import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/dates';
import { SELL_CONDITIONS } from '../../shared/sell-devices';
import type { TradeInDetail } from '../../shared/trade-in-detail';
import { money } from '../lib/money';
import { DetailSection } from './detail-parts';
import { PhoneLink } from './phone-link';
import { PhotoGallery } from './photo-gallery';
import { StoreTimeNote } from './store-time-note';

/*
 * One trade-in in full, as the admin's Transactions tab and the agent's assessment card show it
 * (docs/decisions/044). Each feature loads it from its own route and adds what only it shows (the
 * admin's payout panel) as `children`.
 */

const conditionLabel = (value: string) => SELL_CONDITIONS.find((c) => c.value === value)?.label ?? 'Not stated';
/**
 * A trade-in's amounts, to the admin as to the agent, in the currency its offer is made, accepted and paid
 * out in (the 'offer' context: rand), never the catalog's.
 */
const tradeInMoney = (amount: number) => money(amount, 'offer');
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${tradeInMoney(Math.abs(amount))}`;

/** 'Term: value' pairs; an empty value reads 'Not given', so a blank the seller left is seen as one. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="flex min-w-0 gap-2">
          <dt className="shrink-0 text-slate-500">{term}:</dt>
          <dd className="min-w-0 break-words text-slate-900">
            {value === null || value === undefined || value === '' ? (
              <span className="text-slate-500">Not given</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Quote({ quote }: { quote: TradeInDetail['quote'] }) {
  const { breakdown } = quote;
  return (
    <>
      <p>
        Estimated value given to the seller: <strong>{tradeInMoney(quote.estimatedValue)}</strong>
      </p>
      {breakdown ? (
        <>
          <ul className="mt-2 space-y-0.5">
            <li>
              Quote table, like new at {breakdown.base.storage}: {tradeInMoney(breakdown.base.amount)}
            </li>
            <li>Storage adjustment: {signed(breakdown.storageAdjustment)}</li>
            <li>Condition adjustment: {signed(breakdown.conditionAdjustment)}</li>
            <li>
              Quote table today: <strong>{tradeInMoney(breakdown.total)}</strong>
            </li>
          </ul>
          {breakdown.total !== quote.estimatedValue && (
            <p className="mt-1 text-amber-800">The quote table has changed since this estimate was given.</p>
          )}
        </>
      ) : (
        <p className="mt-1 text-slate-600">
          The seller left the brand, storage or condition open: the estimate is the quote table&apos;s lowest figure for
          what they gave.
        </p>
      )}
    </>
  );
}

/** Audit details as 'key: value' text (values are the API's own; objects as JSON). */
const describe = (values: Record<string, unknown> | null) =>
  values
    ? Object.entries(values)
        .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
        .join(', ')
    : '';

export function TradeInDetailView({
  detail,
  badge,
  children,
}: {
  detail: TradeInDetail;
  badge: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {badge}
        <span>Submitted {formatDateTime(detail.submittedDate)}</span>
      </div>
      <StoreTimeNote className="mt-1" />
      <DetailSection title="Seller">
        <Facts
          items={[
            ['Name', detail.customerName || 'Guest seller'],
            ['Email', detail.customerEmail && <a href={`mailto:${detail.customerEmail}`}>{detail.customerEmail}</a>],
            ['Phone', detail.customerPhone && <PhoneLink phone={detail.customerPhone} />],
            ['Address', detail.address],
          ]}
        />
      </DetailSection>
      <DetailSection title="Device">
        <Facts
          items={[
            ['Type', detail.deviceType],
            ['Brand', detail.brand],
            ['Model', detail.model],
            ['Storage', detail.storage],
            ['RAM', detail.ram],
            ['Colour', detail.color],
            ['Condition', conditionLabel(detail.condition)],
            ['IMEI / Serial', detail.imei],
            ['Accessories', detail.accessories],
          ]}
        />
        <p className="mt-2 text-slate-500">Description</p>
        <p className="whitespace-pre-line text-slate-900">{detail.description || 'Not given'}</p>
      </DetailSection>
      <DetailSection title="Photos">
        <PhotoGallery photos={detail.photos} label="Seller's device" />
      </DetailSection>
      <DetailSection title="Quote">
        <Quote quote={detail.quote} />
      </DetailSection>
      <DetailSection title="Assessment and offer">
        <Facts
          items={[
            ['Agent', detail.agentName ?? 'Not assigned'],
            ['Offer', detail.offeredAmount === null ? 'No offer yet' : tradeInMoney(detail.offeredAmount)],
            ['Notes', detail.assessmentNotes],
            ...(detail.status === 'Offer Declined'
              ? ([['Decline reason', detail.declineReason ?? 'No reason given']] as [string, ReactNode][])
              : []),
          ]}
        />
      </DetailSection>
      {children}
      <DetailSection title="History">
        <ol className="space-y-2">
          {detail.statusHistory.map((step, i) => (
            <li key={`${step.date}-${i}`}>
              <p>
                <strong className="text-slate-900">{step.status}</strong> · {formatDateTime(step.date)} · by {step.by}
              </p>
              <p className="text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </DetailSection>
      <DetailSection title="Audit log">
        {detail.audit.length === 0 ? (
          <p className="text-slate-600">No entries.</p>
        ) : (
          <ol className="space-y-2">
            {detail.audit.map((entry) => (
              <li key={entry.id}>
                <p>
                  <code className="text-slate-900">{entry.action}</code> · {formatDateTime(entry.at)} ·{' '}
                  {entry.actor.name ?? (entry.actor.role === 'customer' ? 'Seller' : 'Unknown')} ({entry.actor.role})
                  {entry.ip ? ` · ${entry.ip}` : ''}
                </p>
                {entry.details && <p className="break-words text-slate-600">{describe(entry.details)}</p>}
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
    </div>
  );
}
