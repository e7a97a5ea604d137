import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge } from 'prom-client';
import { ERROR_CODES } from '../../../shared/errors';
import type { AppContext } from '../../context';
import { poolUse } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { METRICS_CONTENT_TYPE, metricsText, type StoreMetrics } from '../../lib/metrics';
import { sharedReads } from '../../lib/shared-reads';
import { backupStatus } from '../backups';
import { outboxBacklog } from '../mail';
import { heldUnits } from '../orders';

/** 127.0.0.0/8 and ::1, and IPv4 loopback as a dual-stack listener sees it (::ffff:127.x.y.z). */
const LOOPBACK = /^(127\.|::ffff:127\.|::1$)/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A request from this machine itself: the connection's own address is loopback (never the address
 * X-Forwarded-For names, whatever TRUST_PROXY believes) and no proxy forwarded it. A load balancer on
 * this machine also connects from 127.0.0.1, but says whom it forwards: that request is the outside
 * world's.
 */
function fromLoopback(request: FastifyRequest): boolean {
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's `Authorization: Bearer …` is the token, compared in constant time. */
function bearerMatches(request: FastifyRequest, tokenDigest: Buffer): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), tokenDigest);
}

/**
 * GET /metrics, Prometheus's text format: to this machine always; to another one only when
 * METRICS_TOKEN is set and the request presents it as a bearer token. Off otherwise (404).
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  { config, db }: AppContext,
  { metrics }: { metrics: StoreMetrics },
) {
  registerDatabaseGauges(app, { db, config }, metrics);
  const tokenDigest = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : null;

  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!fromLoopback(request)) {
      if (!tokenDigest) {
        throw notFound(
          ERROR_CODES.notFound,
          'Metrics are served to this machine only: set METRICS_TOKEN to read them from elsewhere',
        );
      }
      if (!bearerMatches(request, tokenDigest)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(ERROR_CODES.unauthorized, 'Metrics need the bearer token METRICS_TOKEN', { status: 401 });
      }
    }
    return reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metricsText(metrics));
  });
}

/**
 * The gauges read at scrape time: what the database holds (the outbox's backlog, the units held by
 * unpaid orders, each one indexed count) and the pool's connections. When the database does not answer,
 * its gauges keep their last values, it is logged, and the rest is still served (the readiness check
 * says the database is down; a scrape that failed whole would look like the process down).
 */
function registerDatabaseGauges(
  app: FastifyInstance,
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  metrics: StoreMetrics,
) {
  const registers = [metrics.registry];
  const fromDatabase = async (read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: the database did not answer');
    }
  };
  new Gauge({
    name: 'quickbuy_outbox_emails',
    help: 'Emails in the outbox still to send (pending) and given up on after every attempt (failed)',
    labelNames: ['status'],
    registers,
    async collect() {
      await fromDatabase(async () => {
        const backlog = await outboxBacklog(db);
        this.set({ status: 'pending' }, backlog.pending);
        this.set({ status: 'failed' }, backlog.failed);
      });
    },
  });
  /** A gauge of one value, read from the database at scrape time. */
  const databaseGauge = (name: string, help: string, read: () => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        await fromDatabase(async () => this.set(await read()));
      },
    });
  databaseGauge(
    'quickbuy_held_units',
    'Units taken from stock by orders awaiting payment (until paid, cancelled or expired)',
    () => heldUnits(db),
  );
  // The cluster's backups, whichever instance took them (backup_runs): one scrape of any instance tells. The four
  // gauges of one scrape share one read.
  const shared = sharedReads();
  const backups = () => shared('backups', () => backupStatus(db, config.BACKUP_EVERY_HOURS));
  databaseGauge(
    'quickbuy_backup_last_success_timestamp_seconds',
    'When the newest good backup started (Unix time); 0 before the first',
    async () => {
      const { lastSuccess } = await backups();
      return lastSuccess ? Date.parse(lastSuccess.at) / 1000 : 0;
    },
  );
  databaseGauge(
    'quickbuy_backup_last_success_bytes',
    "The newest good backup's files together, in bytes",
    async () => (await backups()).lastSuccess?.bytes ?? 0,
  );
  databaseGauge(
    'quickbuy_backup_last_success_duration_seconds',
    'How long the newest good backup took',
    async () => ((await backups()).lastSuccess?.durationMs ?? 0) / 1000,
  );
  databaseGauge(
    'quickbuy_backup_last_run_failed',
    'Whether the newest backup run failed (1) or succeeded (0)',
    async () => ((await backups()).last?.status === 'failed' ? 1 : 0),
  );
  new Gauge({
    name: 'quickbuy_db_pool_connections',
    help: 'Database connections: open (total), open and unused (idle), the most the pool opens (max); PGlite is one',
    labelNames: ['state'],
    registers,
    collect() {
      const use = poolUse(db);
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'quickbuy_db_pool_waiting_queries',
    help: 'Queries waiting for a free database connection: above 0, the pool is the bottleneck',
    registers,
    collect() {
      this.set(poolUse(db).waiting);
    },
  });
}
