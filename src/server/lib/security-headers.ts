import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const CSP = 'content-security-policy';

/**
 * The Content-Security-Policy, built from the config. `scriptHash`: the SHA-256 (base64) of a server-rendered
 * page's boot script, which may then run (docs/decisions/112); no other inline script ever may.
 */
export function contentSecurityPolicy(config: Config, { scriptHash }: { scriptHash?: string } = {}): string {
  const paystack = config.PAYMENT_PROVIDER === 'paystack';
  const scriptSrc = [
    "'self'",
    ...(scriptHash ? [`'sha256-${scriptHash}'`] : []),
    ...(paystack ? [new URL(config.PAYSTACK_SCRIPT_URL).origin] : []),
  ];
  const connectSrc = ["'self'", ...(paystack ? ['https://api.paystack.co'] : [])];
  const frameSrc = ['https://www.openstreetmap.org', ...(paystack ? ['https://checkout.paystack.com'] : [])];
  return [
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
}

/**
 * Fixed security headers, built once from the config and set on every reply. Helmet builds its
 * CSP per request, which was the largest single cost on a hot route (docs/decisions/003).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const csp = contentSecurityPolicy(config);
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (config.onHttps) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }

  // A callback hook, not an async one: it runs on every reply and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    // A server-rendered page set its own, allowing its boot script by hash. A 304 carries none: the
    // browser keeps the policy stored with the page it revalidated.
    if (!reply.hasHeader(CSP) && reply.statusCode !== 304) reply.header(CSP, csp);
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
