import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { clientKey } from './lib/client-key';
import { systemClock, type Clock } from './lib/clock';
import { registerCsrfGuard } from './lib/csrf';
import { registerRouteConfigCheck } from './lib/route-config';
import { registerErrorHandler } from './lib/errors';
import { registerKeyedLimits } from './lib/keyed-limits';
import { registerPathParamGuard } from './lib/path-params';
import { loggerOptions, registerAccessLog } from './lib/logging';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerAgentAdminRoutes, registerAgentPortalRoutes } from './modules/accounts/agent-routes';
import { registerAccountRoutes } from './modules/accounts/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerCatalogAdminRoutes } from './modules/catalog/admin-routes';
import { registerCatalogRoutes } from './modules/catalog/routes';
import { catalogHeads, registerSeoRoutes } from './modules/catalog/seo';
import { storefrontCatalog } from './modules/catalog/storefront';
import { registerChatRoutes } from './modules/chat/routes';
import { registerOrderAdminRoutes } from './modules/checkout/admin-order-routes';
import { registerPaymentAdminRoutes } from './modules/checkout/admin-payment-routes';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { registerContactRoutes } from './modules/contact/routes';
import { registerMailRoutes } from './modules/mail/routes';
import { registerOrderRoutes } from './modules/orders/routes';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerRepairRoutes } from './modules/repairs/routes';
import { repairHeads } from './modules/repairs/seo';
import { registerHealthRoutes } from './modules/health/routes';
import { registerImageRoutes } from './modules/images/routes';
import { registerReportRoutes } from './modules/reports/routes';
import { registerSpa } from './modules/spa/routes';
import { registerTrackingRoutes } from './modules/tracking/routes';
import { registerTradeInRoutes } from './modules/trade-ins/routes';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** JSON lines (the default) or readable lines for a terminal (config.ts: logFormat). */
  logFormat?: 'pretty' | 'json';
  /** Where JSON lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** The whole HTTP app, built from a config and a database: used by main.ts and by every API test. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  logger = true,
  logFormat = 'json',
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const trusted = config.TRUST_PROXY;
  // A hop count as proxy-addr reads one (Fastify's types omit the number form it accepts).
  const trustProxy = typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
  const app = Fastify({
    ...(logger ? loggerOptions(config, logFormat, logStream) : { logger: false }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy,
  });

  const context: AppContext = { config, db, clock };

  registerAccessLog(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerRouteConfigCheck(app);
  registerCsrfGuard(app);
  registerPathParamGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });
  registerKeyedLimits(app);

  // First: it resolves sessions and checks each route's declared access for every route after it.
  registerAccountRoutes(app, context);
  registerHealthRoutes(app, context);
  registerContactRoutes(app, context);
  registerCheckoutRoutes(app, context);
  registerPaymentAdminRoutes(app, context);
  registerMailRoutes(app, context);
  registerAuditRoutes(app, context);
  registerOrderRoutes(app, context);
  registerOrderAdminRoutes(app, context);
  registerAgentAdminRoutes(app, context);
  registerAgentPortalRoutes(app, context);
  registerReportRoutes(app, context);
  registerPaymentRoutes(app, context);
  registerChatRoutes(app, context);
  registerRepairRoutes(app, context);
  registerCatalogRoutes(app, context);
  registerCatalogAdminRoutes(app, context);
  registerImageRoutes(app, context);
  registerSeoRoutes(app, context);
  registerTradeInRoutes(app, context);
  registerTrackingRoutes(app, context);
  await registerSpa(app, context, {
    heads: { ...catalogHeads(context), ...repairHeads(context) },
    storefront: storefrontCatalog(context),
  });

  return app;
}
