import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors';
import { matchPage } from '../../../shared/pages';
import type { BuildManifest, CreateStorefrontRenderer, StorefrontRenderer } from '../../../shared/server-render';
import type { AppContext } from '../../context';
import { compressFor } from '../../lib/compress';
import { notFound } from '../../lib/errors';
import { matchesEtag } from '../../lib/etag';
import { escapeHtml } from '../../lib/html';
import type { HeadResolver, PageHead } from '../../lib/page-heads';
import type { StoreMetrics } from '../../lib/metrics';
import { contentSecurityPolicy } from '../../lib/security-headers';
import { SESSION_COOKIE } from '../accounts';
import type { StorefrontCatalog } from '../catalog';
import { isApiPath } from './api-path';

interface SpaOptions {
  heads?: Record<string, HeadResolver>;
  /** The catalog the server-rendered pages read, and the cache they are kept in. */
  storefront?: StorefrontCatalog;
  /** Where each render is counted. */
  metrics?: Pick<StoreMetrics, 'pageRenders'>;
}

const HEAD_MARKER = /<title>[^<]*<\/title>/;
const ROOT_MARKER = '<div id="root"></div>';
/** The shell's entry script: a rendered page starts the same code from its own script instead (docs/decisions/036). */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*><\/script>/;

/**
 * A rendered page as the cache keeps it: a document with its Content-Security-Policy (which allows the boot
 * script, its one inline script, by hash), or a redirect.
 */
interface RenderedPage {
  status: number;
  html?: string;
  policy?: string;
  location?: string;
}

/**
 * A cached page read once: its status, redirect, policy, and document encoded as UTF-8, so a reply from the
 * cache sends the same bytes every time (no parse of the cached JSON and no encoding of a 100 KB string on
 * every send: that was three quarters of a hit's cost), compressed once per encoding (compressFor). Kept
 * beside the cache's own entry, counted in its bound, and gone with it.
 */
interface ReadyPage {
  status: number;
  location?: string;
  bytes?: Buffer;
  policy?: string;
}
type CachedPage = Awaited<ReturnType<StorefrontCatalog['cachedPage']>>;
const readyPages = new WeakMap<CachedPage, ReadyPage>();

function readyPageOf(cached: CachedPage): ReadyPage {
  let ready = readyPages.get(cached);
  if (!ready) {
    const page = JSON.parse(cached.body) as RenderedPage;
    ready = {
      status: page.status,
      location: page.location,
      bytes: page.html === undefined ? undefined : Buffer.from(page.html),
      policy: page.policy,
    };
    readyPages.set(cached, ready);
    if (ready.bytes) cached.keep(ready.bytes.length);
  }
  return ready;
}

/** The page's data failed: send the shell (the browser tries itself), and keep nothing. */
class ShellInstead extends Error {}

/**
 * The storefront's render entry (built by `vite build --ssr`, docs/decisions/032), imported by path so the
 * server's sources never import the web's; null when it is not built (pages are then rendered by the browser).
 */
