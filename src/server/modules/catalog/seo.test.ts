import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { insertDevices } from '../../../../tests/support/devices';
import { tempFolder } from '../../../../tests/support/temp-folders';

const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8" /><title>QuickBuy</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>`;

let t: TestApp;
type Inserted = Awaited<ReturnType<typeof insertDevices>>[number];
let onSale: Inserted | undefined;
let soldOut: Inserted | undefined;
beforeAll(async () => {
  const webDir = tempFolder('quickbuy-web-');
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({
    WEB_DIST_DIR: webDir,
    PUBLIC_URL: 'https://quickbuy.example',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    STORE_CURRENCY: 'ZAR',
  });
  [onSale, soldOut] = await insertDevices(t.db, [
    {
      brand: 'HP',
      model: 'EliteBook 840 G8 <script>alert("x")</script>',
      type: 'laptop',
      price: 18999,
      originalPrice: 22999,
      condition: 'Excellent',
      description: 'Business laptop </script><b>"quoted"</b> & more',
      imageCount: 2,
    },
    { brand: 'Apple', model: 'iPhone 12', type: 'phone', price: 7499, quantity: 0, condition: 'New' },
    { brand: 'Dell', model: 'Gone', deletedAt: new Date('2026-02-01') },
  ]);
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });
const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};

describe('GET /device/:id (the page head)', () => {
  it('puts the device title, description and Open Graph tags into the HTML', async () => {
    const res = await page(`/device/${onSale!.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>HP EliteBook 840 G8 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | QuickBuy</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Business laptop &lt;/script&gt;&lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &amp; more" />',
    );
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(`<meta property="og:url" content="https://quickbuy.example/device/${onSale!.id}" />`);
    expect(html).toContain(
      `<meta property="og:image" content="https://quickbuy.example/images/${onSale!.imageIds[0]}" />`,
    );
    expect(html).toContain('<meta property="og:title" content="HP EliteBook 840 G8 &lt;script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    // The page's own description replaces the built one.
    expect(html).not.toContain('content="x"');
  });

  it('adds a JSON-LD Product with its offer, escaped so nothing closes the script element', async () => {
    const html = (await page(`/device/${onSale!.id}`)).body;
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(script).not.toContain('<');
    expect(script).toContain('\\u003c/script\\u003e');
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'HP EliteBook 840 G8 <script>alert("x")</script>',
      brand: { '@type': 'Brand', name: 'HP' },
      sku: onSale!.id,
      image: onSale!.imageIds.map((id) => `https://quickbuy.example/images/${id}`),
      description: 'Business laptop </script><b>"quoted"</b> & more',
      offers: {
        '@type': 'Offer',
        price: 18999,
        priceCurrency: 'ZAR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
  });

  it('says OutOfStock and NewCondition when they apply', async () => {
    const html = (await page(`/device/${soldOut!.id}`)).body;
    expect(jsonLd(html)).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock', itemCondition: 'https://schema.org/NewCondition' },
    });
    expect(html).toContain('<title>Apple iPhone 12 | QuickBuy</title>');
  });

  it('answers the app with a 404 status for an unknown, malformed or deleted device', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await page(`/device/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('application/ld+json');
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every indexed page and every listed device with absolute URLs', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://quickbuy.example/');
    expect(locs).toContain('https://quickbuy.example/buy');
    expect(locs).toContain('https://quickbuy.example/faq');
    expect(locs).not.toContain('https://quickbuy.example/admin');
    expect(locs).not.toContain('https://quickbuy.example/cart');
    expect(locs).toContain(`https://quickbuy.example/device/${onSale!.id}`);
    expect(locs).toContain(`https://quickbuy.example/device/${soldOut!.id}`);
    expect(locs.filter((l) => l!.includes('/device/'))).toHaveLength(2);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body.trim().endsWith('</urlset>')).toBe(true);
  });
});

describe('GET /robots.txt', () => {
  it('allows all, keeps private areas out and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /agent-dashboard',
        'Disallow: /account',
        'Disallow: /cart',
        'Disallow: /api/',
        '',
        'Sitemap: https://quickbuy.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('the page head, whatever a name holds', () => {
  it("keeps a '$&' or '$`' in a device's name as text, never pasting parts of index.html", async () => {
    const [odd] = await insertDevices(t.db, [{ brand: 'Acme', model: "Phone $& $` $' Co", type: 'phone' }]);
    const html = (await page(`/device/${odd!.id}`)).body;
    expect(html).toContain('<title>Acme Phone $&amp; $` $&#39; Co | QuickBuy</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
