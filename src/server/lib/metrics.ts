import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * The store's figures for Prometheus (GET /metrics, modules/metrics): one registry per app, since the
 * tests build several apps in one process, never prom-client's global one. Counters are counted
 * where their event happens; what the database holds (the outbox, held units) and the pool are
 * gauges the metrics module reads at scrape time.
 */
export interface StoreMetrics {
  registry: Registry;
  /** Every reply: its route pattern (never the raw URL, whose ids would make a series each), status and time. */
  requests: RequestTimes;
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
    requests: requestTimes(),
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
  return `${await processRegistry!.metrics()}\n${await metrics.registry.metrics()}\n${metrics.requests.text()}`;
}

const REQUESTS = 'quickbuy_http_request_duration_seconds';
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method, route and status: replies per bucket (each counted once, in the first bucket it fits), their sum and count. */
interface Series {
  inBucket: number[];
  sum: number;
  count: number;
}

export interface RequestTimes {
  observe(method: string, route: string, statusCode: number, seconds: number): void;
  /** The histogram in Prometheus's text format. */
  text(): string;
}

/**
 * The reply-time histogram, kept here rather than in prom-client: prom-client's `observe` checks its three
 * labels, sorts and joins them into a key and converts the bucket's bound to a property name at every call, a
 * few per cent of a cached catalog read's CPU (decision 118). Here a reply finds its series by the strings the
 * process already holds (the route pattern, the method) and its status, and adds to an array slot; the text is
 * written at scrape.
 */
export function requestTimes(): RequestTimes {
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();
  return {
    observe(method, route, statusCode, seconds) {
      let byMethod = byRoute.get(route);
      if (!byMethod) byRoute.set(route, (byMethod = new Map()));
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let series = byStatus.get(statusCode);
      if (!series) {
        series = { inBucket: REQUEST_BUCKETS.map(() => 0), sum: 0, count: 0 };
        byStatus.set(statusCode, series);
      }
      for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
        if (seconds <= REQUEST_BUCKETS[i]!) {
          series.inBucket[i]!++;
          break;
        }
      }
      series.sum += seconds;
      series.count++;
    },
    text() {
      const lines = [
        `# HELP ${REQUESTS} Time from request to reply, by method, route pattern and status; _count is the number of requests`,
        `# TYPE ${REQUESTS} histogram`,
      ];
      for (const [route, byMethod] of byRoute) {
        for (const [method, byStatus] of byMethod) {
          for (const [statusCode, { inBucket, sum, count }] of byStatus) {
            const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status_code="${statusCode}"`;
            let below = 0;
            REQUEST_BUCKETS.forEach((bound, i) => {
              below += inBucket[i]!;
              lines.push(`${REQUESTS}_bucket{${labels},le="${bound}"} ${below}`);
            });
            lines.push(
              `${REQUESTS}_bucket{${labels},le="+Inf"} ${count}`,
              `${REQUESTS}_sum{${labels}} ${sum}`,
              `${REQUESTS}_count{${labels}} ${count}`,
            );
          }
        }
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

/** A label's value as the text format writes it: backslash, double quote and line feed escaped. */
const labelValue = (value: string) => value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Times every reply by its route pattern; a callback hook, as cheap as the access line. */
export function registerRequestMetrics(app: FastifyInstance, metrics: StoreMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requests.observe(
      request.method,
      request.routeOptions.url ?? NO_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
