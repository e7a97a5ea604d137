import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalog } from '../catalog/cache';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { insertDevices } from '../../../../tests/support/devices';
import { ensureWebBuild, WEB_BUILD } from '../../../../tests/support/web-build';

// The storefront rendered on the server (docs/decisions/032), through the built render entry.

let t: TestApp;
type Inserted = Awaited<ReturnType<typeof insertDevices>>[number];
let phones: Inserted[];
let laptop: Inserted;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp(WEB_BUILD);
  // 15 phones: 12 on the first page of /buy?category=phone, the 3 oldest on the second.
  phones = await insertDevices(
    t.db,
    Array.from({ length: 15 }, (_, i) => ({ brand: 'Samsung', model: `Galaxy A${10 + i}`, type: 'phone' as const })),
  );
  laptop = (
    await insertDevices(t.db, [
      { brand: 'HP', model: 'EliteBook <script>alert("x")</script>', type: 'laptop', price: 18999, imageCount: 1 },
    ])
  )[0]!;
}, 300_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The SHA-256 the reply's CSP allows an inline script by. */
const allowedHash = (res: Awaited<ReturnType<typeof get>>) =>
  /script-src 'self' 'sha256-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

/** The text of the script that starts the app's code. */
function bootScriptOf(body: string): string | undefined {
  return /<script>(\(\(\) => \{[\s\S]*?)<\/script>/.exec(body)?.[1];
}

describe('GET / (server-rendered)', () => {
  it('sends the home page with its heading and devices, and the data for hydration', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/<h1[^>]*>Shop Smarter Today!<\/h1>/);
    expect(res.body).toContain('Trending Products');
    expect(res.body).toContain(phones.at(-1)!.name);
    expect(res.body).toContain('<script type="application/json" id="quickbuy-page">');
    // Nobody is signed in: the header's Login/SignUp is in the page already.
    expect(res.body).toContain('Login/SignUp');
    // The app's code starts from the boot script, the page's own chunk preloaded beside the
    // entry; no script tag of the shell fetches it before the page has painted (docs/decisions/036).
    expect(bootScriptOf(res.body)).toMatch(/"\/assets\/home-page-[\w-]+\.js"/);
    expect(bootScriptOf(res.body)).toMatch(/src: "\/assets\/index-[\w-]+\.js"/);
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
  });

  it('allows the boot script by its hash in the Content-Security-Policy, and no other inline script', async () => {
    for (const url of ['/', '/buy', `/device/${phones[0]!.id}`]) {
      const res = await get(url);
      const script = bootScriptOf(res.body)!;
      expect(allowedHash(res), url).toBe(createHash('sha256').update(script).digest('base64'));
      // The only inline script is the boot script: the page's data is a JSON data block, never run.
      expect(res.body.match(/<script>/g), url).toHaveLength(1);
      expect(res.body.match(/<script(?![^>]*(type="module"|type="application\/(ld\+)?json"))[^>]/g), url).toBeNull();
      expect(res.body, url).not.toContain('nonce');
    }
    // Pages whose preloads differ have boot scripts, hence hashes, of their own.
    expect(allowedHash(await get('/buy'))).not.toBe(allowedHash(await get('/')));
  });
});

