import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import { isEmbedded, type Database } from './db/client';
import { clientKey } from './lib/client-key';
import { systemClock, type Clock } from './lib/clock';
import { registerCsrfGuard } from './lib/csrf';
import { registerRouteConfigCheck } from './lib/route-config';
import { registerErrorHandler } from './lib/errors';
import { registerKeyedLimits } from './lib/keyed-limits';
import { registerPathParamGuard } from './lib/path-params';
import { countInTable, rateLimitStore } from './lib/rate-limit-store';
import { loggerOptions, registerAccessLog } from './lib/logging';
import { createMetrics, registerRequestMetrics } from './lib/metrics';
import { createLifecycle, registerDraining, type Lifecycle } from './lib/shutdown';
import { registerSecurityHeaders } from './lib/security-headers';
import { findPeople, registerAccountRoutes, registerRoleGuard, registerSessionGuard } from './modules/accounts';
import { registerAgentRoutes } from './modules/agents';
import { registerAuditRoutes } from './modules/audit';
import {
  catalogHeads,
  registerCatalogAdminRoutes,
  registerCatalogRoutes,
  registerSeoRoutes,
  storefrontCatalog,
} from './modules/catalog';
import { registerChatRoutes } from './modules/chat';
import { registerCheckoutRoutes, registerOrderAdminRoutes, registerPaymentAdminRoutes } from './modules/checkout';
import { registerContactRoutes } from './modules/contact';
import { registerHealthRoutes } from './modules/health';
import { createImageBudgets, registerImageRoutes } from './modules/images';
import { registerMailRoutes } from './modules/mail';
import { registerMetricsRoutes } from './modules/metrics';
import { registerOrderRoutes } from './modules/orders';
import { registerPaymentRoutes } from './modules/payments';
import { registerAdminRepairRoutes, registerRepairRoutes, repairHeads } from './modules/repairs';
import { registerPrivacyRoutes } from './modules/privacy';
import { registerReportRoutes } from './modules/reports';
import { isReturnPhoto, registerReturnRoutes } from './modules/returns';
import { registerSpa } from './modules/spa';
import { registerTrackingRoutes } from './modules/tracking';
import { isTradeInPhoto, registerTradeInRoutes } from './modules/trade-ins';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Whether the instance is stopping: main.ts sets it at the stop signal; a new one (running) otherwise. */
  lifecycle?: Lifecycle;
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
  lifecycle = createLifecycle(),
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
    // Fastify answers a longer path parameter with a bare 414 before any route runs; a number pasted into
    // the track box (or a mangled link) reaches its route instead, whose schema says what is wrong with it.
    routerOptions: { maxParamLength: 2000 },
    trustProxy,
  });

  const context: AppContext = { config, db, clock };
  const metrics = createMetrics();
  const imageBudgets = createImageBudgets({ secondsPerAddress: config.IMAGE_CPU_SECONDS_PER_ADDRESS, clock });

  // In this order: the hooks and plugins every request meets; the session guard, then the role guard;
  // every module's routes; last the single-page app. A request meets them in the same order
  // (docs/architecture.md, the request path).
  registerAccessLog(app);
  registerRequestMetrics(app, metrics);
  registerDraining(app, lifecycle);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerRouteConfigCheck(app);
  registerCsrfGuard(app);
  registerPathParamGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Every key hashed before it is counted. On PostgreSQL every instance counts in one table, and in its own
  // memory when the table cannot count, never letting a request through uncounted (docs/decisions/059, 068);
  // PGlite is one process: memory.
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(app.log, isEmbedded(db) ? undefined : countInTable(db, app.log)),
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} seconds`,
    }),
  });
  registerKeyedLimits(app);

  // The guards, before any route: the session cookie becomes the request's session, then the matched
  // route's config.access is checked against that session's role.
  registerSessionGuard(app, context);
  registerRoleGuard(app);

  // Every module's routes, lowest layer first (docs/architecture.md, the modules and their layers). Each is
  // given the context and one object of what some modules need beyond it; each takes only what it names.
  // A seller's photos and a return's are private: served by their own modules' routes, never by /images/.
  const isPrivate = async (db: Database, id: string) => (await isTradeInPhoto(db, id)) || isReturnPhoto(db, id);
  const needs = { findPeople, isPrivate, imageBudgets, metrics, lifecycle };
  const moduleRoutes: ((app: FastifyInstance, context: AppContext, given: typeof needs) => void)[] = [
    registerAuditRoutes,
    registerMailRoutes,
    registerImageRoutes,
    registerAccountRoutes,
    registerPaymentRoutes,
    registerCatalogRoutes,
    registerCatalogAdminRoutes,
    registerSeoRoutes,
    registerContactRoutes,
    registerOrderRoutes,
    registerCheckoutRoutes,
    registerOrderAdminRoutes,
    registerPaymentAdminRoutes,
    registerRepairRoutes,
    registerAdminRepairRoutes,
    registerTradeInRoutes,
    registerReturnRoutes,
    registerAgentRoutes,
    registerTrackingRoutes,
    registerChatRoutes,
    registerReportRoutes,
    registerPrivacyRoutes,
    registerHealthRoutes,
    registerMetricsRoutes,
  ];
  for (const registerRoutes of moduleRoutes) registerRoutes(app, context, needs);

  // Last, the pages: the single-page app, whose not-found handler answers what no route took.
  await registerSpa(app, context, {
    heads: { ...catalogHeads(context), ...repairHeads(context) },
    storefront: storefrontCatalog(context),
    metrics,
  });

  return app;
}
