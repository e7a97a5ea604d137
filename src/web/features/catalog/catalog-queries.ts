import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CollectionReply, Device, DeviceListReply, HomeReply } from '../../../shared/catalog';
import { api, ApiError } from '../../lib/api';

export type HomeSection = HomeReply['sections'][number];

/** The buy listing's filters as the URL and the API both name them. */
export interface DeviceFilters {
  q: string;
  category: string;
  brand: string;
  price: string;
  page: number;
}

export const catalogKeys = {
  home: ['catalog', 'home'] as const,
  list: (filters: DeviceFilters, pageSize: number) => ['catalog', 'devices', filters, pageSize] as const,
  device: (id: string) => ['catalog', 'device', id] as const,
  collection: (slug: string, page: number) => ['catalog', 'collection', slug, page] as const,
};

/** A 404 is an answer (not found), not a failure worth retrying. */
const retryUnlessNotFound = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && count < 1;

export function useHome() {
  return useQuery({ queryKey: catalogKeys.home, queryFn: () => api.get<HomeReply>('/api/home') });
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

export function useDevices(filters: DeviceFilters, pageSize: number) {
  return useQuery({
    queryKey: catalogKeys.list(filters, pageSize),
    queryFn: () => api.get<DeviceListReply>(deviceListUrl(filters, pageSize)),
    // Keep the last page on screen while the next one loads (no flash of 'Loading devices...').
    placeholderData: keepPreviousData,
  });
}

export function useDevice(id: string) {
  return useQuery({
    queryKey: catalogKeys.device(id),
    queryFn: () => api.get<Device>(`/api/devices/${encodeURIComponent(id)}`),
    retry: retryUnlessNotFound,
  });
}

export function useCollection(slug: string, page: number) {
  const search = page > 1 ? `?page=${page}` : '';
  return useQuery({
    queryKey: catalogKeys.collection(slug, page),
    queryFn: () => api.get<CollectionReply>(`/api/collections/${encodeURIComponent(slug)}${search}`),
    retry: retryUnlessNotFound,
    placeholderData: keepPreviousData,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
