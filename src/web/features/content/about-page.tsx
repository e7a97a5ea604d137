import {
  BadgeCheck,
  Eye,
  Headphones,
  Lock,
  ShieldCheck,
  Sparkles,
  Target,
  Timer,
  Truck,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { CtaLinks } from '../../components/ui/cta-link';
import { Section } from '../../components/ui/section';
import { ContentPage } from './content-layout';

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

const POINT_LOOKS = {
  card: {
    item: 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm',
    badge: 'grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700',
    icon: 'size-6',
  },
  centred: {
    item: 'text-center',
    badge: 'mx-auto grid size-14 place-items-center rounded-full bg-white text-brand-700 shadow-sm',
    icon: 'size-7',
  },
};

/** One promise or reason: its icon on a badge, a title and a sentence, as a card or centred. */
function Point({
  point,
  look,
}: {
  point: { icon: LucideIcon; title: string; text: string };
  look: keyof typeof POINT_LOOKS;
}) {
  const classes = POINT_LOOKS[look];
  return (
    <li className={classes.item}>
      <span className={classes.badge}>
        <point.icon className={classes.icon} aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{point.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{point.text}</p>
    </li>
  );
}

export function Component() {
  const years = new Date().getFullYear() - STORE.foundedYear;
  return (
    <ContentPage
      wide
      eyebrow={`Since ${STORE.foundedYear}`}
      title={`About ${STORE.name}`}
      intro={`We make buying, selling and repairing tech simple, safe and affordable, from ${STORE.city} to the whole of ${STORE.country}.`}
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

      <Section title="What we promise" className="mt-16" headingClassName="sr-only">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map((card) => (
            <Point key={card.title} point={card} look="card" />
          ))}
        </ul>
      </Section>

      <Section
        title={<>Why Choose {STORE.name}?</>}
        className="mt-16 rounded-3xl bg-brand-50 px-6 py-12 sm:px-10"
        headingClassName="text-center text-3xl font-bold tracking-tight text-slate-900"
      >
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {REASONS.map((reason) => (
            <Point key={reason.title} point={reason} look="centred" />
          ))}
        </ul>
      </Section>

      <div className="mt-16 flex flex-col items-center gap-4 text-center">
        <p className="flex items-center gap-2 text-slate-600">
          <Timer className="size-5 text-brand-600" aria-hidden="true" />
          Ready to upgrade, sell or fix a device?
        </p>
        <CtaLinks
          links={[
            { to: paths.buy, tone: 'primary', label: 'Shop devices' },
            { to: paths.sell, tone: 'outline', label: 'Sell your device' },
          ]}
        />
      </div>
    </ContentPage>
  );
}
