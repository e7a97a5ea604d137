import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { AccountTradeIn } from '../../../shared/trade-ins';
import { api } from '../../lib/api';
import { money } from '../../lib/money';

const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' });

/** The devices this customer sold (or is selling) beside their orders; each opens its tracking view. */
export function TradeInsSection() {
  const tradeIns = useQuery({
    queryKey: ['account', 'trade-ins'],
    queryFn: async () => (await api.get<{ tradeIns: AccountTradeIn[] }>('/api/account/trade-ins')).tradeIns,
  });
  if (!tradeIns.data?.length) return null;
  return (
    <section aria-labelledby="trade-ins-heading" className="mt-8">
      <h2 id="trade-ins-heading" className="text-lg font-semibold text-slate-900">
        My Trade-ins
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {tradeIns.data.map((tradeIn) => (
          <li key={tradeIn.transactionNumber} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <Link
                to={paths.trackNumber(tradeIn.transactionNumber)}
                className="font-semibold text-brand-700 hover:underline"
              >
                {tradeIn.transactionNumber}
              </Link>
              <p className="text-sm text-slate-600">
                {tradeIn.deviceInfo} · {dateFormat.format(new Date(tradeIn.submittedDate))}
              </p>
            </div>
            <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
              {tradeIn.status}
            </span>
            <span className="text-sm text-slate-700">
              Estimate {money(tradeIn.estimatedValue, 'offer')}
              {tradeIn.offeredAmount !== null && (
                <>
                  {' '}
                  · Offer <strong>{money(tradeIn.offeredAmount, 'offer')}</strong>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
