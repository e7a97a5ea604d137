import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, ERROR_CODES } from '../../shared/errors';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request must carry `X-QuickBuy-Request: 1`. Browsers only let a page send a
 * custom header to another origin after a CORS preflight, which this server never grants, so only
 * our own pages can send it (docs/decisions/003). Decided by the route the request matched (its
 * `config.csrf`), so no spelling of the URL skips it; a request that matches no route is checked too.
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const { csrf } = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method) || csrf === false) return done();
    if (csrf === 'same-origin' ? !postedFromHere(request) : request.headers[CSRF_HEADER] !== '1') {
      return done(new AppError(ERROR_CODES.csrf, 'This request must come from the QuickBuy website', { status: 403 }));
    }
    done();
  });
}

/**
 * A form our page posted without JavaScript (docs/decisions/054): browsers send Origin with every POST and
 * another site cannot forge it, so it must name this server's host; Sec-Fetch-Site, where the browser sends
 * it, must say the same. No Origin at all is refused: every browser that runs the store sends one.
 * The host is the Host header the request came with, never Fastify's `request.host`, which behind a trusted
 * proxy is X-Forwarded-Host: a header a client can send, and a proxy may pass on unless told otherwise.
 */
function postedFromHere(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  try {
    return new URL(request.headers.origin ?? '').host === request.headers.host;
  } catch {
    return false;
  }
}
