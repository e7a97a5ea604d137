import type { CollectionQuery, DeviceListQuery } from '../../../shared/catalog-query';
import { normalisedQuery } from '../../../shared/search';
import type { Database } from '../../db/client';
import { cachedReply } from './cache';
import { getCatalogMenu, getCollection, getDevice, getHome, listDevices, suggestDevices } from './device-queries';

/**
 * The shopper's reads through the catalog cache, one key per normalised query: the API routes and the
 * server-rendered pages (storefront.ts) share the entries, so a page and the API never disagree. A search is
 * kept under its normalised text (case and spacing: shared/search.ts normalisedQuery) and is run with that
 * text, so two spellings under one key always have one answer; at most SEARCH_MAX_LENGTH characters and the
 * cache's 1,000 entries bound what free text can cost it.
 */
export const catalogReads = {
  devices: (db: Database, query: DeviceListQuery) => {
    const q = normalisedQuery(query.q);
    return cachedReply(
      db,
      `devices:${q}|${query.category}|${query.brand}|${query.price}|${query.sort}|${query.page}|${query.pageSize}`,
      () => listDevices({ db, query: { ...query, q } }),
    );
  },
  suggestions: (db: Database, typed: string) => {
    const q = normalisedQuery(typed);
    return cachedReply(db, `suggest:${q}`, () => suggestDevices({ db, q }));
  },
  device: (db: Database, id: string) => cachedReply(db, `device:${id.toLowerCase()}`, () => getDevice({ db, id })),
  home: (db: Database) => cachedReply(db, 'home', () => getHome({ db })),
  collection: (db: Database, slug: string, query: CollectionQuery) => {
    const q = normalisedQuery(query.q);
    return cachedReply(db, `collection:${slug}|${q}|${query.page}|${query.pageSize}`, () =>
      getCollection({ db, slug, query: { ...query, q } }),
    );
  },
  menu: (db: Database) => cachedReply(db, 'menu', () => getCatalogMenu({ db })),
};
