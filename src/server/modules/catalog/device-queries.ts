import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORY_FILTERS,
  COLLECTIONS,
  HOME_SECTIONS,
  PRICE_BANDS,
  type CatalogMenuReply,
  type CollectionReply,
  type CollectionSlug,
  type Device,
  type DeviceListReply,
  type DeviceType,
  type HomeReply,
  type SearchSuggestions,
  type SortOption,
} from '../../../shared/catalog';
import { discountPercent } from '../../../shared/money';
import type { CollectionQuery, DeviceListQuery } from '../../../shared/catalog-query';
import type { Database, DbHandle } from '../../db/client';
import { deviceImages, devices } from '../../db/schema/catalog';
import { notFound } from '../../lib/errors';
import { containedInAny, likeContains } from '../../lib/like';
import { newestFirst } from '../../lib/paging';
import { paths } from '../../../shared/paths';
import { SUGGESTION_DEVICES } from '../../../shared/search';
import { nearestQuery, searchCondition, searchFor, searchRank, vocabularyFor, type CompiledSearch } from './search';
import { provenanceOf } from './stock-units';

export const DEVICE_NOT_FOUND = 'DEVICE_NOT_FOUND';
const COLLECTION_NOT_FOUND = 'COLLECTION_NOT_FOUND';

type DeviceRow = typeof devices.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Devices that exist: not soft-deleted (the device page finds them, off sale or not). */
const kept = isNull(devices.deletedAt);
/** Listed devices: kept and on sale (the admin's In Stock switch, decision 048), whatever their quantity. */
const listed = and(kept, eq(devices.inStock, true))!;
const byNewest = newestFirst(devices.createdAt, devices.id);

export const imagePath = (imageId: string) => `/images/${imageId}`;

/** The rows as the API sends them, in the same order, with their image URLs in position order (one query for all rows). */
export async function toDevices(db: DbHandle, rows: DeviceRow[]): Promise<Device[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ deviceId: deviceImages.deviceId, imageId: deviceImages.imageId })
    .from(deviceImages)
    .where(
      inArray(
        deviceImages.deviceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(deviceImages.deviceId), asc(deviceImages.position));
  const byDevice = new Map<string, string[]>();
  for (const link of links) {
    const list = byDevice.get(link.deviceId) ?? [];
    list.push(imagePath(link.imageId));
    byDevice.set(link.deviceId, list);
  }
  return rows.map((row) => toDevice(row, byDevice.get(row.id) ?? []));
}

function toDevice(row: DeviceRow, images: string[]): Device {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    type: row.type as DeviceType,
    model: row.model,
    condition: row.condition,
    storage: row.storage,
    ram: row.ram,
    displaySize: row.displaySize,
    batteryHealth: row.batteryHealth,
    price: row.price,
    originalPrice: row.originalPrice,
    inStock: row.inStock,
    quantity: row.quantity,
    description: row.description,
    images,
    defaultImageIndex: row.defaultImageIndex,
    addedDate: row.createdAt.toISOString(),
  };
}

type ListFilters = Pick<DeviceListQuery, 'category' | 'brand' | 'price'>;

/** The listing's filters of spec 000 section 5 but the search: category, brand, price band. */
function filterConditions(query: ListFilters): SQL[] {
  const conditions: SQL[] = [listed];
  if (query.category !== 'all') conditions.push(eq(devices.type, query.category));
  if (query.brand !== 'all') conditions.push(sql`lower(${devices.brand}) = ${query.brand}`);
  if (query.price !== 'all') {
    const band = PRICE_BANDS[query.price];
    conditions.push(gte(devices.price, band.min));
    if (band.max !== null) conditions.push(lt(devices.price, band.max));
  }
  return conditions;
}

/**
 * The WHERE clause of the buy listing as spec 000 section 5 words it: the search a case-insensitive
 * substring of name or brand. The shopper's search (deviceFilter) finds all this does and more; kept for
 * the judged query set and the bench, which compare the two.
 */
export function substringFilter(query: ListFilters & Pick<DeviceListQuery, 'q'>): SQL {
  const conditions = filterConditions(query);
  if (query.q) conditions.push(containedInAny(query.q, [devices.name, devices.brand]));
  return and(...conditions)!;
}

/** The WHERE clause of the buy listing: its filters and, with a query, the shopper's search (search.ts). */
export function deviceFilter(query: ListFilters, search: CompiledSearch | null): SQL {
  const conditions = filterConditions(query);
  if (search) conditions.push(searchCondition(search));
  return and(...conditions)!;
}

