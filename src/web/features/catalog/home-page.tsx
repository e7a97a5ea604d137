import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { useHome, type HomeSection } from './catalog-data';
import { ListStatus } from './list-status';
import { ShopCard } from './shop-card';

const SIZES_4 = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw';
const SIZES_3 = '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw';

export function Component() {
  usePageTitle();
  const home = useHome();

  return (
    <div>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Shop Smarter Today!</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-50">
            Certified pre-owned and new phones, laptops, tablets and more, tested by our technicians in {STORE.city} and
            backed by a 6-month warranty.
          </p>
          <p className="mt-3 max-w-2xl text-brand-50">
            Free shipping on every device, secure checkout and friendly experts ready to help you choose. Smart tech at
            fair prices, delivered to your door anywhere in {STORE.country}.
          </p>
          <Link
            to={paths.about}
            className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 shadow hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-700 focus-visible:outline-none"
          >
            Our Story
          </Link>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        {!home.isSuccess ? (
          <ListStatus failed={home.isError} />
        ) : (
          home.data.sections.map((section, i) => (
            <HomeSectionView key={section.key} section={section} first={i === 0} />
          ))
        )}
      </div>
    </div>
  );
}

function HomeSectionView({ section, first }: { section: HomeSection; first: boolean }) {
  const bundle = section.key === 'bundles';
  const headingId = `home-section-${section.key}`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-5 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          {section.title}
        </h2>
        <Link to={section.href} className="shrink-0 font-medium text-brand-700 hover:underline">
          View All →
        </Link>
      </div>
      {section.devices.length === 0 ? (
        <p className="rounded-lg bg-slate-50 py-10 text-center text-slate-600">
          No products available in this category yet.
        </p>
      ) : (
        <div className={`grid grid-cols-1 gap-6 sm:grid-cols-2 ${bundle ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}>
          {section.devices.map((device, i) => (
            <ShopCard
              key={`${device.id}-${i}`}
              device={device}
              sizes={bundle ? SIZES_3 : SIZES_4}
              priority={first && i === 0}
              cycleOnHover
            />
          ))}
        </div>
      )}
    </section>
  );
}
