import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Fixed security headers, built once from the config and set on every reply. Helmet builds its
 * CSP per request, which was the largest single cost on a hot route (STACK-NOTES).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const paystack = config.PAYMENT_PROVIDER === 'paystack';
  const scriptSrc = ["'self'", ...(paystack ? [new URL(config.PAYSTACK_SCRIPT_URL).origin] : [])];
  const connectSrc = ["'self'", ...(paystack ? ['https://api.paystack.co'] : [])];
  const frameSrc = ['https://www.openstreetmap.org', ...(paystack ? ['https://checkout.paystack.com'] : [])];
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    // Radix and sonner set inline style attributes; no inline script is allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src ${frameSrc.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (config.PUBLIC_URL.startsWith('https://')) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }

  // A callback hook, not an async one: it runs on every reply and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
