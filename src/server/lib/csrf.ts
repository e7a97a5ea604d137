import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, ERROR_CODES } from '../../shared/errors';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Callers that are not our pages and prove themselves another way (a signature). */
const EXEMPT_PREFIXES = ['/api/payments/webhooks/'];

/**
 * A state-changing API request must carry `X-QuickBuy-Request: 1`. Browsers only let a page send a
 * custom header to another origin after a CORS preflight, which this server never grants, so only
 * our own pages can send it (DESIGN.md section 5).
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (request.headers[CSRF_HEADER] !== '1') {
      throw new AppError(ERROR_CODES.csrf, 'This request must come from the QuickBuy website', { status: 403 });
    }
  });
}