async function loadRenderer(
  entry: string,
  webDir: string,
  storefront: StorefrontCatalog | undefined,
  currency: AppContext['config']['STORE_CURRENCY'],
): Promise<StorefrontRenderer | null> {
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  if (!storefront || !existsSync(entry) || !existsSync(manifestPath)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { createStorefrontRenderer: CreateStorefrontRenderer };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  return module.createStorefrontRenderer({ data: storefront.data, currency, manifest });
}

/**
 * Serves the built web app: hashed assets cached for a year (precompressed brotli and gzip beside
 * them), and every non-API path answered with a page, 404 when no page of the app matches so the
 * app's 404 page comes with the right status. Every page is rendered here (renderPage): the storefront's
 * whole, to be hydrated; the others' frame, for the browser to render over. The shell, never cached, is
 * what a page gets when its data failed or the render entry is not built.
 */
export async function registerSpa(app: FastifyInstance, { config }: AppContext, options: SpaOptions = {}) {
  const indexPath = path.join(config.WEB_DIST_DIR, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : null;
  const renderedHtml = indexHtml?.replace(ENTRY_SCRIPT, '');
  const renderer =
    indexHtml?.includes(ROOT_MARKER) && ENTRY_SCRIPT.test(indexHtml) && options.storefront
      ? await loadRenderer(config.WEB_SSR_ENTRY, config.WEB_DIST_DIR, options.storefront, config.STORE_CURRENCY)
      : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // What the app needs to know of the store before any request: its currency, and whether payments are a test.
  const storeTags = [
    `<meta name="quickbuy-currency" content="${config.STORE_CURRENCY}" />`,
    `<meta name="quickbuy-payments" content="${config.PAYMENT_PROVIDER}" />`,
  ].join('\n    ');

  /** The page's head (its own title, description and tags) and its status: 404 when nothing is there. */
  async function headOf(pathname: string): Promise<{ head: PageHead | null; status: number }> {
    const match = matchPage(pathname);
    let head: PageHead | null = match ? { title: match.page.title, description: match.page.description } : null;
    const resolver = match ? options.heads?.[match.page.pattern] : undefined;
    // A resolver answering null means the thing the path names does not exist: the app's 404, with a 404.
    if (match && resolver) head = await resolver(match.params, match.page);
    return { head, status: match !== null && head !== null ? 200 : 404 };
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply, html: string) {
    const { head, status } = await headOf(request.url.split('?')[0] ?? '/');
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withHead(html, head, storeTags));
  }

  /** A storefront page rendered with React, its data read straight from the catalog's services. */
  async function renderPage(url: string, signedIn: boolean): Promise<RenderedPage> {
    options.metrics?.pageRenders.inc();
    const result = await renderer!.render({ url, signedIn });
    if (result.kind === 'shell') throw new ShellInstead();
    if (result.kind === 'redirect') return { status: result.status, location: result.location };
    const { head, status } = await headOf(url.split('?')[0] ?? '/');
    // A page the browser renders alone (a frame) keeps the shell's entry script; a hydrated one starts its own.
    const [shell, scripts] =
      result.kind === 'frame'
        ? [indexHtml!, '']
        : [renderedHtml!, `${result.data}<script>${result.bootScript}</script>`];
    const document = withHead(shell, head, storeTags).replace(
      ROOT_MARKER,
      // A function, so `$&` in a device's name is text, not a pattern.
      () => `${result.noscript}<div id="root">${result.html}</div>${scripts}`,
    );
    const scriptHash =
      result.kind === 'page' ? createHash('sha256').update(result.bootScript).digest('base64') : undefined;
    return { status, html: document, policy: contentSecurityPolicy(config, { scriptHash }) };
  }

  /**
   * The page from the cache, or rendered once for every request asking at the same moment: the same bytes
   * for every reply, compressed once. `private, no-cache`: whether a session cookie came changes the page
   * (the header's links), which a shared cache would not see; the browser revalidates by ETag and gets a
   * 304 while the page is unchanged (docs/decisions/032, 112).
   */
  async function sendRendered(request: FastifyRequest, reply: FastifyReply) {
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    // Rendered from, and kept under, the path and the parameters its page reads: a parameter it does not
    // read (a tracker's, or one made up per request) shares the entry instead of rendering and filling the
    // cache once each, and cannot change the page.
    const url = renderer!.pageUrl(request.url);
    const key = `${signedIn ? 'session' : 'anonymous'}:${url}`;
    const cached = await options.storefront!.cachedPage(key, () => renderPage(url, signedIn));
    const page = readyPageOf(cached);
    if (page.location) return reply.redirect(page.location, page.status);
    const etag = page.status === 200 ? cached.etag : null;
    if (etag && matchesEtag(request.headers['if-none-match'], etag)) {
      return reply.status(304).header('etag', etag).header('cache-control', 'private, no-cache').send();
    }
    const body = await compressFor(request, reply, page.bytes!, cached.keep);
    if (etag) reply.header('etag', etag);
    return reply
      .status(page.status)
      .header('cache-control', 'private, no-cache')
      .header('content-security-policy', page.policy!)
      .type('text/html; charset=utf-8')
      .send(body);
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    if (renderer) {
      try {
        return await sendRendered(request, reply);
      } catch (error) {
        if (!(error instanceof ShellInstead)) request.log.error({ err: error }, 'server render failed: sent the shell');
      }
    }
    return sendShell(request, reply, indexHtml);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url) || !['GET', 'HEAD'].includes(request.method)) {
      throw notFound(ERROR_CODES.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    return sendApp(request, reply);
  });
}

/** The page's own title and description (and the store's currency and payment mode) in the sent HTML. */
function withHead(html: string, head: PageHead | null, storeTags: string): string {
  if (!head) return html.replace(HEAD_MARKER, (title) => `${title}\n    ${storeTags}`);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    storeTags,
    head.extra ?? '',
  ].join('\n    ');
  // A function, so a `$&` in a device's name is text, not a pattern pasting the matched title.
  return html.replace(/<meta name="description"[^>]*>\s*/, '').replace(HEAD_MARKER, () => tags);
}
