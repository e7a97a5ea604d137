import { optionList, valuesOf, type OptionValue } from './options';

/**
 * Every device type the store sells (spec 000 section 3; desktop and tv appear too), each as a label
 * reads it (the stored values stay lower case).
 */
export const DEVICE_TYPE_LABELS = {
  phone: 'Phone',
  tablet: 'Tablet',
  laptop: 'Laptop',
  desktop: 'Desktop',
  tv: 'TV',
  accessory: 'Accessory',
  component: 'Component',
  server: 'Server',
  switch: 'Switch',
};
export const DEVICE_TYPES = valuesOf(DEVICE_TYPE_LABELS);
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Inventory conditions (spec 001 section 3). */
export const DEVICE_CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
export type DeviceCondition = (typeof DEVICE_CONDITIONS)[number];

export const MAX_DEVICE_IMAGES = 5;

/** Buy listing filters, labels and values exactly as spec 000 section 5 gives them. */
export const CATEGORY_FILTERS = optionList({
  all: 'All Categories',
  phone: 'Phones',
  laptop: 'Laptops',
  tablet: 'Tablets',
  tv: 'TVs',
});

export const BRAND_FILTERS = optionList({
  all: 'All Brands',
  apple: 'Apple',
  samsung: 'Samsung',
  huawei: 'Huawei',
  dell: 'Dell',
  hp: 'HP',
});

export const PRICE_FILTERS = optionList({
  all: 'All Prices',
  'under-10k': 'Under R10,000',
  '10k-20k': 'R10,000 - R20,000',
  'over-20k': 'Over R20,000',
});

/**
 * The buy listing's order. A search ranks its best matches first whatever the choice (every word without
 * a typo, then the model's words, then in stock); the choice orders what ranks alike.
 */
export const SORT_OPTIONS = optionList({
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
});

export type SortOption = OptionValue<typeof SORT_OPTIONS>;
export type CategoryFilter = OptionValue<typeof CATEGORY_FILTERS>;
export type BrandFilter = OptionValue<typeof BRAND_FILTERS>;
export type PriceFilter = OptionValue<typeof PRICE_FILTERS>;

