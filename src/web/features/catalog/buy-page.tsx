import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { toast } from '../../lib/toast';
import { pageCountOf, readFilters, useDevices } from './catalog-data';
import { DeviceCard } from './device-card';
import { FilterBar, type SelectFilter } from './filter-bar';
import { Pagination, useLastPageInstead } from './pagination';

/** Most searches find something: what /buy says when one does not comes when needed (first load at its budget). */
const NoResults = lazy(() => import('./no-results'));

type Columns = 1 | 2 | 3;

const GRID: Record<Columns, { className: string; sizes: string }> = {
  1: { className: 'grid-cols-1', sizes: '(min-width: 1280px) 1216px, 92vw' },
  2: { className: 'grid-cols-1 sm:grid-cols-2', sizes: '(min-width: 1280px) 596px, (min-width: 640px) 46vw, 92vw' },
  3: {
    className: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
    sizes: '(min-width: 1280px) 389px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw',
  },
};

const COLUMN_BUTTONS = [
  { columns: 1, label: '1 column', icon: 'icon-columns-1' },
  { columns: 2, label: '2 columns', icon: 'icon-columns-2' },
  { columns: 3, label: '3 columns', icon: 'icon-columns-3' },
] as const;

export function Component() {
  usePageTitle();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [columns, setColumns] = useState<Columns>(3);
  const devices = useDevices();

  useEffect(() => {
    if (devices.isError) toast.error('Failed to load devices');
  }, [devices.isError]);

  /** A new filter starts again at page 1. */
  const setFilter = useCallback(
    (name: SelectFilter | 'q', value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        // Each filter's default (all; newest for the sort) stays out of the address.
        if (!value || value === 'all' || value === 'newest') next.delete(name);
        else next.set(name, value);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const onSearch = useCallback((q: string) => setFilter('q', q), [setFilter]);

  const data = devices.data;
  const pageCount = data ? pageCountOf(data.filteredTotal, data.pageSize) : 1;
  const grid = GRID[columns];
  const pastTheEnd = useLastPageInstead(data, data?.filteredTotal ?? 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Buy Quality Devices</h1>
      <p className="mt-2 text-lg text-slate-600">Certified pre-owned phones and laptops with warranty</p>

      <div className="mt-8">
        <FilterBar
          q={filters.q}
          category={filters.category}
          brand={filters.brand}
          price={filters.price}
          sort={filters.sort}
          onSearch={onSearch}
          onSelect={setFilter}
        />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <dl className="flex gap-8" aria-live="polite">
          <div>
            <dt className="text-sm text-slate-600">Total devices available</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="total-devices">
              {data?.total ?? '–'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Filtered devices</dt>
            <dd className="text-2xl font-bold text-brand-700" data-testid="filtered-devices">
              {data?.filteredTotal ?? '–'}
            </dd>
          </div>
        </dl>
        <div className="hidden gap-1 sm:flex" role="group" aria-label="Grid columns">
          {COLUMN_BUTTONS.map(({ columns: n, label, icon }) => (
            <button
              key={n}
              type="button"
              aria-label={label}
              aria-pressed={columns === n}
              onClick={() => setColumns(n)}
              className={`rounded-lg border p-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
                columns === n
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              <span className={`icon ${icon} h-5 w-5`} aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>

      <div className="mt-8">
        {devices.isPending || pastTheEnd ? (
          <p className="min-h-[100vh] py-16 text-center text-slate-600" role="status">
            Loading devices...
          </p>
        ) : devices.isError && !data ? (
          <p className="py-16 text-center text-red-700">Failed to load devices</p>
        ) : data && data.total === 0 ? (
          <p className="py-16 text-center text-slate-600">No devices available. Add devices through the admin panel.</p>
        ) : data && data.items.length === 0 ? (
          <Suspense fallback={null}>
            <NoResults q={filters.q} didYouMean={data.didYouMean} />
          </Suspense>
        ) : data ? (
          <>
            <div className={`grid gap-6 ${grid.className}`}>
              {data.items.map((device, i) => (
                <DeviceCard key={device.id} device={device} sizes={grid.sizes} priority={i === 0} />
              ))}
            </div>
            <Pagination page={data.page} pageCount={pageCount} />
          </>
        ) : null}
      </div>
    </div>
  );
}
