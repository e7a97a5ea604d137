import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The store's figures for Prometheus (GET /metrics, modules/metrics): one registry per app, since the
 * tests build several apps in one process, never prom-client's global one. Counters are counted
 * where their event happens; what the database holds (the outbox, held units) and the pool are
 * gauges the metrics module reads at scrape time.
 */
export interface StoreMetrics {
  registry: Registry;
  /** Every reply: its route pattern (never the raw URL, whose ids would make a series each), status and time. */
  requests: Histogram<'method' | 'route' | 'status_code'>;
  /** Orders marked paid, counted once after the commit that marks them. */
  paidOrders: Counter;
  /** POST /api/checkout refused, by the error code of the refusal (OUT_OF_STOCK, HOLD_LIMIT, RATE_LIMITED...). */
  checkoutRefusals: Counter<'reason'>;
  /** Pages rendered on the server: each a miss of the page cache (docs/decisions/032), tens of milliseconds of CPU. */
  pageRenders: Counter;
}

/** The route label of a request no route matched: the spa module's pages (its not-found handler renders them) and 404s. */
export const NO_ROUTE = '(pages and 404)';

/** The process's own figures (CPU, memory, event-loop lag, GC, handles): one set, whichever app reports them. */
let processRegistry: Registry | undefined;

export function createMetrics(): StoreMetrics {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    requests: new Histogram({
      name: 'quickbuy_http_request_duration_seconds',
      help: 'Time from request to reply, by method, route pattern and status; _count is the number of requests',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    paidOrders: new Counter({ name: 'quickbuy_orders_paid_total', help: 'Orders marked paid', registers }),
    checkoutRefusals: new Counter({
      name: 'quickbuy_checkout_refusals_total',
      help: 'Checkouts refused, by the error code of the refusal',
      labelNames: ['reason'],
      registers,
    }),
    pageRenders: new Counter({
      name: 'quickbuy_page_renders_total',
      help: 'Pages rendered on the server, each a miss of the page cache',
      registers,
    }),
  };
}

/** The Prometheus text of the process's figures and the app's. */
export async function metricsText(metrics: StoreMetrics): Promise<string> {
  return `${await processRegistry!.metrics()}\n${await metrics.registry.metrics()}`;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Times every reply by its route pattern; a callback hook, as cheap as the access line. */
export function registerRequestMetrics(app: FastifyInstance, metrics: StoreMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
