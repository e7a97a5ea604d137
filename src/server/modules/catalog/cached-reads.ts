import type { CollectionQuery, DeviceListQuery } from '../../../shared/catalog-query';
import type { Database } from '../../db/client';
import { cachedReply } from './cache';
import { getCatalogMenu, getCollection, getDevice, getHome, listDevices } from './device-queries';

/**
 * The shopper's reads through the catalog cache, one key per normalised query: the API routes and the
 * server-rendered pages (storefront.ts) share the entries, so a page and the API never disagree.
 */
export const catalogReads = {
  devices: (db: Database, query: DeviceListQuery) =>
    cachedReply(
      db,
      `devices:${query.q.toLowerCase()}|${query.category}|${query.brand}|${query.price}|${query.page}|${query.pageSize}`,
      () => listDevices({ db, query }),
    ),
  device: (db: Database, id: string) => cachedReply(db, `device:${id.toLowerCase()}`, () => getDevice({ db, id })),
  home: (db: Database) => cachedReply(db, 'home', () => getHome({ db })),
  collection: (db: Database, slug: string, query: CollectionQuery) =>
    cachedReply(db, `collection:${slug}|${query.page}|${query.pageSize}`, () => getCollection({ db, slug, query })),
  menu: (db: Database) => cachedReply(db, 'menu', () => getCatalogMenu({ db })),
};
