import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { forSale, type Device } from '../../../shared/catalog';
import { PAGES } from '../../../shared/pages';
import { paths } from '../../../shared/paths';
import { jsonForScript } from '../../../shared/script-json';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import type { HeadResolver, PageHead } from '../../lib/page-heads';
import { findDevice, listedDeviceIds } from './device-queries';

const DESCRIPTION_LENGTH = 160;
/** Pages behind a sign-in or private to one browser, and the API: robots.txt keeps crawlers out. */
const NOT_FOR_CRAWLERS = [paths.admin, paths.agentDashboard, paths.account, paths.cart, '/api/'];

export function absoluteUrl(publicUrl: string, pathname: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${pathname}`;
}

/** Pre-owned stock grades are used goods to search engines; 'New' and 'Refurbished' say so. */
function itemCondition(condition: string): string {
  const lower = condition.toLowerCase();
  if (lower === 'new') return 'https://schema.org/NewCondition';
  if (lower.includes('refurbished')) return 'https://schema.org/RefurbishedCondition';
  return 'https://schema.org/UsedCondition';
}

function shorten(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= DESCRIPTION_LENGTH ? clean : `${clean.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function deviceDescription(device: Device): string {
  const facts = [device.condition, device.storage, device.ram].filter(Boolean).join(', ');
  return shorten(
    device.description || `Buy the ${device.name} (${facts}) at QuickBuy, with warranty and free shipping.`,
  );
}

/** A page's canonical link, Open Graph and card tags, and its JSON-LD, for PageHead.extra (escaped). */
export function headTags(page: {
  title: string;
  description: string;
  url: string;
  type: 'product' | 'website';
  image?: string | null;
  jsonLd: unknown;
}): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
    meta('og:title', page.title),
    meta('og:description', page.description),
    meta('og:type', page.type),
    meta('og:url', page.url),
    ...(page.image ? [meta('og:image', page.image)] : []),
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>`,
  ].join('\n    ');
}

/** Title, description, Open Graph tags and a JSON-LD Product for the device page's HTML. */
function deviceHead(device: Device, options: { publicUrl: string; currency: string }): PageHead {
  const title = `${device.name} | QuickBuy`;
  const description = deviceDescription(device);
  const url = absoluteUrl(options.publicUrl, paths.device(device.id));
  const imagePath = device.images[device.defaultImageIndex] ?? device.images[0];
  const images = device.images.map((image) => absoluteUrl(options.publicUrl, image));
  const image = imagePath ? absoluteUrl(options.publicUrl, imagePath) : null;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: device.name,
    brand: { '@type': 'Brand', name: device.brand },
    model: device.model,
    sku: device.id,
    image: images,
    description,
    offers: {
      '@type': 'Offer',
      url,
      price: device.price,
      priceCurrency: options.currency,
      availability: forSale(device) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: itemCondition(device.condition),
    },
  };
  const extra = headTags({ title, description, url, type: 'product', image, jsonLd: product });
  return { title, description, extra };
}

/** Head resolvers for registerSpa: the device page's own title, description, Open Graph and JSON-LD. */
export function catalogHeads({ db, config }: AppContext): Record<string, HeadResolver> {
  return {
    '/device/:id': async (params) => {
      const device = await findDevice({ db, id: params.id ?? '' });
      return device ? deviceHead(device, { publicUrl: config.PUBLIC_URL, currency: config.STORE_CURRENCY }) : null;
    },
  };
}

const xml = (value: string) => escapeHtml(value);

/** GET /sitemap.xml (every indexed page and every listed device, streamed) and GET /robots.txt. */
export function registerSeoRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.get('/sitemap.xml', async (_request, reply) => {
    const url = (pathname: string, lastmod?: Date) =>
      `<url><loc>${xml(absoluteUrl(config.PUBLIC_URL, pathname))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;
    async function* body() {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      yield PAGES.filter((page) => page.indexed && !page.pattern.includes(':'))
        .map((page) => url(page.pattern))
        .join('');
      for await (const batch of listedDeviceIds({ db })) {
        yield batch.map((row) => url(paths.device(row.id), row.updatedAt)).join('');
      }
      yield '</urlset>\n';
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(Readable.from(body()));
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${absoluteUrl(config.PUBLIC_URL, '/sitemap.xml')}`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(lines.join('\n'));
  });
}
