import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { usePageTitle } from '../../lib/use-page-title';

interface PageHeroProps {
  wide?: boolean;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}

/** The coloured band at the top of a content page, holding its one <h1>. */
export function PageHero({ eyebrow, title, intro, icon: Icon, wide = false, children }: PageHeroProps) {
  return (
    <div className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-br from-brand-50 via-white to-indigo-50">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-72 rounded-full bg-brand-100/60 blur-3xl" />
      <div className={`relative mx-auto px-4 py-14 sm:px-6 sm:py-20 lg:px-8 ${wide ? 'max-w-6xl' : 'max-w-4xl'}`}>
        {Icon && (
          <span className="mb-5 grid size-12 place-items-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/25">
            <Icon className="size-6" aria-hidden="true" />
          </span>
        )}
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {intro && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">{intro}</p>}
        {children}
      </div>
    </div>
  );
}

/**
 * A content page (about, FAQ, the policies, reviews): its hero, whose props it takes, then its
 * sections in a readable column. `heroContent` goes under the hero's intro (the FAQ's category
 * links). The tab's title comes from the PAGES table, as for every page.
 */
export function ContentPage({
  wide = false,
  heroContent,
  children,
  ...hero
}: Omit<PageHeroProps, 'children'> & { heroContent?: ReactNode; children: ReactNode }) {
  usePageTitle();
  return (
    <div>
      <PageHero wide={wide} {...hero}>
        {heroContent}
      </PageHero>
      <div className={`mx-auto px-4 py-12 sm:px-6 sm:py-16 lg:px-8 ${wide ? 'max-w-6xl' : 'max-w-4xl'}`}>
        {children}
      </div>
    </div>
  );
}

/** One titled section of a policy page. */
export function PolicySection({
  id,
  title,
  icon: Icon,
  children,
}: {
  id?: string;
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 border-b border-slate-100 py-8 first:pt-0 last:border-b-0"
    >
      <h2 id={headingId} className="flex items-center gap-3 text-2xl font-semibold text-slate-900">
        {Icon && (
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-600 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline-offset-2 hover:[&_a]:underline [&_li]:pl-1 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

/** A highlighted figure: '6 months', '14 days'. */
export function FactCard({ value, label, note }: { value: string; label: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-3xl font-bold tracking-tight text-brand-700">{value}</p>
      <p className="mt-1 font-medium text-slate-900">{label}</p>
      {note && <p className="mt-2 text-sm text-slate-500">{note}</p>}
    </div>
  );
}

/** The closing call to action of a policy page. */
export function HelpCallout({ title = 'Still have questions?' }: { title?: string }) {
  return (
    <aside
      aria-label="Get help"
      className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="text-lg font-semibold">{title}</p>
        <p className="mt-1 text-sm text-slate-300">
          Our team answers within 24 hours. Email{' '}
          <a href={`mailto:${STORE.email}`} className="font-medium text-white underline underline-offset-2">
            {STORE.email}
          </a>{' '}
          or call {STORE.phone}.
        </p>
      </div>
      <Link
        to={paths.contact}
        className="inline-flex h-11 shrink-0 items-center rounded-lg bg-white px-5 text-sm font-semibold text-slate-900 transition-colors hover:bg-brand-50"
      >
        Contact us
      </Link>
    </aside>
  );
}
