import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  COLLECTION_PAGE_SIZE,
  PRICE_FILTERS,
  type BrandFilter,
  type CategoryFilter,
  type CollectionReply,
  type Device,
  type HomeReply,
  type PriceFilter,
} from '../../../shared/catalog';
import type { StorefrontData } from '../../../shared/server-render';
import { api, ApiError } from '../../lib/api';

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

export const catalogKeys = {
  home: ['catalog', 'home'] as const,
  list: (filters: DeviceFilters, pageSize: number) => ['catalog', 'devices', filters, pageSize] as const,
  device: (id: string) => ['catalog', 'device', id] as const,
  collection: (slug: string, page: number) => ['catalog', 'collection', slug, page] as const,
};

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

/** A 404 is an answer (nothing there), kept as null data rather than an error. */
const nullWhenNotFound = (error: unknown) => {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
};

/** The catalog as the browser reads it: the API. The server renders pages from its services instead. */
export const apiCatalog: StorefrontData = {
  home: () => api.get('/api/home'),
  devices: (query) => api.get(deviceListUrl(query, query.pageSize)),
  device: (id) => api.get<Device>(`/api/devices/${encodeURIComponent(id)}`).catch(nullWhenNotFound),
  collection: (slug, { page }) =>
    api
      .get<CollectionReply>(`/api/collections/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`)
      .catch(nullWhenNotFound),
};

/**
 * One definition of each catalog query, read through `source`: the page's hooks use the API; the
 * route loaders use whichever source they are given (the server's services while it renders).
 */
export const catalogQueries = {
  home: (source = apiCatalog) => queryOptions({ queryKey: catalogKeys.home, queryFn: () => source.home() }),
  devices: (filters: DeviceFilters, source = apiCatalog) =>
    queryOptions({
      queryKey: catalogKeys.list(filters, BUY_PAGE_SIZE),
      queryFn: () => source.devices({ ...filters, pageSize: BUY_PAGE_SIZE }),
    }),
  device: (id: string, source = apiCatalog) =>
    queryOptions({ queryKey: catalogKeys.device(id), queryFn: () => source.device(id) }),
  collection: (slug: string, page: number, source = apiCatalog) =>
    queryOptions({
      queryKey: catalogKeys.collection(slug, page),
      queryFn: () => source.collection(slug, { page, pageSize: COLLECTION_PAGE_SIZE }),
    }),
};

export function useHome() {
  return useQuery(catalogQueries.home());
}

export function useDevices(filters: DeviceFilters) {
  // Keep the last page on screen while the next one loads (no flash of 'Loading devices...').
  return useQuery({ ...catalogQueries.devices(filters), placeholderData: keepPreviousData });
}

/** data null: no such device. */
export function useDevice(id: string) {
  return useQuery(catalogQueries.device(id));
}

/** data null: no such collection. */
export function useCollection(slug: string, page: number) {
  return useQuery({ ...catalogQueries.collection(slug, page), placeholderData: keepPreviousData });
}
