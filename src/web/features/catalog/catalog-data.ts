import { usePageData } from '../../lib/page-router';
import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  COLLECTION_PAGE_SIZE,
  PRICE_FILTERS,
  SORT_OPTIONS,
  type BrandFilter,
  type CategoryFilter,
  type CollectionReply,
  type Device,
  type DeviceListReply,
  type HomeReply,
  type PriceFilter,
  type SortOption,
} from '../../../shared/catalog';
import type { StorefrontData } from '../../../shared/server-render';
import { useSettled, type Pending } from '../../lib/use-settled';

export type HomeSection = HomeReply['sections'][number];

/** The buy listing's filters as the URL and the API both name them. */
export interface DeviceFilters {
  q: string;
  category: CategoryFilter;
  brand: BrandFilter;
  price: PriceFilter;
  sort: SortOption;
  page: number;
}

/** Twelve cards a page on /buy: 4 rows of 3, light to render on a phone; the rest is a page away. */
export const BUY_PAGE_SIZE = 12;

const oneOf = <T extends string, D extends string = 'all'>(
  list: readonly { value: T }[],
  value: string | null,
  fallback = 'all' as D,
): T | D => list.find((option) => option.value === value)?.value ?? fallback;

/** ?page=: a whole number from 2, else the first page. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A list's page count: one at least, so an empty list still has its page 1. */
export const pageCountOf = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

/**
 * The search params of the last page in place of a page past the end of a list (an old link, a
 * hand-typed ?page=99), where `count` is how many rows the list has; null when the page is within it.
 */
export function lastPageParams(
  params: URLSearchParams,
  list: { page: number; pageSize: number },
  count: number,
): URLSearchParams | null {
  const pageCount = pageCountOf(count, list.pageSize);
  if (list.page <= pageCount) return null;
  const next = new URLSearchParams(params);
  if (pageCount > 1) next.set('page', String(pageCount));
  else next.delete('page');
  return next;
}

/** The filters live in the URL, so a shared link opens the same view and back/forward work. */
export function readFilters(params: URLSearchParams): DeviceFilters {
  return {
    // Trimmed again after the cut, so the filters read from buyQuery's own output are the same.
    q: (params.get('q') ?? '').trim().slice(0, 100).trimEnd(),
    category: oneOf(CATEGORY_FILTERS, params.get('category')),
    brand: oneOf(BRAND_FILTERS, params.get('brand')),
    price: oneOf(PRICE_FILTERS, params.get('price')),
    sort: oneOf(SORT_OPTIONS, params.get('sort'), 'newest'),
    page: pageParam(params),
  };
}

/** /buy's filters when the address names none: a filter at its default stays out of buyQuery. */
const NO_FILTERS: DeviceFilters = { q: '', category: 'all', brand: 'all', price: 'all', sort: 'newest', page: 1 };

/**
 * The query /buy reads, as it reads it: each filter not at its default, in one order. The server renders
 * and keeps the page under its path and this query alone (docs/decisions/032), so a parameter the page
 * does not read, or another spelling of the same filters, never costs another render.
 */
export const buyQuery = (params: URLSearchParams) => filterQuery(readFilters(params));

/** The filters not at their default, as search parameters: the address of /buy and of its API read. */
export function filterQuery(filters: DeviceFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of Object.keys(NO_FILTERS) as (keyof DeviceFilters)[]) {
    if (filters[name] !== NO_FILTERS[name]) query.set(name, String(filters[name]));
  }
  return query;
}

/** The query a collection reads, as buyQuery for /buy: its page, from the second. */
export function pageQuery(params: URLSearchParams): URLSearchParams {
  const page = pageParam(params);
  return new URLSearchParams(page > 1 ? { page: String(page) } : {});
}

/**
 * One definition of each catalog read, through `source`: the API in the browser, the server's
 * services while it renders a page. The route loaders call these; the pages read what they returned.
 */
export const catalogReads = {
  home: (source: StorefrontData) => source.home(),
  devices: (filters: DeviceFilters, source: StorefrontData) => source.devices({ ...filters, pageSize: BUY_PAGE_SIZE }),
  /** null: no such device. */
  device: (id: string, source: StorefrontData) => source.device(id),
  /** null: no such collection. */
  collection: (slug: string, page: number, source: StorefrontData) =>
    source.collection(slug, { page, pageSize: COLLECTION_PAGE_SIZE }),
};

/** What a catalog route's loader returns: its read, waited for or not (lib/use-settled). */
export interface CatalogLoaderData<T> {
  reply: Pending<T>;
}

/**
 * How long the browser keeps the reply a page had: a Back, or a return within it, shows the page at
 * once and as it was (the scroll position restores onto the same list), as the query cache's staleTime did.
 */
const KEEP_MS = 30_000;
const kept = new Map<string, { at: number; value: unknown }>();
const pageKey = (url: { pathname: string; search: string }) => url.pathname + url.search;

function keepReply(url: { pathname: string; search: string }, value: unknown) {
  const now = Date.now();
  for (const [key, entry] of kept) if (now - entry.at >= KEEP_MS) kept.delete(key);
  kept.set(pageKey(url), { at: now, value });
}

/**
 * A catalog route's loader. The server waits for the read, so its page is whole. The browser answers
 * from the reply it kept for this address, or starts the read and hands the page its promise.
 */
export async function loadCatalog<T>(
  request: Request,
  read: () => Promise<T>,
  { waitForData }: { waitForData: boolean },
): Promise<CatalogLoaderData<T>> {
  if (waitForData) return { reply: await read() };
  const url = new URL(request.url);
  const hit = kept.get(pageKey(url));
  if (hit && Date.now() - hit.at < KEEP_MS) return { reply: hit.value as T };
  const reply = read();
  // A failure is the page's to show (useSettled); handled here, it is not an unhandled rejection meanwhile.
  reply.then((value) => keepReply(url, value)).catch(() => undefined);
  return { reply };
}

/** Try again after the page failed to render: the next load reads anew instead of the reply that broke it. */
export function forgetKeptReplies() {
  kept.clear();
}

/** The server's page carried its loader's data: its reply is kept as if the browser had read it. */
export function keepHydratedReply(data: unknown) {
  if (data && typeof data === 'object' && 'reply' in data) keepReply(window.location, data.reply);
}

const useReply = <T>(options?: { keepPrevious: boolean }) =>
  useSettled(usePageData<CatalogLoaderData<T>>().reply, options);

export const useHome = () => useReply<HomeReply>();

/** Keeps the last page on screen while the next one loads (no flash of 'Loading devices...'). */
export const useDevices = () => useReply<DeviceListReply>({ keepPrevious: true });

/** data null: no such device. */
export const useDevice = () => useReply<Device | null>();

/** data null: no such collection. */
export const useCollection = () => useReply<CollectionReply | null>({ keepPrevious: true });
