import { isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { afterCommit, isEmbedded, type Database, type DbHandle } from '../../db/client';
import { listen, type Listener } from '../../db/notifications';
import { preparedSql } from '../../db/prepared';
import { devices } from '../../db/schema/catalog';
import { compressFor } from '../../lib/compress';
import { matchesEtag, weakEtag } from '../../lib/etag';
import { rememberedTotal } from '../../lib/paging';
import { forgetVocabulary } from './search';

/**
 * A short in-process cache of catalog replies (docs/decisions/010, 058). Entries hold the serialised
 * body and its weak ETag, keyed by the normalised query, fresh for CATALOG_CACHE_TTL_MS, then served
 * stale for up to CATALOG_CACHE_STALE_MS while one request refreshes it. A change of the catalog
 * (catalogChanged, called by stock.ts and inventory.ts in their transaction) empties this instance's
 * cache once it commits and, on PostgreSQL, every other instance's through one NOTIFY channel
 * (watchCatalogChanges); only a row written straight into the database waits for TTL + stale time (a
 * minute and a half: a shorter lifetime re-ran every cached search in waves, docs/decisions/092). On
 * PGlite there are no other writers (isEmbedded), so an entry lasts until the next invalidation: a
 * time-based refresh would only re-run queries that block the event loop (docs/decisions/033).
 */
const CATALOG_CACHE_TTL_MS = 60_000;
/** An expired entry is still served (while one request refreshes it) for this much longer. */
const CATALOG_CACHE_STALE_MS = 30_000;
const MAX_ENTRIES = 1_000;
/**
 * Server-rendered pages (docs/decisions/032) are kept here too, at about 100 KB each: what the entries hold is
 * bounded, their bodies and whatever is kept beside them (compressed copies, a page's document).
 */
export const CATALOG_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export interface CachedReply {
  body: string;
  /** The body as sent: encoded once here, not on every reply (and its length needs no counting). */
  bytes: Buffer;
  etag: string;
  expires: number;
  /** Counts `bytes` more kept as long as this entry (a compressed copy, a page's document) in the cache's bound. */
  keep(bytes: number): void;
}

interface Entry extends CachedReply {
  /** What keep() counted. */
  kept: number;
}

interface Cache {
  entries: Map<string, Entry>;
  pending: Map<string, Promise<CachedReply>>;
  generation: number;
  /** What the entries hold: UTF-16 code units of each body's text, bytes of its encoding and of what it kept. */
  size: number;
  /** How long an entry is fresh: CATALOG_CACHE_TTL_MS, or until invalidated on PGlite. */
  lifetime: number;
}

const caches = new WeakMap<Database, Cache>();

function cacheOf(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      entries: new Map(),
      pending: new Map(),
      generation: 0,
      size: 0,
      lifetime: isEmbedded(db) ? Number.POSITIVE_INFINITY : CATALOG_CACHE_TTL_MS,
    };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * How many devices are listed (not deleted): the admin inventory's total before any search or filter.
 * Forgotten with the rest of the catalog's reads, so every writer of devices already keeps it exact.
 */
export const listedDevices = rememberedTotal(devices, isNull(devices.deletedAt));

/** The one channel a catalog change is announced on to every instance (docs/decisions/058). */
const CATALOG_CHANNEL = 'quickbuy_catalog';

/** Built once: every checkout sends it (db/prepared.ts). */
const notifyCatalogChange = preparedSql(() => sql`select pg_notify(${CATALOG_CHANNEL}, '')`);

/**
 * Called by every writer of devices, their images or stock, in the transaction that writes: this
 * instance's cache empties once it commits, and on PostgreSQL a NOTIFY (sent by the server at that
 * commit, and not at all on a rollback) empties every other instance's. Identical notifications of
 * one transaction reach the listeners once.
 */
export async function catalogChanged(tx: DbHandle) {
  if (!isEmbedded(tx)) await notifyCatalogChange(tx, {});
  afterCommit(tx, invalidateCatalog);
}

/**
 * On PostgreSQL, listens for catalog changes made by any instance (this one's too: emptying twice is
 * harmless) and empties this cache on each; it also empties it each time the connection is made
 * again, since changes sent while it was down were missed. Null on PGlite. The app starts it when it
 * is ready and stops it when it closes (catalog/routes.ts).
 */
export function watchCatalogChanges(db: Database, log: FastifyBaseLogger): Listener | null {
  const empty = () => invalidateCatalog(db);
  return listen(db, { channel: CATALOG_CHANNEL, onNotification: empty, onConnect: empty, log });
}

/** Empties this database's catalog cache in this process: after a committed change of devices, their images or stock. */
export function invalidateCatalog(db: Database) {
  listedDevices.forget(db);
  forgetVocabulary(db);
  const cache = cacheOf(db);
  cache.entries.clear();
  cache.pending.clear();
  cache.generation++;
  cache.size = 0;
}

/** The cached reply for `key`, or `load()` run once however many requests ask at the same moment. */
export async function cachedReply(db: Database, key: string, load: () => Promise<unknown>): Promise<CachedReply> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && hit.expires > now) return hit;
  const inFlight = cache.pending.get(key);
  // Stale while revalidating: an expired (not invalidated) entry answers while one load refreshes it,
  // so a slow query on a large catalog never makes every waiting request slow.
  if (hit && hit.expires + CATALOG_CACHE_STALE_MS > now) {
    if (!inFlight) refresh(cache, key, load).catch(() => undefined);
    return hit;
  }
  if (inFlight) return inFlight;
  return refresh(cache, key, load);
}

const sizeOf = (entry: Entry) => entry.body.length + entry.bytes.length + entry.kept;

function remove(cache: Cache, key: string) {
  const entry = cache.entries.get(key);
  if (!entry) return;
  cache.entries.delete(key);
  cache.size -= sizeOf(entry);
}

/** The oldest entries go first. */
function shrink(cache: Cache) {
  while (cache.entries.size > MAX_ENTRIES || cache.size > CATALOG_CACHE_MAX_BYTES)
    remove(cache, cache.entries.keys().next().value!);
}

async function refresh(cache: Cache, key: string, load: () => Promise<unknown>): Promise<CachedReply> {
  const generation = cache.generation;
  const promise = (async () => {
    const body = JSON.stringify(await load());
    const entry: Entry = {
      body,
      bytes: Buffer.from(body),
      etag: weakEtag(body),
      expires: Date.now() + cache.lifetime,
      kept: 0,
      // Once the entry has left the cache, what it kept goes with it: nothing to count.
      keep: (bytes) => {
        if (cache.entries.get(key) !== entry) return;
        entry.kept += bytes;
        cache.size += bytes;
        shrink(cache);
      },
    };
    // A change that happened while loading makes this answer stale: serve it once, keep it not.
    if (cache.generation === generation) {
      remove(cache, key);
      cache.entries.set(key, entry);
      cache.size += sizeOf(entry);
      shrink(cache);
    }
    return entry;
  })();
  cache.pending.set(key, promise);
  try {
    return await promise;
  } finally {
    if (cache.pending.get(key) === promise) cache.pending.delete(key);
  }
}

/**
 * Send a catalog reply: weak ETag, 304 on If-None-Match, the body compressed once per encoding (compressFor).
 * `no-cache`: a browser asks again every time (a cheap 304 when nothing changed), so an admin's price or stock
 * change shows on the next page load.
 */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedReply) {
  reply.header('etag', cached.etag).header('cache-control', 'public, no-cache');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  return reply
    .type('application/json; charset=utf-8')
    .send(await compressFor(request, reply, cached.bytes, cached.keep));
}
