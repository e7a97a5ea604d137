import type { FastifyInstance } from 'fastify';
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
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return done();
    if (request.headers[CSRF_HEADER] !== '1') {
      return done(new AppError(ERROR_CODES.csrf, 'This request must come from the QuickBuy website', { status: 403 }));
    }
    done();
  });
}
