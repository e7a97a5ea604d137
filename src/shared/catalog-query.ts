import { z } from 'zod';
import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  COLLECTION_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PRICE_FILTERS,
  SORT_OPTIONS,
} from './catalog';
import { optionValues } from './options';
import { pagingQuery } from './paging';
import { SEARCH_MAX_LENGTH } from './search';
import { optionalText } from './text-fields';

// Kept apart from catalog.ts so that storefront pages reading the filter labels do not ship zod.

export const deviceListQuerySchema = z.object({
  q: optionalText('Search', SEARCH_MAX_LENGTH),
  category: z.enum(optionValues(CATEGORY_FILTERS), { error: 'Unknown category' }).optional().default('all'),
  brand: z.enum(optionValues(BRAND_FILTERS), { error: 'Unknown brand' }).optional().default('all'),
  price: z.enum(optionValues(PRICE_FILTERS), { error: 'Unknown price range' }).optional().default('all'),
  sort: z.enum(optionValues(SORT_OPTIONS), { error: 'Unknown sort order' }).optional().default('newest'),
  ...pagingQuery({ defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE }),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** GET /api/search/suggestions?q= : the header box's words as typed. */
export const suggestionQuerySchema = z.object({ q: optionalText('Search', SEARCH_MAX_LENGTH) });

/** GET /api/collections/:slug?q=&page=&pageSize= (q: the shopper search within the collection). */
export const collectionQuerySchema = z.object({
  q: optionalText('Search', SEARCH_MAX_LENGTH),
  ...pagingQuery({ defaultSize: COLLECTION_PAGE_SIZE, maxSize: MAX_PAGE_SIZE }),
});
export type CollectionQuery = z.infer<typeof collectionQuerySchema>;

/** GET /images/:id?w= : any whole width; the server snaps it to the next larger IMAGE_WIDTHS entry. */
export const imageQuerySchema = z.object({
  w: z.coerce
    .number({ error: 'Width must be a whole number of pixels' })
    .int('Width must be a whole number of pixels')
    .min(1, 'Width must be a whole number of pixels')
    .max(10_000, 'Width must be a whole number of pixels')
    .optional(),
});
