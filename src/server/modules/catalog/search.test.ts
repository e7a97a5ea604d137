import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceListReply, SearchSuggestions } from '../../../shared/catalog';
import type { PagedReply } from '../../../shared/paging';
import type { Device } from '../../../shared/catalog';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { createTestApp, send, type TestApp } from '../../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Oldest first: without a search the listing shows them newest first.
  await insertDevices(t.db, [
    { brand: 'Samsung', model: 'Galaxy S21', type: 'phone', storage: '128GB', price: 8999 },
    { brand: 'Samsung', model: 'Galaxy S22', type: 'phone', storage: '256 GB', price: 10999 },
    { brand: 'Apple', model: 'iPhone 13 Pro Max', type: 'phone', storage: '256GB', price: 17999 },
    { brand: 'Apple', model: 'iPhone 13', type: 'phone', storage: '128GB', price: 12499, quantity: 0 },
    { brand: 'Apple', model: 'MacBook Air M1', type: 'laptop', storage: '256GB SSD', price: 21999 },
    { brand: 'Apple', model: 'AirPods Pro', type: 'accessory', storage: 'Wireless', price: 1999 },
    { brand: 'Huawei', model: 'MatePad 11', type: 'tablet', storage: '128GB', price: 8999 },
    { brand: 'Sony', model: 'PlayStation 5', type: 'component', storage: '825GB', price: 9999 },
    { brand: 'Samsung', model: 'Crystal UHD 55', type: 'tv', storage: 'Smart TV', price: 8499 },
    { brand: 'Dell', model: 'OptiPlex 7090', type: 'desktop', storage: '512GB SSD', price: 9999 },
    { brand: 'Apple', model: 'iPad Air', type: 'tablet', storage: '64GB', price: 11499 },
    { brand: 'Apple', model: 'Hidden Phone', type: 'phone', price: 4000, inStock: false },
    { brand: 'Apple', model: 'Gone Phone', type: 'phone', price: 4000, deletedAt: new Date('2026-02-01') },
  ]);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const search = async (query: string) => {
  const res = await get(`/api/devices?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<DeviceListReply>();
};
const found = async (q: string, more = '') =>
  (await search(`q=${encodeURIComponent(q)}${more}`)).items.map((device) => device.name);

describe('GET /api/devices?q= matches every word', () => {
  it('finds each word anywhere in the device, in any order', async () => {
    expect(await found('iphone apple')).toEqual(['Apple iPhone 13 Pro Max', 'Apple iPhone 13']);
    expect(await found('13 pro iphone')).toEqual(['Apple iPhone 13 Pro Max']);
    expect(await found('samsung s21 128gb')).toEqual(['Samsung Galaxy S21']);
  });

  it('reads a word as the start of a longer one while the shopper types', async () => {
    expect(await found('airpod')).toEqual(['Apple AirPods Pro']);
    expect(await found('gal')).toEqual(['Samsung Galaxy S22', 'Samsung Galaxy S21']);
    expect(await found('mac')).toEqual(['Apple MacBook Air M1']);
  });

  it('finds nothing when one word is in no device', async () => {
    const reply = await search('q=iphone%20zebra');
    expect(reply).toMatchObject({ items: [], filteredTotal: 0 });
  });

  it('reads "256gb" and "256 gb" as one word, whichever way the device writes it', async () => {
    expect(await found('galaxy 256 gb')).toEqual(['Samsung Galaxy S22']);
    expect(await found('galaxy 256gb')).toEqual(['Samsung Galaxy S22']);
    expect(await found('iphone 256 gb')).toEqual(['Apple iPhone 13 Pro Max']);
  });

  it('still finds whatever the substring of name or brand finds', async () => {
    expect(await found('e iphone 13 p')).toEqual(['Apple iPhone 13 Pro Max']);
    expect(await found('ung gal')).toEqual(['Samsung Galaxy S22', 'Samsung Galaxy S21']);
  });

  it('leaves out devices off sale and deleted', async () => {
    expect(await found('hidden')).toEqual([]);
    expect(await found('gone phone')).toEqual([]);
  });
});

describe('GET /api/devices?q= forgives typos', () => {
  it('one edit in a word of five letters or more, swaps of neighbours included', async () => {
    expect(await found('samsng s21')).toEqual(['Samsung Galaxy S21']);
    expect(await found('macbok')).toEqual(['Apple MacBook Air M1']);
    expect(await found('iphnoe 13 pro')).toEqual(['Apple iPhone 13 Pro Max']);
    expect(await found('huawie')).toEqual(['Huawei MatePad 11']);
  });

  it('two edits from nine letters', async () => {
    expect(await found('playstaion')).toEqual(['Sony PlayStation 5']);
    expect(await found('plaustaton')).toEqual(['Sony PlayStation 5']);
  });

  it('none in a short word, and never in a model number', async () => {
    expect(await found('s21')).toEqual(['Samsung Galaxy S21']);
    expect(await found('galaxy s22')).toEqual(['Samsung Galaxy S22']);
    expect(await found('sny')).toEqual([]);
    expect(await found('galaxy s23')).toEqual([]);
    expect(await found('s20')).toEqual([]);
  });
});

describe('GET /api/devices?q= knows the store words', () => {
  it('reads the synonyms of shared/search.ts', async () => {
    expect(await found('macbook')).toEqual(['Apple MacBook Air M1']);
    expect(await found('pc')).toEqual(['Dell OptiPlex 7090']);
    expect(await found('television')).toEqual(['Samsung Crystal UHD 55']);
    expect((await found('ipad'))[0]).toBe('Apple iPad Air');
    expect(await found('laptops')).toEqual(['Apple MacBook Air M1']);
  });

  it('a line name finds its brand, the line first', async () => {
    const galaxy = await found('galaxy');
    expect(galaxy.slice(0, 2)).toEqual(['Samsung Galaxy S22', 'Samsung Galaxy S21']);
    expect(galaxy).toContain('Samsung Crystal UHD 55');
  });
});

describe('GET /api/devices?q= ranks the best match first', () => {
  it('every word without a typo before a typo, whatever the sort', async () => {
    // The typo's device is newer and cheaper: only the rank puts the exact word's device first.
    await insertDevices(t.db, [{ brand: 'Generic', model: 'Sonicwave', type: 'accessory', price: 3000 }]);
    await insertDevices(t.db, [{ brand: 'Generic', model: 'Tonic', type: 'accessory', price: 200 }]);
    expect(await found('sonic')).toEqual(['Generic Sonicwave', 'Generic Tonic']);
    expect(await found('sonic', '&sort=price-asc')).toEqual(['Generic Sonicwave', 'Generic Tonic']);
  });

  it('every word without a typo before a typo', async () => {
    await insertDevices(t.db, [{ brand: 'Lenovo', model: 'Tablet Tab P11', type: 'tablet', price: 5000 }]);
    // "tablet" is exact for the Lenovo (model) and the iPad and MatePad (type); "tablets" reads as it too.
    const names = await found('tablet');
    expect(names[0]).toBe('Lenovo Tablet Tab P11');
  });

  it('the model before the brand and type', async () => {
    await insertDevices(t.db, [{ brand: 'Generic', model: 'Apple Cable', type: 'accessory', price: 100 }]);
    const names = await found('apple');
    expect(names[0]).toBe('Generic Apple Cable');
    expect(names.slice(1)).toContain('Apple iPhone 13');
  });

  it('in stock before sold out, then the shopper sort', async () => {
    expect(await found('iphone 13')).toEqual(['Apple iPhone 13 Pro Max', 'Apple iPhone 13']);
    expect(await found('samsung', '&sort=price-asc')).toEqual([
      'Samsung Crystal UHD 55',
      'Samsung Galaxy S21',
      'Samsung Galaxy S22',
    ]);
    expect(await found('samsung', '&sort=price-desc')).toEqual([
      'Samsung Galaxy S22',
      'Samsung Galaxy S21',
      'Samsung Crystal UHD 55',
    ]);
  });
});

describe('GET /api/devices?q= with filters and pages', () => {
  it('applies category, brand and price to the search, and counts what they leave', async () => {
    const phones = await search('q=apple&category=phone');
    expect(phones.items.map((d) => d.name)).toEqual(['Apple iPhone 13 Pro Max', 'Apple iPhone 13']);
    expect(phones.filteredTotal).toBe(2);
    const cheap = await search('q=samsung&price=under-10k');
    expect(cheap.items.map((d) => d.name).sort()).toEqual(['Samsung Crystal UHD 55', 'Samsung Galaxy S21']);
    expect(cheap.filteredTotal).toBe(2);
    const branded = await search('q=galaxy&brand=apple');
    expect(branded).toMatchObject({ items: [], filteredTotal: 0 });
  });

  it('pages through the ranked results without repeating one', async () => {
    const all = await search('q=apple&pageSize=100');
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.filteredTotal / 2); page++) {
      const reply = await search(`q=apple&pageSize=2&page=${page}`);
      expect(reply.filteredTotal).toBe(all.filteredTotal);
      pages.push(...reply.items.map((d) => d.id));
    }
    expect(pages).toEqual(all.items.map((d) => d.id));
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('is one cache entry for one search, whatever its case and spacing', async () => {
    const a = await get('/api/devices?q=Galaxy%20%20S21');
    const b = await get('/api/devices?q=galaxy%20s21');
    expect(a.headers.etag).toBe(b.headers.etag);
  });
});

describe('GET /api/devices?q= with hostile input', () => {
  it.each([
    ['only punctuation', '!!!...,,,'],
    ['%', '%'],
    ['_', '_'],
    ['backslashes', '\\\\\\'],
    ['an SQL fragment', "'; drop table devices; --"],
    ['emoji', '📱🍎'],
  ])('%s finds what the substring finds and no more', async (_label, q) => {
    expect(await search(`q=${encodeURIComponent(q)}`)).toMatchObject({ items: [], filteredTotal: 0 });
  });

  it.each([
    ['only punctuation', '!!!...,,,'],
    ['%', '%'],
    ['backslashes', '\\\\\\'],
    ['an SQL fragment', "'; drop table devices; --"],
    ['emoji', '📱🍎'],
  ])('%s is answered, not failed, by the suggestions and a collection', async (_label, q) => {
    const suggestions = await get(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json()).toEqual({ q, devices: [], categories: [] });
    const collection = await get(`/api/collections/phones-tablets?q=${encodeURIComponent(q)}`);
    expect(collection.statusCode).toBe(200);
    expect(collection.json()).toMatchObject({ items: [], total: 0 });
  });

  it('reads tsquery operators as the words between them', async () => {
    expect(await found('apple & !phone | (:*')).toEqual(await found('apple phone'));
    expect(await found("iphone' | 'samsung")).toEqual(await found('iphone samsung'));
  });

  it('takes a % or _ literally', async () => {
    await insertDevices(t.db, [{ brand: 'Logitech', model: 'Keys 100%_wireless', type: 'accessory', price: 900 }]);
    expect(await found('100%_')).toEqual(['Logitech Keys 100%_wireless']);
  });

  it('refuses a query of 300 characters', async () => {
    expectError(await get(`/api/devices?q=${'a'.repeat(300)}`), 400, {
      code: 'VALIDATION_FAILED',
      message: 'q: Search is at most 100 characters',
      fields: { q: 'Search is at most 100 characters' },
    });
  });

  it('refuses a query of 300 characters in the suggestions and a collection too', async () => {
    const refusal = {
      code: 'VALIDATION_FAILED',
      message: 'q: Search is at most 100 characters',
      fields: { q: 'Search is at most 100 characters' },
    };
    expectError(await get(`/api/search/suggestions?q=${'a'.repeat(300)}`), 400, refusal);
    expectError(await get(`/api/collections/laptops?q=${'a'.repeat(300)}`), 400, refusal);
  });

  it('refuses a NUL', async () => {
    expectError(await get('/api/devices?q=apple%00'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'q: Search must not contain control characters',
      fields: { q: 'Search must not contain control characters' },
    });
  });

  it('refuses an unknown sort', async () => {
    expectError(await get('/api/devices?sort=cheapest'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'sort: Unknown sort order',
      fields: { sort: 'Unknown sort order' },
    });
  });

  it('searches the first eight words of a long query', async () => {
    const long = 'iphone 13 pro max 256gb apple phone excellent with a case please';
    const res = await get(`/api/devices?q=${encodeURIComponent(long.slice(0, 100))}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/devices?q= that finds nothing', () => {
  it('offers the nearest query that finds something', async () => {
    const reply = await search('q=mackbokk');
    expect(reply).toMatchObject({ items: [], filteredTotal: 0, didYouMean: { q: 'macbook', text: 'MacBook' } });
  });

  it('offers nothing when no word is near', async () => {
    const reply = await search('q=zzzzqqqq');
    expect(reply).toMatchObject({ items: [], filteredTotal: 0, didYouMean: null });
  });
});

