import { BadgeCheck, Eye, Headphones, Lock, ShieldCheck, Sparkles, Target, Timer, Truck, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { usePageTitle } from '../../lib/use-page-title';
import { ContentPage, PageHero } from './content-layout';

const CARDS = [
  {
    icon: BadgeCheck,
    title: 'Quality Assured',
    text: 'Every device is inspected, tested and graded by our technicians before it is listed.',
  },
  {
    icon: ShieldCheck,
    title: 'Warranty Protection',
    text: `Each device comes with a ${POLICIES.deviceWarrantyMonths}-month warranty, and repairs carry ${POLICIES.repairWarrantyDays} days.`,
  },
  {
    icon: Headphones,
    title: 'Expert Support',
    text: `A friendly ${STORE.city} team that knows devices, answering within ${POLICIES.contactWithinHours} hours.`,
  },
  {
    icon: Zap,
    title: 'Fast Processing',
    text: `Offers within ${POLICIES.saleInspectionDays} business days and payment within ${POLICIES.salePaymentHours} hours of approval.`,
  },
];

const REASONS = [
  {
    icon: Eye,
    title: 'Transparency',
    text: 'Clear condition grades, honest photos and fair prices, with no hidden fees at checkout.',
  },
  {
    icon: Lock,
    title: 'Security',
    text: 'Payments verified with our payment provider, card numbers never stored, and your data wiped from traded-in devices.',
  },
  {
    icon: Truck,
    title: 'Convenience',
    text: 'Free shipping on devices, doorstep collection when you sell or repair, and tracking at every step.',
  },
];

export function Component() {
  usePageTitle();
  const years = new Date().getFullYear() - STORE.foundedYear;
  return (
    <ContentPage
      wide
      hero={
        <PageHero
          wide
          eyebrow={`Since ${STORE.foundedYear}`}
          title={`About ${STORE.name}`}
          intro={`We make buying, selling and repairing tech simple, safe and affordable, from ${STORE.city} to the whole of ${STORE.country}.`}
        />
      }
    >
      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="story-heading">
          <h2 id="story-heading" className="flex items-center gap-3 text-2xl font-semibold text-slate-900">
            <Sparkles className="size-6 text-brand-600" aria-hidden="true" />
            Our Story
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-600">
            <p>
              {STORE.name} was founded in {STORE.foundedYear} in {STORE.city}, South Africa, by a small team of
              technicians who were tired of seeing good devices end up in drawers and landfills, and of buyers paying
              too much for tech they could not trust.
            </p>
            <p>
              {years > 0 ? `${years} years on` : 'Today'}, we buy, refurbish, sell and repair phones, laptops, tablets,
              TVs and more, and every device we sell is quality-assured and backed by a warranty.
            </p>
          </div>
        </section>
        <section aria-labelledby="mission-heading" className="rounded-3xl bg-slate-900 p-8 text-white">
          <h2 id="mission-heading" className="flex items-center gap-3 text-2xl font-semibold">
            <Target className="size-6 text-brand-100" aria-hidden="true" />
            Our Mission
          </h2>
          <p className="mt-4 leading-relaxed text-slate-300">
            To give every South African access to quality technology at a fair price, and to give every device a second
            life. We do that with honest grading, real warranties, free shipping on devices and doorstep collection when
            you sell to us.
          </p>
          <dl className="mt-8 grid grid-cols-3 gap-2 rounded-2xl bg-white/5 p-4 text-center">
            <div>
              <dt className="text-xs text-slate-400">Founded</dt>
              <dd className="mt-1 text-lg font-bold whitespace-nowrap">{STORE.foundedYear}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Warranty</dt>
              <dd className="mt-1 text-lg font-bold whitespace-nowrap">{POLICIES.deviceWarrantyMonths} mo</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Based in</dt>
              <dd className="mt-1 text-lg font-bold whitespace-nowrap">{STORE.city}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="promise-heading" className="mt-16">
        <h2 id="promise-heading" className="sr-only">
          What we promise
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map((card) => (
            <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <card.icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-heading" className="mt-16 rounded-3xl bg-brand-50 px-6 py-12 sm:px-10">
        <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Why Choose {STORE.name}?
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason.title} className="text-center">
              <span className="mx-auto grid size-14 place-items-center rounded-full bg-white text-brand-700 shadow-sm">
                <reason.icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{reason.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 flex flex-col items-center gap-4 text-center">
        <p className="flex items-center gap-2 text-slate-600">
          <Timer className="size-5 text-brand-600" aria-hidden="true" />
          Ready to upgrade, sell or fix a device?
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link
            to={paths.buy}
            className="inline-flex h-11 items-center rounded-lg bg-brand-600 px-6 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Shop devices
          </Link>
          <Link
            to={paths.sell}
            className="inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-6 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Sell your device
          </Link>
        </div>
      </div>
    </ContentPage>
  );
}
