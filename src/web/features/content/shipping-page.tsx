import { CreditCard, MapPin, PackageSearch, Rocket, Truck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { Section } from '../../components/ui/section';
import { ContentPage, HelpCallout, PolicySection } from './content-layout';

/** One way of shipping: how long it takes, then a <Price> per row. */
function ShippingOption({
  icon: Icon,
  tone,
  title,
  days,
  children,
}: {
  icon: LucideIcon;
  tone: string;
  title: string;
  days: string;
  children: ReactNode;
}) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className={`grid size-10 place-items-center rounded-xl ${tone}`}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      </div>
      <p className="mt-2 text-sm text-slate-500">{days} business days</p>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">{children}</dl>
    </article>
  );
}

function Price({ label, price }: { label: string; price: string }) {
  return (
    <div className="flex justify-between py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`font-semibold ${price === 'Free' ? 'text-emerald-700' : 'text-slate-900'}`}>{price}</dd>
    </div>
  );
}

export function Component() {
  const s = POLICIES.shipping;
  return (
    <ContentPage
      icon={Truck}
      title="Shipping Information"
      intro={`Fast, tracked delivery anywhere in ${STORE.country}, dispatched from ${STORE.city}.`}
    >
      <Section title="Shipping options" className="mb-12" headingClassName="text-2xl font-semibold text-slate-900">
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <ShippingOption
            icon={Truck}
            tone="bg-brand-50 text-brand-700"
            title="Standard Shipping"
            days={s.standardDays}
          >
            <Price label={`Orders under R${s.standardFreeOver}`} price={`R${s.standardPrice}`} />
            <Price label={`Orders over R${s.standardFreeOver}`} price="Free" />
          </ShippingOption>
          <ShippingOption icon={Rocket} tone="bg-amber-50 text-amber-700" title="Express Shipping" days={s.expressDays}>
            <Price label="Major cities" price={`R${s.expressMajorCities}`} />
            <Price label="Elsewhere" price={`R${s.expressElsewhere}`} />
          </ShippingOption>
        </div>
        <p className="mt-4 text-sm text-slate-500">
          Standard shipping is R{s.standardPrice} for orders under R{s.standardFreeOver} and free over R
          {s.standardFreeOver}. Delivery is free nationwide on orders above R{formatAmount(STORE.freeDeliveryThreshold)}
          .
        </p>
      </Section>

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
