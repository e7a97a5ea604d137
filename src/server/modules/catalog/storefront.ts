import { deviceListQuerySchema } from '../../../shared/catalog-query';
import type { StorefrontData } from '../../../shared/server-render';
import type { AppContext } from '../../context';
import { AppError, parseInput } from '../../lib/errors';
import { cachedReply, type CachedReply } from './cache';
import { catalogReads } from './cached-reads';

/** What the server-rendered storefront reads the catalog with, and where its pages are kept. */
export interface StorefrontCatalog {
  /** The catalog's services behind the read cache, in the API's reply shapes (handed to the render entry). */
  data: StorefrontData;
  /**
   * A rendered page, kept beside the catalog replies it shows (docs/decisions/010 and 032): the same
   * freshness and stale-while-revalidate, and emptied by the same catalog change.
   */
  cachedPage(key: string, render: () => Promise<unknown>): Promise<CachedReply>;
}

const parsed = async <T>(reply: Promise<CachedReply>): Promise<T> => JSON.parse((await reply).body) as T;

/** A 404 of the read is the page's 'not found', not a failure. */
async function orNull<T>(reply: Promise<CachedReply>): Promise<T | null> {
  try {
    return await parsed<T>(reply);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

export function storefrontCatalog({ db }: Pick<AppContext, 'db'>): StorefrontCatalog {
  return {
    data: {
      home: () => parsed(catalogReads.home(db)),
      // The page read its filters from its own URL: checked as the API checks them (a NUL in q is
      // refused here, the page falls back to the shell, and never reaches a query).
      devices: (query) => parsed(catalogReads.devices(db, parseInput(deviceListQuerySchema, query))),
      device: (id) => orNull(catalogReads.device(db, id)),
      // The collection pages read no search (the chat and the API do).
      collection: (slug, query) => orNull(catalogReads.collection(db, slug, { q: '', ...query })),
    },
    cachedPage: (key, render) => cachedReply(db, `page:${key}`, render),
  };
}
