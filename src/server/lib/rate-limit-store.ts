import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database, DbHandle } from '../db/client';
import { preparedSql, type Value } from '../db/prepared';
import { rateLimitCounters } from '../db/schema/rate-limit-store';

/** How often ended windows are deleted: the table's in one statement, memory's in one pass. */
const SWEEP_EVERY_MS = 60_000;
/** At most one warning this often that the table could not count (with the hits counted in memory meanwhile). */
const WARN_EVERY_MS = 60_000;
/** Windows one process keeps in memory at most: about 17 MB. */
const MEMORY_WINDOWS = 100_000;

type Counted = { current: number; ttl: number };
/** Counts one hit of a key in its window of `windowMs`: the key's hits so far and the milliseconds left. */
export type CountHit = (key: string, windowMs: number) => Promise<Counted>;

/**
 * What every store keeps for a rate-limit key: its SHA-256 in hex, 64 characters whatever the key. A key
 * holds what a client wrote (a body's reference or email, an address a proxy passed on), and none of it
 * reaches a store: no NUL, which PostgreSQL's text refuses (one failed the statement that counts a
 * moment's hits for every request in it), no 10 KB past the index's limit, no email kept where none is
 * needed. Hashed as UTF-16 code units, so two strings differing only in lone surrogates stay two keys.
 */
export const storedKey = (key: string) => createHash('sha256').update(key, 'utf16le').digest('hex');

/**
 * Fixed windows counted in this process, as the plugin's memory store counts them, except that each hit
 * gets its own count (the plugin's store handed every hit of a burst the same counter, read once the
 * whole burst had counted, so a burst over a limit was refused whole). Ended windows are swept at most
 * once a minute; at `cap` windows the earliest opened go first, a tenth at a time.
 */
export function countInMemory({ sweepEveryMs = SWEEP_EVERY_MS, cap = MEMORY_WINDOWS } = {}) {
  // In the order the windows opened: a window opened again is moved to the end.
  const windows = new Map<string, { hits: number; endsAt: number }>();
  let sweptAt = Date.now();
  const sweep = (now: number) => {
    sweptAt = now;
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
  };
  return (key: string, windowMs: number): Counted => {
    const now = Date.now();
    if (now - sweptAt >= sweepEveryMs) sweep(now);
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      windows.delete(key);
      if (windows.size >= cap) {
        sweep(now);
        for (const oldest of windows.keys()) {
          if (windows.size < cap * 0.9) break;
          windows.delete(oldest);
        }
      }
      window = { hits: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.hits += 1;
    return { current: window.hits, ttl: window.endsAt - now };
  };
}

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
  windowMs: number;
  counted(result: Counted): void;
  failed(error: unknown): void;
}

/**
 * Counts in the `rate_limit_counters` table every instance shares (docs/decisions/059), the requests of
 * one moment in one statement. A statement that fails for several keys is run again for each key alone,
 * so whatever one key does to it fails that key's hits only. Each instance sweeps ended windows at most
 * once a minute.
 */
/**
 * Deletes the counters whose window has ended (the store sweeps them as it counts, and the daily retention
 * purge once more, for a store that counted nothing lately). Answers how many went.
 */
export async function purgeEndedWindows(db: DbHandle, now: Date | null = null): Promise<number> {
  const gone = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetsAt, now ?? sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return gone.length;
}

export function countInTable(db: Database, log: FastifyBaseLogger, { sweepEveryMs = SWEEP_EVERY_MS } = {}): CountHit {
  let sweptAt = Date.now();

  function sweep() {
    sweptAt = Date.now();
    purgeEndedWindows(db).catch((error: unknown) =>
      log.warn({ err: error }, 'rate-limit store: sweeping ended windows failed'),
    );
  }

  /**
   * The hits asked for while the event loop handles one round of input are counted together, in one
   * statement when it is done: under load many requests arrive in one round, and a round trip each was a
   * sixth of a paid order's time. Each request still gets its own exact count.
   */
  let waiting = new Map<string, Hit[]>();

  function count(key: string, windowMs: number): Promise<Counted> {
    if (Date.now() - sweptAt >= sweepEveryMs) sweep();
    return new Promise((counted, failed) => {
      if (waiting.size === 0) setImmediate(() => void countTogether(takeWaiting()));
      const sameKey = waiting.get(key);
      if (sameKey) sameKey.push({ windowMs, counted, failed });
      else waiting.set(key, [{ windowMs, counted, failed }]);
    });
  }

  function takeWaiting() {
    const batch = waiting;
    waiting = new Map();
    return batch;
  }

  /** Counts the hits of `byKey` in one statement, or, when it fails with several keys, each key alone. */
  async function countTogether(byKey: Map<string, Hit[]>) {
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
      if (keys.length > 1) {
        await Promise.all([...byKey].map(([key, hits]) => countTogether(new Map([[key, hits]]))));
      } else {
        for (const hit of [...byKey.values()].flat()) hit.failed(error);
      }
    }
  }

  return count;
}

/** What @fastify/rate-limit hands `child`: the route's merged limit, with the route itself (empty for createRateLimit). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate-limit plugin's store, on both engines (docs/decisions/059, 068). Every key is hashed first
 * (storedKey), whichever route or limit made it. With `table` (PostgreSQL) every instance counts in the
 * shared table, and a hit the table cannot count (the database unreachable, the statement failing) is
 * counted in this instance's memory instead, with a warning at most once a minute: the limit then holds
 * per instance, at most N times over with N instances, where letting the request through uncounted would
 * leave it no limit at all. Without (PGlite, one process) every hit is counted in memory.
 * The store never answers the plugin with an error, so the plugin's skipOnError is never needed.
 */
export function rateLimitStore(log: FastifyBaseLogger, table?: CountHit): FastifyRateLimitStoreCtor {
  const memory = countInMemory();
  let warnedAt = -Infinity;
  let unwarned = 0;

  function countInMemoryInstead(key: string, windowMs: number, error: unknown) {
    unwarned += 1;
    if (Date.now() - warnedAt >= WARN_EVERY_MS) {
      log.warn(
        { err: error, hitsInMemory: unwarned },
        "rate-limit store: the shared table could not count; counting in this instance's memory",
      );
      warnedAt = Date.now();
      unwarned = 0;
    }
    return memory(key, windowMs);
  }

  /** Keys under one prefix: a route's method and path (GET and HEAD count together), or none for createRateLimit's, whose keys name their route. */
  class RateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin makes the root store with its options (no prefix); `child` makes the others. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number) {
      const stored = storedKey(this.prefix + key);
      if (!table) return callback(null, memory(stored, timeWindow));
      table(stored, timeWindow).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(null, countInMemoryInstead(stored, timeWindow, error)),
      );
    }

    // Typed as the route's options by the plugin, but given its merged limit with the route under routeInfo.
    child(options: object) {
      const { method, url } = (options as ChildOptions).routeInfo ?? {};
      if (!url) return new RateLimitStore();
      const verb = [method]
        .flat()
        .join(',')
        .replace(/^HEAD$/, 'GET');
      return new RateLimitStore(`${verb} ${url} `);
    }
  }
  return RateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
