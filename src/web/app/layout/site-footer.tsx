import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { BUSINESS_HOURS, STORE } from '../../../shared/store';
import { LinkList, policyLinks } from '../../components/link-list';
import { Logo } from './logo';
import { SocialLinks } from './social-icons';

const QUICK_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Buy', to: paths.buy },
  { label: 'Sell', to: paths.sell },
];

const SERVICE_LINKS = [
  { label: 'Repairs', to: paths.repairs },
  { label: 'Track Orders', to: paths.track },
  { label: 'Contact', to: paths.contact },
];

const LEGAL_LINKS = policyLinks(['faq', 'warranty', 'returns', 'shipping', 'reviews', 'terms', 'privacy']);

const linkClass = 'text-sm text-slate-400 transition-colors hover:text-white focus-visible:text-white';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

export function SiteFooter() {
  const phoneHref = `tel:${STORE.phone.replace(/\s+/g, '')}`;
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr] lg:px-8">
        <div>
          <Logo onDark />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">
            Quality pre-owned and new devices with warranty, trade-ins and expert repairs, from {STORE.city} to all of{' '}
            {STORE.country}.
          </p>
          <SocialLinks
            className="mt-6 flex gap-2"
            linkClassName="grid size-9 place-items-center rounded-full bg-white/5 text-slate-300 transition-colors hover:bg-brand-600 hover:text-white"
          />
        </div>
        <Column title="Quick Links">
          <LinkList links={QUICK_LINKS} className="space-y-2.5" linkClassName={linkClass} />
        </Column>
        <Column title="Services">
          <LinkList links={SERVICE_LINKS} className="space-y-2.5" linkClassName={linkClass} />
        </Column>
        <Column title="Contact">
          <address className="space-y-3 text-sm text-slate-400 not-italic">
            <p className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-brand-100" aria-hidden="true" />
              <a href={`mailto:${STORE.email}`} className="hover:text-white">
                {STORE.email}
              </a>
            </p>
            <p className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-brand-100" aria-hidden="true" />
              <a href={phoneHref} className="hover:text-white">
                {STORE.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-brand-100" aria-hidden="true" />
              <span>
                {STORE.address}
                <br />
                {STORE.city}, {STORE.country}
              </span>
            </p>
            <p className="flex gap-3">
              <Clock className="mt-0.5 size-4 shrink-0 text-brand-100" aria-hidden="true" />
              <span>
                {BUSINESS_HOURS.map((slot) => (
                  <span key={slot.short} className="block">
                    {slot.short} {slot.hours.replace(/ /g, '')}
                  </span>
                ))}
              </span>
            </p>
          </address>
        </Column>
      </div>
      <div className="border-t border-white/10">
        {/* md:pb-24 keeps the last row clear of the floating Chat button (bottom-4, 48 px tall) at the page's end. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:pb-24 lg:flex-row lg:items-center lg:justify-between lg:px-8">
          <p className="text-slate-400">
            © {new Date().getFullYear()} {STORE.name}. {STORE.city}, {STORE.country}.
          </p>
          <nav aria-label="Policies">
            <LinkList links={LEGAL_LINKS} className="flex flex-wrap gap-x-5 gap-y-2" linkClassName={linkClass} />
          </nav>
        </div>
      </div>
    </footer>
  );
}