describe('GET /buy (server-rendered)', () => {
  it('renders the filtered second page from the query, with links to the other pages', async () => {
    const res = await get('/buy?category=phone&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Buy Quality Devices<\/h1>/);
    expect(res.body).toMatch(/Page <!-- -->2<!-- --> of <!-- -->2/);
    for (const phone of phones.slice(0, 3)) expect(res.body).toContain(phone.name);
    for (const phone of phones.slice(3)) expect(res.body).not.toContain(`>${phone.name}<`);
    expect(res.body).toContain('href="/buy?category=phone"');
    expect(bootScriptOf(res.body)).toMatch(/"\/assets\/buy-page-[\w-]+\.js"/);
    expect(res.body).not.toContain(laptop.name);
  });

  it('renders the filters as a GET form that works without JavaScript', async () => {
    const res = await get('/buy?category=phone');
    expect(res.body).toMatch(/<form [^>]*action="\/buy" method="get">/);
    expect(res.body).toMatch(/<select[^>]*name="category"/);
    expect(res.body).toMatch(/<option value="phone" selected="">Phones<\/option>/);
    expect(res.body).toContain('<noscript>');
  });

  it('redirects a page past the end to the last page', async () => {
    const res = await get('/buy?category=phone&page=9');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/buy?category=phone&page=2');
  });

  it('redirects a collection page past the end to its last page (48 a page: the one page)', async () => {
    const res = await get('/collections/phones-tablets?page=99');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/collections/phones-tablets');
  });
});

/** How many pages the app has rendered, each a miss of the page cache (GET /metrics, from this machine). */
async function renders(): Promise<number> {
  const line = (await get('/metrics')).body.split('\n').find((l) => l.startsWith('quickbuy_page_renders_total '));
  return Number(line?.split(' ')[1]);
}

describe('the page cache: a page is rendered and kept by the query parameters it reads', () => {
  it('renders /buy once for 50 parameters it does not read, each sent the same page', async () => {
    invalidateCatalog(t.db);
    const before = await renders();
    const bodies: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await get(`/buy?utm_source=mail${i}&junk${i}=${'x'.repeat(i + 1)}`);
      expect(res.statusCode).toBe(200);
      bodies.push(res.body);
    }
    expect(await renders()).toBe(before + 1);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toMatch(/junk|utm_source|mail\d/);
    expect((await get('/buy')).body).toBe(bodies[0]);
    expect(await renders()).toBe(before + 1);
  });

  it('renders a page with a parameter it reads as its own, whatever the order, spelling or company of its parameters', async () => {
    invalidateCatalog(t.db);
    const before = await renders();
    const second = await get('/buy?page=2&tracking=1&category=phone');
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatch(/Page <!-- -->2<!-- --> of <!-- -->2/);
    for (const phone of phones.slice(0, 3)) expect(second.body).toContain(phone.name);
    expect(second.body).not.toContain('HP EliteBook');
    // The links keep the parameters the page reads, not the others.
    expect(second.body).toContain('href="/buy?category=phone"');
    expect(second.body).not.toContain('tracking=1');
    // The same filters in another order, with a default spelled out, are the same page.
    expect((await get('/buy?category=phone&brand=all&page=2')).statusCode).toBe(200);
    expect(await renders()).toBe(before + 1);

    const laptops = await get('/buy?category=laptop&ref=ad');
    expect(laptops.body).toContain('HP EliteBook &lt;script&gt;');
    expect(laptops.body).not.toContain(phones[0]!.name);
    expect(await renders()).toBe(before + 2);

    // /contact reads its notice (the form posted without JavaScript), and nothing else.
    expect((await get('/contact?notice=sent')).body).toContain('Thank you for your message!');
    expect((await get('/contact?notice=made-up&x=1')).body).not.toContain('Thank you for your message!');
    expect((await get('/contact')).statusCode).toBe(200);
    expect(await renders()).toBe(before + 4);
  });
});

