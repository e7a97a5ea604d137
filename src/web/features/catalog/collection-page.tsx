import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { COLLECTIONS, type CollectionSlug } from '../../../shared/catalog';
import { pageCountOf, useCollection } from './catalog-data';
import { ListStatus } from './list-status';
import { CatalogNotFound } from './not-found';
import { Pagination, useLastPageInstead } from './pagination';
import { ShopCard } from './shop-card';

const SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 92vw';

const isCollection = (slug: string): slug is CollectionSlug => Object.hasOwn(COLLECTIONS, slug);

export function Component() {
  const { slug = '' } = useParams();
  if (!isCollection(slug)) return <NotFound />;
  return <CollectionView key={slug} slug={slug} />;
}

function NotFound() {
  usePageTitle('Page not found | QuickBuy');
  return <CatalogNotFound />;
}

function CollectionView({ slug }: { slug: CollectionSlug }) {
  const collection = COLLECTIONS[slug];
  usePageTitle(`${collection.title} | QuickBuy`);
  const query = useCollection();
  const pastTheEnd = useLastPageInstead(query.data, query.data?.total ?? 0);
  if (query.data === null) return <CatalogNotFound />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{query.data?.title ?? collection.title}</h1>
      <div className="mt-8">
        {!query.isSuccess || pastTheEnd ? (
          <ListStatus failed={query.isError} />
        ) : query.data.items.length === 0 ? (
          <p className="py-16 text-center text-slate-600">No {collection.noun} available at the moment.</p>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {query.data.items.map((device, i) => (
                <ShopCard key={device.id} device={device} sizes={SIZES} priority={i === 0} headingLevel={2} />
              ))}
            </div>
            <Pagination page={query.data.page} pageCount={pageCountOf(query.data.total, query.data.pageSize)} />
          </>
        )}
      </div>
    </div>
  );
}
