import { Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { SELL_MESSAGES } from '../../../shared/sell-form';
import { trackNumberSchema } from '../../../shared/tracking';
import { normaliseNumber } from '../../../shared/trade-ins';
import { SearchForm } from '../../components/search-form';
import { Button, buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { OrderStatus } from './order-status';
import { ReturnStatus } from './return-status';
import { RepairStatusView } from './repair-status';
import { useTracked } from './track-api';
import { TradeInStatus } from './trade-in-status';

/** The heading says what the number in the address tracks; a sale's, or none yet, is the device's (spec 001). */
const HEADINGS: [prefix: string, heading: string][] = [
  ['ORD-', 'Track Your Order'],
  ['REP-', 'Track Your Repair'],
  ['RET-', 'Track Your Return'],
];
const headingFor = (number: string) =>
  HEADINGS.find(([prefix]) => number.startsWith(prefix))?.[1] ?? 'Track Your Device';

/** One box tracks a sale (TXN...), an order (ORD-...), a repair (REP-...) or a return (RET-...); the number lives in ?number=. */
export function Component() {
  usePageTitle();
  const [params, setParams] = useSearchParams();
  const number = normaliseNumber(params.get('number') ?? '');
  const [typed, setTyped] = useState(number);
  const [mistake, setMistake] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Back and forward change the number in the address: the box follows.
  const [shown, setShown] = useState(number);
  if (shown !== number) {
    setShown(number);
    setTyped(number);
  }

  // Searching the same number again refetches what is shown.
  const query = useTracked(number);

  const search = () => {
    // The route's own rule, checked here so a pasted paragraph never leaves the page.
    const parsed = trackNumberSchema.safeParse(typed);
    setMistake(parsed.success ? null : parsed.error.issues[0]!.message);
    if (!parsed.success) return;
    const next = parsed.data;
    if (next === number) void query.refetch();
    else setParams({ number: next });
  };

  const tryAgain = () => {
    setParams({});
    setTyped('');
    inputRef.current?.focus();
  };

  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="text-center">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{headingFor(number)}</h1>
          <p className="mt-2 text-slate-600">
            Enter your transaction number (TXN...), order number (ORD-...), repair booking number (REP-...) or return
            number (RET-...)
          </p>
        </header>
        <SearchForm
          className="mt-8 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:p-6"
          onSearch={search}
        >
          <label htmlFor={inputId} className="sr-only">
            Transaction number
          </label>
          <input
            id={inputId}
            ref={inputRef}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={mistake ? true : undefined}
            aria-describedby={mistake ? `${inputId}-error` : undefined}
            placeholder="e.g. TXN1732262400000123"
            autoComplete="off"
            spellCheck={false}
            className="h-12 flex-1 rounded-lg border border-slate-300 px-4 font-mono text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
          />
          <Button type="submit" size="lg" disabled={typed.trim() === '' || query.isFetching}>
            <Search className="size-4" aria-hidden="true" />
            {query.isFetching ? 'Searching...' : 'Track Now'}
          </Button>
        </SearchForm>
        {mistake && (
          <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-red-700">
            {mistake}
          </p>
        )}

        <div className="mt-8" aria-live="polite">
          {notFound && <NotFound onTryAgain={tryAgain} />}
          {!notFound && query.error && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {query.error.message}
            </p>
          )}
          {query.data?.kind === 'trade-in' && <TradeInStatus key={number} tradeIn={query.data.tradeIn} />}
          {query.data?.kind === 'order' && <OrderStatus order={query.data.order} />}
          {query.data?.kind === 'repair' && <RepairStatusView key={number} repair={query.data.repair} />}
          {query.data?.kind === 'return' && <ReturnStatus request={query.data.request} />}
        </div>
      </div>
    </div>
  );
}

function NotFound({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <section
      aria-labelledby="not-found-heading"
      className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <h2 id="not-found-heading" className="text-xl font-semibold text-slate-900">
        {SELL_MESSAGES.notFound}
      </h2>
      <p className="mt-2 text-slate-600">{SELL_MESSAGES.notFoundDetail}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={onTryAgain}>Try Again</Button>
        <Link to={paths.contact} className={buttonClass('secondary')}>
          Contact Support
        </Link>
        <Link to={paths.sell} className={buttonClass('secondary')}>
          Sell a Device
        </Link>
      </div>
    </section>
  );
}
