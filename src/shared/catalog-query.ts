import { z } from 'zod';
import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  COLLECTION_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PRICE_FILTERS,
} from './catalog';
import { optionValues } from './options';
import { pagingQuery } from './paging';
import { optionalText } from './text-fields';

// Kept apart from catalog.ts so that storefront pages reading the filter labels do not ship zod.

export const deviceListQuerySchema = z.object({
  q: optionalText('Search', 100),
  category: z.enum(optionValues(CATEGORY_FILTERS), { error: 'Unknown category' }).optional().default('all'),
  brand: z.enum(optionValues(BRAND_FILTERS), { error: 'Unknown brand' }).optional().default('all'),
  price: z.enum(optionValues(PRICE_FILTERS), { error: 'Unknown price range' }).optional().default('all'),
  ...pagingQuery({ defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE }),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** GET /api/collections/:slug?page=&pageSize= */
export const collectionQuerySchema = z.object(
  pagingQuery({ defaultSize: COLLECTION_PAGE_SIZE, maxSize: MAX_PAGE_SIZE }),
);
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
