import { ArrowRight, Clock, Mail, MapPin, MessageSquare, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BUSINESS_HOURS, POLICIES, STORE } from '../../../shared/store';
import { LinkList, policyLinks } from '../../components/link-list';
import { Section } from '../../components/ui/section';
import { usePageTitle } from '../../lib/use-page-title';
import { ContactForm } from './contact-form';
import { PageHero } from './content-layout';

const MAP_URL = 'https://www.openstreetmap.org/export/embed.html?bbox=18.40,-33.94,18.44,-33.90&layer=mapnik';

const QUICK_LINKS = policyLinks(['faq', 'warranty', 'returns', 'shipping', 'terms']);

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function ContactLine({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <p className="flex gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        {children}
      </span>
    </p>
  );
}

export function Component() {
  usePageTitle();
  return (
    <div>
      <PageHero
        wide
        icon={MessageSquare}
        title="Contact Us"
        intro={`Questions about a device, an order, a sale or a repair? We reply within ${POLICIES.contactWithinHours} hours.`}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_22rem] lg:px-8">
        <div className={`${card} sm:p-8`}>
          <ContactForm />
        </div>

        <div className="space-y-6">
          <Section title="Contact details" className={card}>
            <address className="mt-4 space-y-4 text-sm text-slate-600 not-italic">
              <ContactLine icon={Mail} label="Email">
                <a href={`mailto:${STORE.email}`} className="text-brand-700 hover:underline">
                  {STORE.email}
                </a>
              </ContactLine>
              <ContactLine icon={Phone} label="Phone">
                <a href={`tel:${STORE.phone.replace(/\s+/g, '')}`} className="text-brand-700 hover:underline">
                  {STORE.phone}
                </a>
              </ContactLine>
              <ContactLine icon={MapPin} label="Address">
                {STORE.address}
                <br />
                {STORE.country}
              </ContactLine>
            </address>
          </Section>

          <section aria-labelledby="hours-heading" className={card}>
            <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock className="size-5 text-brand-600" aria-hidden="true" />
              Business Hours
            </h2>
            <ul className="mt-4 divide-y divide-slate-100 text-sm">
              {BUSINESS_HOURS.map((slot) => (
                <li key={slot.short} className="flex justify-between gap-4 py-2">
                  <span className="text-slate-600">
                    <abbr title={slot.days} className="no-underline">
                      {slot.short}
                    </abbr>
                  </span>{' '}
                  <span className="font-medium text-slate-900">{slot.hours.replace(/ /g, '')}</span>
                </li>
              ))}
            </ul>
          </section>

          <Section as="nav" title="Quick Links" className={card}>
            <LinkList
              links={QUICK_LINKS}
              className="mt-3 space-y-1"
              linkClassName="group flex items-center justify-between rounded-lg px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-brand-700"
              trailing={
                <ArrowRight
                  className="size-4 text-slate-300 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600"
                  aria-hidden="true"
                />
              }
            />
          </Section>
        </div>

        <Section title={`Find us in ${STORE.city}`} className="lg:col-span-2">
          <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm">
            <iframe
              title="QuickBuy location map"
              src={MAP_URL}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              className="block h-80 w-full border-0 sm:h-96"
            />
          </div>
        </Section>
      </div>
    </div>
  );
}
