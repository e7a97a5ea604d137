import { ChevronDown, HelpCircle, Mail, MessageCircle, RefreshCw, ShoppingBag, Truck, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { FAQ_CATEGORIES, type FaqCategory } from '../../../shared/content';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { CtaLinks } from '../../components/ui/cta-link';
import { Section } from '../../components/ui/section';
import { ContentPage } from './content-layout';

const ICONS: Record<FaqCategory['id'], typeof ShoppingBag> = {
  buying: ShoppingBag,
  selling: RefreshCw,
  repairs: Wrench,
  shipping: Truck,
};

export function Component() {
  return (
    <ContentPage
      icon={HelpCircle}
      title="Frequently Asked Questions"
      intro="Everything you need to know about buying, selling, repairs and shipping with QuickBuy."
      heroContent={
        <nav aria-label="FAQ categories" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {FAQ_CATEGORIES.map((category) => (
              <li key={category.id}>
                <a
                  href={`#${category.id}`}
                  className="inline-flex items-center rounded-full border border-slate-200 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:border-brand-600 hover:text-brand-700"
                >
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      }
    >
      <div className="space-y-10">
        {FAQ_CATEGORIES.map((category) => {
          const Icon = ICONS[category.id];
          return (
            <section
              key={category.id}
              id={category.id}
              aria-labelledby={`${category.id}-heading`}
              className="scroll-mt-24"
            >
              <h2
                id={`${category.id}-heading`}
                className="flex items-center gap-3 text-2xl font-semibold text-slate-900"
              >
                <span className="grid size-9 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {category.title}
              </h2>
              {/* details and summary: every answer is in the page as sent and opens without JavaScript. */}
              <div className="mt-4 rounded-2xl border border-slate-200 bg-white px-5 shadow-sm">
                {category.entries.map((entry) => (
                  <details key={entry.question} className="group border-b border-slate-200 last:border-b-0">
                    <summary
                      className={
                        'flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium ' +
                        'text-slate-900 transition-colors hover:text-brand-700 focus-visible:outline-none ' +
                        'focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 ' +
                        '[&::-webkit-details-marker]:hidden'
                      }
                    >
                      {entry.question}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 text-slate-400 transition-transform duration-200 group-open:rotate-180"
                      />
                    </summary>
                    <p className="pb-4 leading-relaxed text-slate-600">
                      {entry.answer}
                      {entry.action && (
                        <>
                          {' '}
                          <Link to={entry.action.to} className="font-medium text-brand-700 underline">
                            {entry.action.label}
                          </Link>
                        </>
                      )}
                    </p>
                  </details>
                ))}
              </div>
            </section>
          );
        })}
      </div>

      <Section
        title="Still have questions?"
        className="mt-14 rounded-3xl bg-gradient-to-br from-brand-600 to-indigo-600 p-8 text-center text-white sm:p-12"
        headingClassName="text-2xl font-bold"
      >
        <p className="mx-auto mt-2 max-w-xl text-brand-100">
          Can&apos;t find the answer you&apos;re looking for? Our support team replies within 24 hours.
        </p>
        <CtaLinks
          className="mt-6"
          links={[
            { to: paths.contact, tone: 'light', icon: MessageCircle, label: 'Contact Support' },
            { to: `mailto:${STORE.email}`, tone: 'lightOutline', icon: Mail, label: 'Email Us' },
          ]}
        />
      </Section>
    </ContentPage>
  );
}
