import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedSql, type Value } from '../db/prepared';
import { rateLimitCounters } from '../db/schema/rate-limit-store';

/** How often an instance deletes the counters whose window has ended (one statement, whatever the count). */
const SWEEP_EVERY_MS = 60_000;

type Counted = { current: number; ttl: number };

/**
 * Hits of several keys in one statement: each key's hits are added to its window, which opens (the
 * database's clock, so instances' clocks never disagree), counts on, or starts again once it has ended;
 * answers each key's count and the milliseconds left. The keys come sorted, so two instances' batches lock
 * their rows in one order and never deadlock. Built once and named: each connection parses it once.
 */
const countHits = preparedSql(
  (value: Value<{ keys: string[]; hits: number[]; windows: number[] }>) => {
    const ended = sql`${rateLimitCounters}.resets_at <= now()`;
    return sql`insert into ${rateLimitCounters} (key, hits, resets_at)
      select key, hits, now() + window_ms * interval '1 millisecond'
      from unnest(${value('keys')}::text[], ${value('hits')}::int[], ${value('windows')}::float8[]) as hit(key, hits, window_ms)
      order by key
      on conflict (key) do update set
        hits = case when ${ended} then excluded.hits else ${rateLimitCounters}.hits + excluded.hits end,
        resets_at = case when ${ended} then excluded.resets_at else ${rateLimitCounters}.resets_at end
      returning key, hits, ceil(extract(epoch from resets_at - now()) * 1000)::integer as ttl`;
  },
  { name: 'quickbuy_rate_limit_hits' },
);

interface Hit {
  key: string;
  windowMs: number;
  counted(result: Counted): void;
  failed(error: unknown): void;
}

/** What @fastify/rate-limit hands `child`: the route's merged limit, with the route itself (empty for createRateLimit). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate-limit plugin's store on PostgreSQL (docs/decisions/059): every instance counts in one UNLOGGED
 * table, so a client gets each limit once however many instances answer it. A fixed window per key,
 * as the plugin's memory store keeps, counted by countHits (the requests of one moment in one statement).
 * Each instance sweeps ended windows at most once a minute.
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

  /**
   * The hits asked for while the event loop handles one round of input are counted together, in one
   * statement when it is done: under load many requests arrive in one round, and a round trip each was a
   * sixth of a paid order's time. Each request still gets its own exact count.
   */
  let waiting: Hit[] = [];

  function count(key: string, windowMs: number): Promise<Counted> {
    if (Date.now() - sweptAt >= sweepEveryMs) sweep();
    return new Promise((counted, failed) => {
      if (waiting.length === 0) setImmediate(() => void countWaiting());
      waiting.push({ key, windowMs, counted, failed });
    });
  }

  async function countWaiting() {
    const batch = waiting;
    waiting = [];
    const byKey = new Map<string, Hit[]>();
    for (const hit of batch) {
      const sameKey = byKey.get(hit.key);
      if (sameKey) sameKey.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    const keys = [...byKey.keys()].sort();
    try {
      const { rows } = (await countHits(db, {
        keys,
        hits: keys.map((key) => byKey.get(key)!.length),
        windows: keys.map((key) => byKey.get(key)![0]!.windowMs),
      })) as { rows: Array<{ key: string; hits: number; ttl: number }> };
      for (const { key, hits, ttl } of rows) {
        const sameKey = byKey.get(key)!;
        // A key's hits in this batch are the last of its count, in the order they were asked.
        sameKey.forEach((hit, i) => hit.counted({ current: hits - sameKey.length + 1 + i, ttl }));
        byKey.delete(key);
      }
      if (byKey.size > 0) throw new Error(`rate-limit store: no count came back for ${byKey.size} key(s)`);
    } catch (error) {
      for (const hit of [...byKey.values()].flat()) hit.failed(error);
    }
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
