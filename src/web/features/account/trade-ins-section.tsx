import { paths } from '../../../shared/paths';
import { money } from '../../lib/money';
import { useAccountTradeIns } from './account-api';
import { AccountList, AccountListItem } from './account-list';
import { formatDate } from '../../../shared/dates';

/** The devices this customer sold (or is selling) beside their orders; each opens its tracking view. */
export function TradeInsSection() {
  const tradeIns = useAccountTradeIns();
  if (!tradeIns.data?.length) return null;
  return (
    <section aria-labelledby="trade-ins-heading" className="mt-8">
      <h2 id="trade-ins-heading" className="text-lg font-semibold text-slate-900">
        My Trade-ins
      </h2>
      <div className="mt-3">
        <AccountList>
          {tradeIns.data.map((tradeIn) => (
            <AccountListItem
              key={tradeIn.transactionNumber}
              number={tradeIn.transactionNumber}
              to={paths.trackNumber(tradeIn.transactionNumber)}
              detail={`${tradeIn.deviceInfo} · ${formatDate(tradeIn.submittedDate)}`}
              status={tradeIn.status}
            >
              <span className="text-sm text-slate-700">
                Estimate {money(tradeIn.estimatedValue, 'offer')}
                {tradeIn.offeredAmount !== null && (
                  <>
                    {' '}
                    · Offer <strong>{money(tradeIn.offeredAmount, 'offer')}</strong>
                  </>
                )}
              </span>
            </AccountListItem>
          ))}
        </AccountList>
      </div>
    </section>
  );
}
