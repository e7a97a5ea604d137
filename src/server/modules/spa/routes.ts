import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../shared/errors';
import { matchPage, type PageMeta } from '../../../shared/paths';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { isApiPath } from './api-path';

/** What a page puts in its <head> when the server sends it: a title, a description, and any extra tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Extra tags (Open Graph, JSON-LD), already escaped. */
  extra?: string;
}

/** Modules that know more about a page than its static title (the device page) register here. */
export type HeadResolver = (params: Record<string, string>, page: PageMeta) => Promise<PageHead | null>;

export interface SpaOptions {
  heads?: Record<string, HeadResolver>;
}

const HEAD_MARKER = /<title>[^<]*<\/title>/;

/**
 * Serves the built web app: hashed assets cached for a year (precompressed brotli and gzip beside
 * them), index.html never cached, and every non-API path answered with the app, 404 when no page
 * of the app matches so the app's 404 page comes with the right status.
 */
export async function registerSpa(app: FastifyInstance, { config }: AppContext, options: SpaOptions = {}) {
  const indexPath = path.join(config.WEB_DIST_DIR, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : null;

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

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const match = matchPage(pathname);
    let head: PageHead | null = match ? { title: match.page.title, description: match.page.description } : null;
    const resolver = match ? options.heads?.[match.page.pattern] : undefined;
    // A resolver answering null means the thing the path names does not exist: the app's 404, with a 404.
    if (match && resolver) head = await resolver(match.params, match.page);
    const found = match !== null && head !== null;
    // What the app needs to know of the store before any request: its currency, and whether payments are a test.
    const storeTags = [
      `<meta name="quickbuy-currency" content="${config.STORE_CURRENCY}" />`,
      `<meta name="quickbuy-payments" content="${config.PAYMENT_PROVIDER}" />`,
    ].join('\n    ');
    const html = withHead(indexHtml, head, storeTags);
    return reply
      .status(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
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
