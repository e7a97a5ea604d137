import { z } from 'zod';
import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  COLLECTION_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PRICE_FILTERS,
} from './catalog';

// Kept apart from catalog.ts so that storefront pages reading the filter labels do not ship zod.
type Values<T extends readonly { value: string }[]> = T[number]['value'];
const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as [Values<T>, ...Values<T>[]];

const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
/** ?pageSize=, 1 to MAX_PAGE_SIZE, `fallback` when absent: the buy listing and the collections differ only there. */
const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .optional()
    .default(fallback);

const page = z.coerce
  .number({ error: 'Page must be a whole number from 1' })
  .int('Page must be a whole number from 1')
  .min(1, 'Page must be a whole number from 1')
  .optional()
  .default(1);

export const deviceListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is at most 100 characters').optional().default(''),
  category: z.enum(values(CATEGORY_FILTERS), { error: 'Unknown category' }).optional().default('all'),
  brand: z.enum(values(BRAND_FILTERS), { error: 'Unknown brand' }).optional().default('all'),
  price: z.enum(values(PRICE_FILTERS), { error: 'Unknown price range' }).optional().default('all'),
  page,
  pageSize: pageSize(DEFAULT_PAGE_SIZE),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** GET /api/collections/:slug?page=&pageSize= */
export const collectionQuerySchema = z.object({ page, pageSize: pageSize(COLLECTION_PAGE_SIZE) });
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
