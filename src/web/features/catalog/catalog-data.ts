import { useLoaderData } from 'react-router';
import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  COLLECTION_PAGE_SIZE,
  PRICE_FILTERS,
  type BrandFilter,
  type CategoryFilter,
  type CollectionReply,
  type Device,
  type DeviceListReply,
  type HomeReply,
  type PriceFilter,
} from '../../../shared/catalog';
import type { StorefrontData } from '../../../shared/server-render';
import { api, ApiError } from '../../lib/api';
import { useSettled, type Pending } from '../../lib/use-settled';

export type HomeSection = HomeReply['sections'][number];

/** The buy listing's filters as the URL and the API both name them. */
export interface DeviceFilters {
  q: string;
  category: CategoryFilter;
  brand: BrandFilter;
  price: PriceFilter;
  page: number;
}

/** Twelve cards a page on /buy: 4 rows of 3, light to render on a phone; the rest is a page away. */
export const BUY_PAGE_SIZE = 12;

const oneOf = <T extends string>(list: readonly { value: T }[], value: string | null): T | 'all' =>
  list.find((option) => option.value === value)?.value ?? 'all';

/** ?page=: a whole number from 2, else the first page. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The filters live in the URL, so a shared link opens the same view and back/forward work. */
export function readFilters(params: URLSearchParams): DeviceFilters {
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: oneOf(CATEGORY_FILTERS, params.get('category')),
    brand: oneOf(BRAND_FILTERS, params.get('brand')),
    price: oneOf(PRICE_FILTERS, params.get('price')),
    page: pageParam(params),
  };
}

export function deviceListUrl(filters: DeviceFilters, pageSize: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.brand !== 'all') params.set('brand', filters.brand);
  if (filters.price !== 'all') params.set('price', filters.price);
  if (filters.page > 1) params.set('page', String(filters.page));
  params.set('pageSize', String(pageSize));
  return `/api/devices?${params.toString()}`;
}

/** As long as a reply stands in the browser before a page asks again (a Back to the listing shows it at once). */
const FRESH_MS = 30_000;
const recent = new Map<string, { at: number; reply: Promise<unknown> }>();

function readRecent<T>(url: string): Promise<T> {
  const now = Date.now();
  const hit = recent.get(url);
  if (hit && now - hit.at < FRESH_MS) return hit.reply as Promise<T>;
  for (const [key, entry] of recent) if (now - entry.at >= FRESH_MS) recent.delete(key);
  const reply = api.get<T>(url);
  recent.set(url, { at: now, reply });
  reply.catch(() => recent.delete(url));
  return reply;
}

/** A 404 is an answer (nothing there), kept as null data rather than an error. */
const nullWhenNotFound = (error: unknown) => {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
};

/** The catalog as the browser reads it: the API. The server renders pages from its services instead. */
export const apiCatalog: StorefrontData = {
  home: () => readRecent('/api/home'),
  devices: (query) => readRecent(deviceListUrl(query, query.pageSize)),
  device: (id) => readRecent<Device>(`/api/devices/${encodeURIComponent(id)}`).catch(nullWhenNotFound),
  collection: (slug, { page }) =>
    readRecent<CollectionReply>(
      `/api/collections/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`,
    ).catch(nullWhenNotFound),
};

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

const useReply = <T,>(options?: { keepPrevious: boolean }) =>
  useSettled(useLoaderData<CatalogLoaderData<T>>().reply, options);

export const useHome = () => useReply<HomeReply>();

/** Keeps the last page on screen while the next one loads (no flash of 'Loading devices...'). */
export const useDevices = () => useReply<DeviceListReply>({ keepPrevious: true });

/** data null: no such device. */
export const useDevice = () => useReply<Device | null>();

/** data null: no such collection. */
export const useCollection = () => useReply<CollectionReply | null>({ keepPrevious: true });
