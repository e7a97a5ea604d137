import type { CollectionReply } from '../../../shared/catalog';
import type { StorefrontData } from '../../../shared/server-render';
import { api, nullWhenNotFound } from '../../lib/api';
import { readDevice } from '../../lib/device-reads';
import { filterQuery, type DeviceFilters } from './catalog-data';

function deviceListUrl(filters: DeviceFilters, pageSize: number): string {
  const params = filterQuery(filters);
  params.set('pageSize', String(pageSize));
  return `/api/devices?${params.toString()}`;
}

/**
 * The catalog as the browser reads it: the API. The server renders pages from its services instead
 * (catalog-data.ts reads through either); a missing device or collection is null.
 */
export const apiCatalog: StorefrontData = {
  home: () => api.get('/api/home'),
  devices: (query) => api.get(deviceListUrl(query, query.pageSize)),
  device: readDevice,
  collection: (slug, { page }) =>
    api
      .get<CollectionReply>(`/api/collections/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`)
      .catch(nullWhenNotFound),
};