/** Price bands: [min inclusive, max exclusive) in whole currency units. */
export const PRICE_BANDS: Record<Exclude<PriceFilter, 'all'>, { min: number; max: number | null }> = {
  'under-10k': { min: 0, max: 10_000 },
  '10k-20k': { min: 10_000, max: 20_000 },
  'over-20k': { min: 20_000, max: null },
};

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** A device as the API sends it (camelCase, the spec's client names). */
export interface Device {
  id: string;
  name: string;
  brand: string;
  type: DeviceType;
  model: string;
  condition: string;
  storage: string;
  ram: string | null;
  displaySize: string | null;
  batteryHealth: number | null;
  price: number;
  originalPrice: number | null;
  /**
   * The admin's In Stock / Out of Stock switch (decision 048): an Out of Stock device is off sale
   * (left out of every listing, refused by checkout) and keeps its quantity. A device with none left
   * is sold out whatever the switch says: `forSale` tells whether it can be bought.
   */
  inStock: boolean;
  quantity: number;
  description: string | null;
  /** Image URLs, served by GET /images/:id. */
  images: string[];
  defaultImageIndex: number;
  addedDate: string;
  /**
   * Where the next unit sold comes from, in a shopper's words ('Bought from a customer in Cape Town and
   * checked by our technician'): on the device page's read only, null when none is on record.
   */
  provenance?: string | null;
}

/** Whether a shopper can buy the device now: on sale and at least one unit left. */
export const forSale = (device: Pick<Device, 'inStock' | 'quantity'>) => device.inStock && device.quantity > 0;

export interface DeviceListReply {
  items: Device[];
  total: number;
  filteredTotal: number;
  page: number;
  pageSize: number;
  /** A search that found nothing: the nearest query that finds something ("Did you mean MacBook?"), or null. */
  didYouMean?: { q: string; text: string } | null;
}

/** GET /api/search/suggestions: what the header's search box offers as the shopper types. */
export interface SearchSuggestions {
  q: string;
  devices: Array<{ id: string; name: string; price: number; image: string | null }>;
  /** The categories the matches belong to, each a link to the search within it. */
  categories: Array<{ label: string; href: string }>;
}

/** Collection pages and the device types each shows (spec 000 'Collection pages'). */
export const COLLECTIONS = {
  bundles: { title: 'Bundles', types: ['laptop'], noun: 'bundles' },
  laptops: { title: 'Laptops', types: ['laptop'], noun: 'laptops' },
  desktops: { title: 'Desktops', types: ['desktop'], noun: 'desktops' },
  accessories: { title: 'Accessories', types: ['accessory'], noun: 'accessories' },
  'phones-tablets': { title: 'Phones & Tablets', types: ['phone', 'tablet'], noun: 'phones or tablets' },
  components: { title: 'Components', types: ['component'], noun: 'components' },
  servers: { title: 'Servers', types: ['server'], noun: 'servers' },
  switches: { title: 'Switches', types: ['switch'], noun: 'switches' },
} as const satisfies Record<string, { title: string; types: readonly DeviceType[]; noun: string }>;
export type CollectionSlug = keyof typeof COLLECTIONS;
export const COLLECTION_SLUGS = Object.keys(COLLECTIONS) as CollectionSlug[];

/** Home sections, their counts and links (spec 000 'Home'). */
export const HOME_SECTIONS = [
  { key: 'trending', title: 'Trending Products', count: 4, href: '/buy' },
  { key: 'latest', title: 'Latest Products', count: 4, offset: 4, href: '/buy' },
  { key: 'bundles', title: 'Build Your Bundle', count: 3, type: 'laptop', href: '/collections/bundles' },
  { key: 'accessories', title: 'Accessories', count: 4, type: 'accessory', href: '/collections/accessories' },
  { key: 'phones', title: 'Phones & Tablets', count: 4, type: 'phone', href: '/collections/phones-tablets' },
  { key: 'components', title: 'Components', count: 4, type: 'component', href: '/collections/components' },
  { key: 'servers', title: 'Servers', count: 4, type: 'server', href: '/collections/servers' },
  { key: 'switches', title: 'Switches', count: 4, type: 'switch', href: '/collections/switches' },
] as const satisfies readonly {
  key: string;
  title: string;
  count: number;
  offset?: number;
  type?: DeviceType;
  href: string;
}[];

/** Image widths the image endpoint serves (GET /images/:id?w=). */
export const IMAGE_WIDTHS = [160, 320, 640, 960] as const;

type HomeSectionKey = (typeof HOME_SECTIONS)[number]['key'];

/** GET /api/home */
export interface HomeReply {
  sections: Array<{ key: HomeSectionKey; title: string; href: string; devices: Device[] }>;
}

/** GET /api/collections/:slug (paged with ?page=&pageSize=, newest first). */
export interface CollectionReply {
  slug: CollectionSlug;
  title: string;
  items: Device[];
  /** Every listed device of the collection's types. */
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/catalog/menu: the header's Shop mega menu. */
export interface CatalogMenuReply {
  featured: Array<{
    id: string;
    name: string;
    price: number;
    originalPrice: number | null;
    image: string | null;
    /** The one card with the Sale badge (spec 000: one of the three carries it): the largest discount. */
    sale: boolean;
  }>;
  /** Live count of listed laptops ('View all laptops (N)'). */
  laptopCount: number;
}

/** Collection pages page through a large catalog; this many devices per page unless ?pageSize= says otherwise. */
export const COLLECTION_PAGE_SIZE = 48;

/** Placeholder for a broken or missing device image. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** The URL of a stored image, optionally a width variant (snapped server-side to IMAGE_WIDTHS). */
export function imageUrl(url: string, width?: number): string {
  if (!width || !url.startsWith('/images/')) return url;
  return `${url}?w=${width}`;
}
