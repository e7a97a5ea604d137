import { CreditCard, MapPin, PackageSearch, Rocket, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { usePageTitle } from '../../lib/use-page-title';
import { ContentPage, HelpCallout, PageHero, PolicySection } from './content-layout';

export function Component() {
  usePageTitle();
  const s = POLICIES.shipping;
  return (
    <ContentPage
      hero={
        <PageHero
          icon={Truck}
          title="Shipping Information"
          intro={`Fast, tracked delivery anywhere in ${STORE.country}, dispatched from ${STORE.city}.`}
        />
      }
    >
      <section aria-labelledby="options-heading" className="mb-12">
        <h2 id="options-heading" className="text-2xl font-semibold text-slate-900">
          Shipping options
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Truck className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold text-slate-900">Standard Shipping</h3>
            </div>
            <p className="mt-2 text-sm text-slate-500">{s.standardDays} business days</p>
            <dl className="mt-4 divide-y divide-slate-100 text-sm">
              <div className="flex justify-between py-2">
                <dt className="text-slate-600">Orders under R{s.standardFreeOver}</dt>
                <dd className="font-semibold text-slate-900">R{s.standardPrice}</dd>
              </div>
              <div className="flex justify-between py-2">
                <dt className="text-slate-600">Orders over R{s.standardFreeOver}</dt>
                <dd className="font-semibold text-emerald-700">Free</dd>
              </div>
            </dl>
          </article>
          <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="grid size-10 place-items-center rounded-xl bg-amber-50 text-amber-700">
                <Rocket className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold text-slate-900">Express Shipping</h3>
            </div>
            <p className="mt-2 text-sm text-slate-500">{s.expressDays} business days</p>
            <dl className="mt-4 divide-y divide-slate-100 text-sm">
              <div className="flex justify-between py-2">
                <dt className="text-slate-600">Major cities</dt>
                <dd className="font-semibold text-slate-900">R{s.expressMajorCities}</dd>
              </div>
              <div className="flex justify-between py-2">
                <dt className="text-slate-600">Elsewhere</dt>
                <dd className="font-semibold text-slate-900">R{s.expressElsewhere}</dd>
              </div>
            </dl>
          </article>
        </div>
        <p className="mt-4 text-sm text-slate-500">
          Standard shipping is R{s.standardPrice} for orders under R{s.standardFreeOver} and free over R
          {s.standardFreeOver}. Delivery is free nationwide on orders above R{formatAmount(STORE.freeDeliveryThreshold)}
          .
        </p>
      </section>

      <PolicySection id="where" title="Where we deliver" icon={MapPin}>
        <p>
          We ship only within <strong>{STORE.country}</strong>, to every province, by tracked courier. We do not ship
          internationally.
        </p>
      </PolicySection>

      <PolicySection id="tracking" title="Tracking your order" icon={PackageSearch}>
        <p>
          As soon as your order is dispatched we email you its tracking details. You can also follow it on our{' '}
          <Link to={paths.track}>Track Orders</Link> page.
        </p>
      </PolicySection>

      <PolicySection id="payment" title="Payment methods" icon={CreditCard}>
        <p>We accept:</p>
        <ul>
          {POLICIES.paymentMethods.map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
        <p>Orders are dispatched once payment is confirmed.</p>
      </PolicySection>

      <HelpCallout />
    </ContentPage>
  );
}
