import { Quote, Star } from 'lucide-react';
import { REVIEWS } from '../../../shared/content';
import { initials } from '../../lib/initials';
import { Section } from '../../components/ui/section';
import { ContentPage } from './content-layout';
import { formatDay } from '../../../shared/dates';

function Stars({ rating, size = 'size-5' }: { rating: number; size?: string }) {
  const label = `${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`;
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${size} ${n <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}`}
        />
      ))}
    </span>
  );
}

export function Component() {
  const average = REVIEWS.reduce((sum, review) => sum + review.rating, 0) / REVIEWS.length;
  return (
    <ContentPage
      wide
      icon={Star}
      title="Customer Reviews"
      intro="Real words from people who bought, sold and repaired their devices with us."
      heroContent={
        <div className="mt-8 inline-flex items-center gap-4 rounded-2xl border border-slate-200 bg-white px-5 py-3 shadow-sm">
          <span className="text-3xl font-bold text-slate-900">{average.toFixed(1)}</span>
          <span>
            <Stars rating={average} />
            <span className="block text-sm text-slate-500">Based on {REVIEWS.length} reviews</span>
          </span>
        </div>
      }
    >
      <Section title="Reviews" headingClassName="sr-only">
        <ul className="grid gap-6 md:grid-cols-3">
          {REVIEWS.map((review) => (
            <li key={review.name}>
              <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Stars rating={review.rating} />
                <Quote className="mt-4 size-6 text-brand-100" aria-hidden="true" />
                <p className="mt-2 flex-1 leading-relaxed text-slate-700">{review.comment}</p>
                <footer className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
                  <span
                    aria-hidden="true"
                    className="grid size-10 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
                  >
                    {initials(review.name)}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{review.name}</h3>
                    <time dateTime={review.date} className="block text-sm text-slate-500">
                      {formatDay(review.date)}
                    </time>
                  </div>
                </footer>
              </article>
            </li>
          ))}
        </ul>
      </Section>
    </ContentPage>
  );
}