/** The listing's order: a search's rank, in stock before sold out, then the shopper's sort; newest breaks ties. */
export function listingOrder(sort: SortOption, search: CompiledSearch | null): SQL[] {
  const chosen = sort === 'price-asc' ? [asc(devices.price)] : sort === 'price-desc' ? [desc(devices.price)] : [];
  const ranked = search ? [...searchRank(search), sql`(${devices.quantity} > 0) desc`] : [];
  return [...ranked, ...chosen, ...byNewest];
}

async function countListed(db: Database, where: SQL = listed): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(where);
  return Number(row?.n ?? 0);
}

/** One page of the devices `where` picks, in `order` (newest first unless told). */
function pageOf(
  db: Database,
  where: SQL,
  { page, pageSize }: { page: number; pageSize: number },
  order: SQL[] = byNewest,
) {
  return db
    .select()
    .from(devices)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/**
 * GET /api/devices: filtered, searched and ranked (search.ts), paged; totals of the whole listing and of the
 * filtered one. A search that finds nothing offers the nearest query that does (`didYouMean`).
 */
export async function listDevices({ db, query }: { db: Database; query: DeviceListQuery }): Promise<DeviceListReply> {
  const search = query.q ? await searchFor(db, query.q) : null;
  const where = deviceFilter(query, search);
  const filtered = query.q !== '' || query.category !== 'all' || query.brand !== 'all' || query.price !== 'all';
  const [rows, total, filteredTotal] = await Promise.all([
    pageOf(db, where, query, listingOrder(query.sort, search)),
    countListed(db),
    filtered ? countListed(db, where) : null,
  ]);
  const reply: DeviceListReply = {
    items: await toDevices(db, rows),
    total,
    filteredTotal: filteredTotal ?? total,
    page: query.page,
    pageSize: query.pageSize,
  };
  if (search && reply.filteredTotal === 0) {
    const vocabulary = await vocabularyFor(db);
    reply.didYouMean = await nearestQuery(db, query.q, vocabulary, (corrected) => deviceFilter(query, corrected));
  }
  return reply;
}

/** Where a category of the suggestions leads: the search within it on /buy, or its collection. */
function categoryLink(type: DeviceType, q: string): { label: string; href: string } {
  const filter = CATEGORY_FILTERS.find((option) => option.value === type);
  if (filter) return { label: filter.label, href: `${paths.buy}?${new URLSearchParams({ q, category: type })}` };
  const slug = (Object.keys(COLLECTIONS) as CollectionSlug[]).find((key) =>
    (COLLECTIONS[key].types as readonly DeviceType[]).includes(type),
  )!;
  return { label: COLLECTIONS[slug].title, href: paths.collection(slug) };
}

/** Devices looked at for the suggestions' categories: the best matches, not every match (that is the listing's count). */
const SUGGESTION_SAMPLE = 24;

/**
 * GET /api/search/suggestions: the header box's best matches (six, with a picture) and the categories of
 * the best two dozen, ranked as the listing ranks a search.
 */
export async function suggestDevices({ db, q }: { db: Database; q: string }): Promise<SearchSuggestions> {
  if (!q) return { q, devices: [], categories: [] };
  const search = await searchFor(db, q);
  const rows = await db
    .select()
    .from(devices)
    .where(and(listed, searchCondition(search)))
    .orderBy(...listingOrder('newest', search))
    .limit(SUGGESTION_SAMPLE);
  const shown = await toDevices(db, rows.slice(0, SUGGESTION_DEVICES));
  const types = [...new Set(rows.map((row) => row.type as DeviceType))];
  return {
    q,
    devices: shown.map((d) => ({
      id: d.id,
      name: d.name,
      price: d.price,
      image: d.images[d.defaultImageIndex] ?? d.images[0] ?? null,
    })),
    categories: types.map((type) => categoryLink(type, q)),
  };
}

/**
 * GET /api/devices/:id (a malformed id is simply not found). A device the admin took off sale is
 * still found, with inStock false, so its page can say it is not for sale rather than 404.
 */
export async function getDevice({ db, id }: { db: Database; id: string }): Promise<Device> {
  const device = await findDevice({ db, id });
  if (!device) throw notFound(DEVICE_NOT_FOUND, 'Device not found');
  return { ...device, provenance: await provenanceOf(db, device.id) };
}

export async function findDevice({ db, id }: { db: DbHandle; id: string }): Promise<Device | null> {
  if (!isUuid(id)) return null;
  const rows = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), kept))
    .limit(1);
  const [device] = await toDevices(db, rows);
  return device ?? null;
}