describe('GET /api/collections/:slug?q=', () => {
  it('searches within the collection, ranked, and counts what it finds', async () => {
    const res = await get('/api/collections/desktops?q=optiplx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, items: [{ name: 'Dell OptiPlex 7090' }] });
    const phones = (await get('/api/collections/phones-tablets?q=apple')).json<{ items: Device[] }>();
    expect(phones.items.map((d) => d.name)).toEqual(['Apple iPad Air', 'Apple iPhone 13 Pro Max', 'Apple iPhone 13']);
  });
});

describe('GET /api/search/suggestions', () => {
  it('answers the best six devices with their picture and the categories of the matches', async () => {
    const res = await get('/api/search/suggestions?q=apple');
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchSuggestions>();
    expect(body.q).toBe('apple');
    expect(body.devices).toHaveLength(6);
    expect(body.devices[0]).toEqual({
      id: expect.any(String),
      name: 'Generic Apple Cable',
      price: 100,
      image: expect.stringMatching(/^\/images\//),
    });
    expect(body.categories).toEqual(
      expect.arrayContaining([
        { label: 'Phones', href: '/buy?q=apple&category=phone' },
        { label: 'Laptops', href: '/buy?q=apple&category=laptop' },
        { label: 'Accessories', href: '/collections/accessories' },
      ]),
    );
  });

  it('answers nothing for nothing typed', async () => {
    const res = await get('/api/search/suggestions?q=');
    expect(res.json()).toEqual({ q: '', devices: [], categories: [] });
  });

  it('refuses a query the listing refuses', async () => {
    expectError(await get('/api/search/suggestions?q=a%00'), 400, {
      code: 'VALIDATION_FAILED',
      message: 'q: Search must not contain control characters',
      fields: { q: 'Search must not contain control characters' },
    });
  });
});

describe('GET /api/admin/devices?q=', () => {
  it('searches the inventory the same way, off-sale devices included', async () => {
    const admin = await signedInAdmin(t);
    const res = await send(t.app, 'GET', '/api/admin/devices?q=hiden%20phone', { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json<PagedReply<Device>>().items.map((d) => d.name)).toEqual(['Apple Hidden Phone']);
  });
});

describe('a device the admin changes', () => {
  it('is found by its new words at once', async () => {
    const admin = await signedInAdmin(t);
    const res = await send(t.app, 'POST', '/api/admin/devices', {
      cookie: admin.cookie,
      body: { brand: 'Nothing', model: 'Phone Zwei', type: 'phone', condition: 'Good', price: 7000 },
    });
    expect(res.statusCode).toBe(201);
    expect(await found('zwie')).toEqual([]);
    expect(await found('nothing zwei')).toEqual(['Nothing Phone Zwei']);
  });
});