describe('GET /device/:id (server-rendered)', () => {
  it('renders the device with its name escaped in the page and in the hydration data', async () => {
    const res = await get(`/device/${laptop.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<h1 class="text-3xl font-bold text-slate-900">HP EliteBook &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h1>',
    );
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('\\u003cscript\\u003ealert');
    expect(res.body).toContain('<title>HP EliteBook &lt;script&gt;');
    expect(bootScriptOf(res.body)).toMatch(/"\/assets\/device-page-[\w-]+\.js"/);
  });

  it('answers a device that does not exist with a 404 page saying so', async () => {
    const res = await get('/device/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<h1[^>]*>Device not found<\/h1>/);
  });
});

describe('rendered pages and caches', () => {
  it('answers a repeat visit with a 304 while the page is unchanged, and a 200 after a catalog change', async () => {
    const first = await get('/buy');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const again = await get('/buy', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The browser keeps the policy stored with its copy.
    expect(again.headers['content-security-policy']).toBeUndefined();

    await insertDevices(t.db, [{ brand: 'Apple', model: 'iPhone 16', type: 'phone' }]);
    invalidateCatalog(t.db);
    const changed = await get('/buy', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Apple iPhone 16');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('leaves the session to the browser when a session cookie comes', async () => {
    const res = await get('/', { cookie: 'qb_session=whoever' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Shop Smarter Today!<\/h1>/);
    expect(res.body).not.toContain('Login/SignUp');
    expect(res.body).not.toContain('"queryKey":["session"]');
  });

  it('sends a page in the encoding a browser accepts, the same bytes in every reply', async () => {
    const plain = (await get('/')).body;
    for (const [accepted, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const [first, second] = [
        await get('/', { 'accept-encoding': accepted }),
        await get('/', { 'accept-encoding': accepted }),
      ];
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toContain('accept-encoding');
      expect(decode(first.rawPayload).toString()).toBe(plain);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    const asIs = await get('/', { 'accept-encoding': 'identity' });
    expect(asIs.headers['content-encoding']).toBeUndefined();
    expect(asIs.body).toBe(plain);
  });

  it('sends the frame of the pages the browser renders alone, with a notice that they need JavaScript', async () => {
    for (const url of ['/cart', '/auth', '/login', '/account', '/order-confirmation/QB-123?token=abc', '/admin']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      // The frame (header, footer) and, for a browser without JavaScript, the notice with a link that works.
      expect(res.body, url).toMatch(/<header[^>]*>/);
      expect(res.body, url).toMatch(/<footer[^>]*>/);
      expect(res.body, url).toMatch(/<noscript><h1[^>]*>This page needs JavaScript<\/h1>/);
      expect(res.body, url).toMatch(/<a[^>]*href="\/buy"[^>]*>Browse devices<\/a>/);
      // The shell's entry script: the browser renders the page over the frame, with no data to hydrate.
      expect(res.body, url).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(res.body, url).not.toContain('quickbuy-page');
    }
  });

  it('renders the 404 page inside the frame with its 404 status', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/);
    expect(res.body).toMatch(/<footer[^>]*>/);
    expect(res.body).not.toContain('This page needs JavaScript');
  });

  it('gives every page the links of the header menus for a browser without JavaScript', async () => {
    for (const url of ['/', '/faq', '/cart', '/no-such-page']) {
      const body = (await get(url)).body;
      const bar = /<noscript><nav aria-label="Shop and company"[\s\S]*?<\/noscript>/.exec(body)?.[0] ?? '';
      expect(bar, url).toContain('href="/buy"');
      expect(bar, url).toContain('href="/collections/laptops"');
      expect(bar, url).toContain('href="/faq"');
      // Outside the root React hydrates.
      expect(body.indexOf(bar), url).toBeLessThan(body.indexOf('<div id="root">'));
    }
  });

  it("tells a browser without JavaScript which of a page's buttons need it, outside the root React hydrates", async () => {
    for (const [url, words] of [
      ['/sell', 'Getting a quote for your device needs JavaScript'],
      ['/repairs', 'Booking a repair needs JavaScript'],
      ['/buy', 'Add to Cart, Buy Now and the image arrows need JavaScript'],
    ] as const) {
      const body = (await get(url)).body;
      const notice = /<noscript><p role="note"[^>]*>([^<]*)<\/p><\/noscript>/.exec(body);
      expect(notice?.[1], url).toContain(words);
      expect(body.indexOf(notice![0]), url).toBeLessThan(body.indexOf('<div id="root">'));
    }
    expect((await get('/faq')).body).not.toContain('role="note"');
  });

  it('redirects the old policy paths to their pages', async () => {
    const res = await get('/return-policy');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/returns');
  });

  it('renders every FAQ answer in the page as sent, each in a details element', async () => {
    const body = (await get('/faq')).body;
    expect(body).toMatch(/<details[^>]*><summary[^>]*>How much does shipping cost\?/);
    expect(body).toContain('Standard shipping is R99 for orders under R500 and free over R500');
  });

  it('sends the shell for a search the API refuses (a NUL in q): the browser then shows the refusal', async () => {
    const res = await get('/buy?q=phone%00');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