/** Take from `first`, then pad from `rest` (skipping repeats) until `size`. */
function fill(size: number, first: DeviceRow[], rest: DeviceRow[]): DeviceRow[] {
  const picked: DeviceRow[] = [];
  const seen = new Set<string>();
  for (const row of [...first, ...rest]) {
    if (picked.length >= size) break;
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    picked.push(row);
  }
  return picked;
}

/** GET /api/home: the eight sections of spec 000 'Home' with their counts and padding rules. */
export async function getHome({ db }: { db: Database }): Promise<HomeReply> {
  const newestCount = Math.max(...HOME_SECTIONS.map((s) => ('offset' in s ? s.offset : 0) + s.count)) + 4;
  const typed = HOME_SECTIONS.filter((s) => 'type' in s);
  const [newest, ...ofType] = await Promise.all([
    db
      .select()
      .from(devices)
      .where(listed)
      .orderBy(...byNewest)
      .limit(newestCount),
    ...typed.map((s) =>
      db
        .select()
        .from(devices)
        .where(and(listed, eq(devices.type, s.type)))
        .orderBy(...byNewest)
        .limit(s.count),
    ),
  ]);
  const rowsBySection = HOME_SECTIONS.map((section) => {
    if ('type' in section) return fill(section.count, ofType[typed.indexOf(section)] ?? [], newest);
    const offset = 'offset' in section ? section.offset : 0;
    return fill(section.count, newest.slice(offset, offset + section.count), newest);
  });
  const all = await toDevices(db, rowsBySection.flat());
  const byId = new Map(all.map((d) => [d.id, d]));
  return {
    sections: HOME_SECTIONS.map((section, i) => ({
      key: section.key,
      title: section.title,
      href: section.href,
      devices: rowsBySection[i]!.map((row) => byId.get(row.id)!),
    })),
  };
}

function isCollectionSlug(slug: string): slug is CollectionSlug {
  return Object.hasOwn(COLLECTIONS, slug);
}

/** GET /api/collections/:slug: devices of the collection's types, newest first, paged; with ?q= searched and ranked. */
export async function getCollection({
  db,
  slug,
  query,
}: {
  db: Database;
  slug: string;
  query: CollectionQuery;
}): Promise<CollectionReply> {
  if (!isCollectionSlug(slug)) throw notFound(COLLECTION_NOT_FOUND, 'Collection not found');
  const collection = COLLECTIONS[slug];
  const search = query.q ? await searchFor(db, query.q) : null;
  const where = and(
    listed,
    inArray(devices.type, [...collection.types]),
    search ? searchCondition(search) : undefined,
  )!;
  const [rows, total] = await Promise.all([
    pageOf(db, where, query, listingOrder('newest', search)),
    countListed(db, where),
  ]);
  return {
    slug,
    title: collection.title,
    items: await toDevices(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The header's Shop menu features one device of each of these lines (spec 000 'Header'). */
const FEATURED_NAMES = ['chromebook', 'elitebook', 'versapro'] as const;

/** GET /api/catalog/menu: three featured devices found by name (newest first) and the live laptop count. */
export async function getCatalogMenu({ db }: { db: Database }): Promise<CatalogMenuReply> {
  const [laptopCount, ...found] = await Promise.all([
    countListed(db, and(listed, eq(devices.type, 'laptop'))),
    ...FEATURED_NAMES.map((name) =>
      db
        .select()
        .from(devices)
        .where(and(listed, sql`lower(${devices.name}) like ${likeContains(name)}`))
        .orderBy(...byNewest)
        .limit(1),
    ),
  ]);
  const featured = await toDevices(
    db,
    found.flatMap((rows) => rows),
  );
  // The spec's menu has one Sale badge among its three cards, so only the largest discount carries it.
  const discounts = featured.map((d) => discountPercent(d.price, d.originalPrice) ?? 0);
  const saleIndex = discounts.indexOf(Math.max(...discounts));
  return {
    featured: featured.map((d, i) => ({
      id: d.id,
      name: d.name,
      price: d.price,
      originalPrice: d.originalPrice,
      image: d.images[d.defaultImageIndex] ?? d.images[0] ?? null,
      sale: i === saleIndex && discounts[i]! > 0,
    })),
    laptopCount,
  };
}

/** Every listed device id and its last change, a page at a time by primary key (the sitemap; order does not matter). */
export async function* listedDeviceIds({ db, batchSize = 5000 }: { db: Database; batchSize?: number }) {
  let after: string | null = null;
  for (;;) {
    const rows: Array<{ id: string; updatedAt: Date }> = await db
      .select({ id: devices.id, updatedAt: devices.updatedAt })
      .from(devices)
      .where(after ? and(listed, gt(devices.id, after)) : listed)
      .orderBy(asc(devices.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
