import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prepared, type Value } from '../db/prepared';
import { rateLimitCounters } from '../db/schema/rate-limit-store';

/** How often an instance deletes the counters whose window has ended (one statement, whatever the count). */
const SWEEP_EVERY_MS = 60_000;

type Counted = { current: number; ttl: number };

/**
 * One hit of `key`: opens the window (the database's clock, so instances' clocks never disagree), counts in
 * it, or starts a new one once it has ended; answers the count and the milliseconds left. Built once, and
 * named so each connection parses and plans it once: it runs on every limited request (db/prepared.ts).
 */
const countHit = prepared(
  (db, value: Value<{ key: string; windowMs: number }>) => {
    const ended = sql`${rateLimitCounters.resetsAt} <= now()`;
    return db
      .insert(rateLimitCounters)
      .values({
        key: value('key'),
        hits: 1,
        resetsAt: sql`now() + ${value('windowMs')}::float8 * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
          resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
        },
      })
      .returning({
        hits: rateLimitCounters.hits,
        ttl: sql<number>`ceil(extract(epoch from ${rateLimitCounters.resetsAt} - now()) * 1000)::integer`,
      });
  },
  { name: 'quickbuy_rate_limit_hit' },
);

/** What @fastify/rate-limit hands `child`: the route's merged limit, with the route itself (empty for createRateLimit). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate-limit plugin's store on PostgreSQL (docs/decisions/059): every instance counts in one UNLOGGED
 * table, so a client gets each limit once however many instances answer it. A fixed window per key,
 * as the plugin's memory store keeps: one upsert a request (countHit). Each instance sweeps ended windows at most once a minute.
 * A failed count is logged and the request let through (the plugin's skipOnError): the limit store
 * being unreachable must not fail the routes, which need the same database anyway.
 */
export function sharedRateLimitStore(
  db: Database,
  log: FastifyBaseLogger,
  { sweepEveryMs = SWEEP_EVERY_MS } = {},
): FastifyRateLimitStoreCtor {
  let sweptAt = Date.now();

  function sweep() {
    sweptAt = Date.now();
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetsAt, sql`now()`))
      .catch((error: unknown) => log.warn({ err: error }, 'rate-limit store: sweeping ended windows failed'));
  }

  async function count(key: string, windowMs: number): Promise<Counted> {
    if (Date.now() - sweptAt >= sweepEveryMs) sweep();
    const [row] = await countHit(db, { key, windowMs });
    return { current: row!.hits, ttl: row!.ttl };
  }

  /** Keys under one prefix: a route's method and path (GET and HEAD count together), or none for createRateLimit's, whose keys name their route. */
  class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin makes the root store with its options (no prefix); `child` makes the others. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number) {
      count(this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => {
          log.warn({ err: error }, 'rate-limit store: counting failed, request let through');
          callback(error);
        },
      );
    }

    // Typed as the route's options by the plugin, but given its merged limit with the route under routeInfo.
    child(options: object) {
      const { method, url } = (options as ChildOptions).routeInfo ?? {};
      if (!url) return new PostgresStore();
      const verb = [method]
        .flat()
        .join(',')
        .replace(/^HEAD$/, 'GET');
      return new PostgresStore(`${verb} ${url} `);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}
