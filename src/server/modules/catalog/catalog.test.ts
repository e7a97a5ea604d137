import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogMenuReply, CollectionReply, Device, DeviceListReply, HomeReply } from '../../../shared/catalog';
import { expectError } from '../../../../tests/support/errors';
import { createTestApp, send, type TestApp, useTestApp } from '../../../../tests/support/test-app';
import { invalidateCatalog } from './cache';
import { devices } from '../../db/schema';
import { insertDevices } from '../../../../tests/support/devices';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const names = (items: Array<{ name: string }>) => items.map((d) => d.name);

describe('GET /api/devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Oldest first: the listing shows them newest first.
    await insertDevices(t.db, [
      { brand: 'Apple', model: 'iPhone 13', type: 'phone', price: 9999 },
      { brand: 'Samsung', model: 'Galaxy S22', type: 'phone', price: 10000 },
      { brand: 'Dell', model: 'Latitude 5420', type: 'laptop', price: 19999 },
      { brand: 'HP', model: 'EliteBook 840 G8', type: 'laptop', price: 20000 },
      { brand: 'Huawei', model: 'MatePad 11', type: 'tablet', price: 7500 },
      { brand: 'Samsung', model: 'Crystal UHD 55', type: 'tv', price: 25000 },
      { brand: 'Logitech', model: 'MX Master 3 100%_wireless', type: 'accessory', price: 1500 },
      { brand: 'Apple', model: 'Gone Phone', type: 'phone', price: 4000, deletedAt: new Date('2026-02-01') },
    ]);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await get(t, `/api/devices${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<DeviceListReply>();
  };

  it('lists every listed device newest first with both totals and the default page', async () => {
    const body = await list('');
    expect(names(body.items)).toEqual([
      'Logitech MX Master 3 100%_wireless',
      'Samsung Crystal UHD 55',
      'Huawei MatePad 11',
      'HP EliteBook 840 G8',
      'Dell Latitude 5420',
      'Samsung Galaxy S22',
      'Apple iPhone 13',
    ]);
    expect(body).toMatchObject({ total: 7, filteredTotal: 7, page: 1, pageSize: 24 });
  });

  it('sends devices in the contract shape with image URLs in position order', async () => {
    const [created] = await insertDevices(t.db, [
      { brand: 'Apple', model: 'iPad Air', type: 'tablet', price: 12000, imageCount: 3, defaultImageIndex: 1 },
    ]);
    const body = await list('?q=ipad%20air');
    expect(body.items).toHaveLength(1);
    const device: Device = body.items[0]!;
    expect(device).toEqual({
      id: created!.id,
      name: 'Apple iPad Air',
      brand: 'Apple',
      type: 'tablet',
      model: 'iPad Air',
      condition: 'Good',
      storage: '128GB',
      ram: null,
      displaySize: null,
      batteryHealth: null,
      price: 12000,
      originalPrice: null,
      inStock: true,
      quantity: 1,
      description: null,
      images: created!.imageIds.map((id) => `/images/${id}`),
      defaultImageIndex: 1,
      addedDate: created!.createdAt.toISOString(),
    });
    expect(body.total).toBe(8);
    expect(body.filteredTotal).toBe(1);
  });

  it('leaves soft-deleted devices out of the list and the totals', async () => {
    const body = await list('?q=gone');
    expect(body.items).toEqual([]);
    expect(body.filteredTotal).toBe(0);
  });

  it('searches the brand in any case', async () => {
    expect(names((await list('?q=SAMSUNG')).items)).toEqual(['Samsung Crystal UHD 55', 'Samsung Galaxy S22']);
    expect(names((await list('?q=sAmS')).items)).toEqual(['Samsung Crystal UHD 55', 'Samsung Galaxy S22']);
  });

  it('searches a substring of the name in any case', async () => {
    expect(names((await list('?q=ELITEbook')).items)).toEqual(['HP EliteBook 840 G8']);
    expect(names((await list('?q=titude%2054')).items)).toEqual(['Dell Latitude 5420']);
  });

  it('treats % and _ in the search literally', async () => {
    expect(names((await list('?q=100%25')).items)).toEqual(['Logitech MX Master 3 100%_wireless']);
    expect(names((await list('?q=%25_w')).items)).toEqual(['Logitech MX Master 3 100%_wireless']);
    expect((await list('?q=%25%25')).items).toEqual([]);
    expect((await list('?q=_')).items.map((d) => d.brand)).toEqual(['Logitech']);
  });

  it('filters by category equal to the type', async () => {
    expect(names((await list('?category=laptop')).items)).toEqual(['HP EliteBook 840 G8', 'Dell Latitude 5420']);
    expect(names((await list('?category=tv')).items)).toEqual(['Samsung Crystal UHD 55']);
    expect((await list('?category=all')).filteredTotal).toBe(8);
  });

  it('filters by lowercase brand', async () => {
    expect(names((await list('?brand=hp')).items)).toEqual(['HP EliteBook 840 G8']);
    expect(names((await list('?brand=huawei')).items)).toEqual(['Huawei MatePad 11']);
  });

  it('puts 9999 under 10k and 10000 in 10k-20k', async () => {
    const under = await list('?price=under-10k');
    expect(under.items.map((d) => d.price)).toEqual([1500, 7500, 9999]);
    const middle = await list('?price=10k-20k');
    expect(middle.items.map((d) => d.price)).toEqual([12000, 19999, 10000]);
  });

  it('puts 19999 in 10k-20k and 20000 over 20k', async () => {
    const over = await list('?price=over-20k');
    expect(over.items.map((d) => d.price)).toEqual([25000, 20000]);
    expect((await list('?price=10k-20k')).items.map((d) => d.price)).toContain(19999);
  });

  it('combines filters', async () => {
    const body = await list('?q=s&category=phone&brand=samsung&price=10k-20k');
    expect(names(body.items)).toEqual(['Samsung Galaxy S22']);
    expect(body.filteredTotal).toBe(1);
    expect(body.total).toBe(8);
  });

  it('pages through the filtered list', async () => {
    const first = await list('?pageSize=3&page=1');
    const third = await list('?pageSize=3&page=3');
    const beyond = await list('?pageSize=3&page=4');
    expect(first.items).toHaveLength(3);
    expect(names(first.items)[0]).toBe('Apple iPad Air');
    expect(names(third.items)).toEqual(['Samsung Galaxy S22', 'Apple iPhone 13']);
    expect(beyond.items).toEqual([]);
    expect(third).toMatchObject({ page: 3, pageSize: 3, total: 8, filteredTotal: 8 });
  });

  it.each([
    ['category=watch', 'category', 'Unknown category'],
    ['brand=Apple', 'brand', 'Unknown brand'],
    ['brand=nokia', 'brand', 'Unknown brand'],
    ['price=cheap', 'price', 'Unknown price range'],
    ['page=0', 'page', 'Page must be a whole number from 1'],
    ['page=abc', 'page', 'Page must be a whole number from 1'],
    ['page=1.5', 'page', 'Page must be a whole number from 1'],
    ['pageSize=101', 'pageSize', 'Page size must be a whole number from 1 to 100'],
  ])('answers 400 naming the parameter for %s', async (query, field, message) => {
    const res = await get(t, `/api/devices?${query}`);
    expectError(res, 400, { code: 'VALIDATION_FAILED', message: `${field}: ${message}`, fields: { [field]: message } });
  });

  it('sends a weak ETag and a short public cache lifetime, and 304 when it matches', async () => {
    const res = await get(t, '/api/devices?category=phone');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(t, '/api/devices?category=phone', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(t, '/api/devices?category=phone', { 'if-none-match': 'W/"other"' });
    expect(other.statusCode).toBe(200);
  });

  it('sends a listing in brotli to a browser that accepts it, the same bytes under the same ETag to every one', async () => {
    const plain = await get(t, '/api/devices');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const [first, second] = [
      await get(t, '/api/devices', { 'accept-encoding': 'gzip, deflate, br' }),
      await get(t, '/api/devices', { 'accept-encoding': 'br' }),
    ];
    expect([first.headers['content-encoding'], first.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(plain.headers.etag);
  });

  it('shows a change at once when the writer invalidates the catalog, as checkout and payments do', async () => {
    expect((await list('?q=behind-the-back')).filteredTotal).toBe(0);
    // Written behind the app's back: the cached reply still answers...
    await t.db.insert(devices).values({
      name: 'Acer behind-the-back',
      brand: 'Acer',
      model: 'behind-the-back',
      type: 'laptop',
      condition: 'Good',
      price: 100,
    });
    expect((await list('?q=behind-the-back')).filteredTotal).toBe(0);
    // ...and an unrelated write (the contact form) leaves the cache alone...
    const contact = await send(t.app, 'POST', '/api/contact', {
      body: { name: 'A', email: 'a@example.com', subject: 'S', message: 'M', inquiryType: 'general' },
    });
    expect(contact.statusCode).toBe(201);
    expect((await list('?q=behind-the-back')).filteredTotal).toBe(0);
    // ...until a service that changed devices invalidates it.
    invalidateCatalog(t.db);
    expect((await list('?q=behind-the-back')).filteredTotal).toBe(1);
  });
});

describe('GET /api/devices/:id', () => {
  const t = useTestApp();

  it('answers one device', async () => {
    const [created] = await insertDevices(t.db, [{ brand: 'Dell', model: 'PowerEdge R740', type: 'server' }]);
    const res = await get(t, `/api/devices/${created!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created!.id, name: 'Dell PowerEdge R740', type: 'server' });
    expect(res.headers.etag).toMatch(/^W\//);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await get(t, '/api/devices/00000000-0000-4000-8000-000000000000');
    expectError(res, 404, { code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
  });

  it('answers 404, not 500, for a malformed id', async () => {
    const res = await get(t, '/api/devices/not-a-uuid');
    expectError(res, 404, { code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
  });

  it('answers 404 for a soft-deleted device', async () => {
    const [gone] = await insertDevices(t.db, [{ deletedAt: new Date('2026-03-01') }]);
    expect((await get(t, `/api/devices/${gone!.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/home', () => {
  const t = useTestApp();

  const home = async () => {
    const res = await get(t, '/api/home');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    return res.json<HomeReply>();
  };
  // The names of one home section's devices, in order.
  const sectionNames = (body: HomeReply, key: string) => names(body.sections.find((s) => s.key === key)!.devices);

  it('answers the eight sections, empty, with their titles and links', async () => {
    const body = await home();
    expect(body.sections.map((s) => [s.key, s.title, s.href, s.devices.length])).toEqual([
      ['trending', 'Trending Products', '/buy', 0],
      ['latest', 'Latest Products', '/buy', 0],
      ['bundles', 'Build Your Bundle', '/collections/bundles', 0],
      ['accessories', 'Accessories', '/collections/accessories', 0],
      ['phones', 'Phones & Tablets', '/collections/phones-tablets', 0],
      ['components', 'Components', '/collections/components', 0],
      ['servers', 'Servers', '/collections/servers', 0],
      ['switches', 'Switches', '/collections/switches', 0],
    ]);
  });

  it('fills trending with the first four and pads latest (offset 4) from the full list', async () => {
    // Six devices, oldest first: p1 ... p6; newest first they are p6 ... p1.
    await insertDevices(
      t.db,
      [1, 2, 3, 4, 5, 6].map((n) => ({ brand: 'Apple', model: `p${n}`, type: 'phone' as const })),
    );
    const body = await home();
    expect(sectionNames(body, 'trending')).toEqual(['Apple p6', 'Apple p5', 'Apple p4', 'Apple p3']);
    // Devices 4 and 5 of the list, padded from the start of the full list to four.
    expect(sectionNames(body, 'latest')).toEqual(['Apple p2', 'Apple p1', 'Apple p6', 'Apple p5']);
  });

  it('fills a type section with its type first, then pads with other devices', async () => {
    await insertDevices(t.db, [{ brand: 'Cisco', model: 'Catalyst 2960', type: 'switch' }]);
    const body = await home();
    expect(sectionNames(body, 'switches')).toEqual(['Cisco Catalyst 2960', 'Apple p6', 'Apple p5', 'Apple p4']);
    expect(sectionNames(body, 'bundles')).toEqual(['Cisco Catalyst 2960', 'Apple p6', 'Apple p5']);
    expect(sectionNames(body, 'phones')).toEqual(['Apple p6', 'Apple p5', 'Apple p4', 'Apple p3']);
    expect(sectionNames(body, 'latest')).toEqual(['Apple p3', 'Apple p2', 'Apple p1', 'Cisco Catalyst 2960']);
  });

  it('takes only its type when there are enough, newest first', async () => {
    await insertDevices(
      t.db,
      [1, 2, 3, 4, 5].map((n) => ({ brand: 'Dell', model: `PowerEdge ${n}`, type: 'server' as const })),
    );
    const body = await home();
    expect(sectionNames(body, 'servers')).toEqual([
      'Dell PowerEdge 5',
      'Dell PowerEdge 4',
      'Dell PowerEdge 3',
      'Dell PowerEdge 2',
    ]);
    expect(sectionNames(body, 'bundles')).toHaveLength(3);
  });
});

describe('GET /api/collections/:slug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDevices(t.db, [
      { brand: 'Apple', model: 'iPhone 13', type: 'phone' },
      { brand: 'Huawei', model: 'MatePad 11', type: 'tablet' },
      { brand: 'HP', model: 'EliteBook 840 G8', type: 'laptop' },
      { brand: 'Dell', model: 'OptiPlex 7090', type: 'desktop' },
      { brand: 'Logitech', model: 'MX Master 3', type: 'accessory' },
      { brand: 'NVIDIA', model: 'GeForce RTX 3060', type: 'component' },
      { brand: 'Dell', model: 'PowerEdge R740', type: 'server' },
      { brand: 'Cisco', model: 'Catalyst 2960', type: 'switch' },
      { brand: 'Samsung', model: 'Crystal UHD 55', type: 'tv' },
    ]);
  });
  afterAll(() => t.close());

  it.each([
    ['bundles', 'Bundles', ['HP EliteBook 840 G8']],
    ['laptops', 'Laptops', ['HP EliteBook 840 G8']],
    ['desktops', 'Desktops', ['Dell OptiPlex 7090']],
    ['accessories', 'Accessories', ['Logitech MX Master 3']],
    ['phones-tablets', 'Phones & Tablets', ['Huawei MatePad 11', 'Apple iPhone 13']],
    ['components', 'Components', ['NVIDIA GeForce RTX 3060']],
    ['servers', 'Servers', ['Dell PowerEdge R740']],
    ['switches', 'Switches', ['Cisco Catalyst 2960']],
  ])('maps %s to its device types', async (slug, title, expected) => {
    const res = await get(t, `/api/collections/${slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<CollectionReply>();
    expect(body).toMatchObject({ slug, title, total: expected.length, page: 1, pageSize: 48 });
    expect(names(body.items)).toEqual(expected);
    expect(res.headers.etag).toMatch(/^W\//);
  });

  it('pages a collection', async () => {
    const body = (await get(t, '/api/collections/phones-tablets?pageSize=1&page=2')).json<CollectionReply>();
    expect(names(body.items)).toEqual(['Apple iPhone 13']);
    expect(body.total).toBe(2);
  });

  it('answers 404 for an unknown slug', async () => {
    const res = await get(t, '/api/collections/watches');
    expectError(res, 404, { code: 'COLLECTION_NOT_FOUND', message: 'Collection not found' });
    expect((await get(t, '/api/collections/toString')).statusCode).toBe(404);
  });
});

describe('GET /api/catalog/menu', () => {
  const t = useTestApp();

  it('features the newest Chromebook, EliteBook and VersaPro and counts the laptops', async () => {
    await insertDevices(t.db, [
      { brand: 'Acer', model: 'Chromebook 314 (old)', type: 'laptop', price: 4000 },
      { brand: 'Acer', model: 'Chromebook 314', type: 'laptop', price: 4500, originalPrice: 6000 },
      { brand: 'HP', model: 'EliteBook 840 G8', type: 'laptop', price: 14000 },
      { brand: 'NEC', model: 'VersaPro VKT16', type: 'laptop', price: 8000 },
      { brand: 'Apple', model: 'iPhone 13', type: 'phone', price: 9000 },
      { brand: 'Dell', model: 'Latitude 5420', type: 'laptop', deletedAt: new Date('2026-02-02') },
    ]);
    const res = await get(t, '/api/catalog/menu');
    expect(res.statusCode).toBe(200);
    const body = res.json<CatalogMenuReply>();
    expect(body.laptopCount).toBe(4);
    expect(body.featured.map((f) => [f.name, f.price, f.originalPrice])).toEqual([
      ['Acer Chromebook 314', 4500, 6000],
      ['HP EliteBook 840 G8', 14000, null],
      ['NEC VersaPro VKT16', 8000, null],
    ]);
    expect(body.featured[0]!.image).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    expect(body.featured.map((f) => f.sale)).toEqual([true, false, false]);
  });

  it('gives the Sale badge to one card only, the largest discount, as the spec shows one', async () => {
    await insertDevices(t.db, [
      { brand: 'Acer', model: 'Chromebook 315', type: 'laptop', price: 5000, originalPrice: 5500 },
      { brand: 'HP', model: 'EliteBook 850 G8', type: 'laptop', price: 12000, originalPrice: 16000 },
      { brand: 'NEC', model: 'VersaPro VKT17', type: 'laptop', price: 8000 },
    ]);
    const body = (await get(t, '/api/catalog/menu')).json<CatalogMenuReply>();
    expect(body.featured.map((f) => [f.name, f.sale])).toEqual([
      ['Acer Chromebook 315', false],
      ['HP EliteBook 850 G8', true],
      ['NEC VersaPro VKT17', false],
    ]);
  });
});
