import { Link, useSearchParams } from 'react-router';
import { CATEGORY_FILTERS, COLLECTIONS, COLLECTION_SLUGS, type DeviceListReply } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';
import { LinkList } from '../../components/link-list';

const linkClass =
  'rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

/**
 * What /buy says when the filters or the search find nothing: the spec's line, what was searched, the
 * nearest search that finds something ("Did you mean MacBook?") and the categories to browse instead.
 */
export default function NoResults({ q, didYouMean }: { q: string; didYouMean: DeviceListReply['didYouMean'] }) {
  const [params] = useSearchParams();
  const withQuery = (corrected: string) => {
    const next = new URLSearchParams(params);
    next.set('q', corrected);
    next.delete('page');
    return `${paths.buy}?${next}`;
  };
  const categories = [
    ...CATEGORY_FILTERS.filter((option) => option.value !== 'all').map((option) => ({
      label: option.label,
      to: `${paths.buy}?${new URLSearchParams({ category: option.value })}`,
    })),
    ...COLLECTION_SLUGS.filter((slug) => !['bundles', 'laptops', 'phones-tablets'].includes(slug)).map((slug) => ({
      label: COLLECTIONS[slug].title,
      to: paths.collection(slug),
    })),
  ];
  return (
    <div className="py-16 text-center">
      <p className="text-slate-600">No devices found matching your criteria.</p>
      {q && (
        <p className="mt-2 text-slate-900">
          You searched for <strong>“{q}”</strong>.
        </p>
      )}
      {didYouMean && (
        <p className="mt-2 text-lg text-slate-900">
          Did you mean{' '}
          <Link to={withQuery(didYouMean.q)} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {didYouMean.text}
          </Link>
          ?
        </p>
      )}
      <nav aria-label="Browse categories" className="mt-6">
        <p className="text-sm text-slate-600">Or browse a category:</p>
        <LinkList links={categories} className="mt-3 flex flex-wrap justify-center gap-2" linkClassName={linkClass} />
      </nav>
    </div>
  );
}
