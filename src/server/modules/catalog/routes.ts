import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { collectionQuerySchema, deviceListQuerySchema, suggestionQuerySchema } from '../../../shared/catalog-query';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import type { Listener } from '../../db/notifications';
import { sendCached, watchCatalogChanges } from './cache';
import { catalogReads } from './cached-reads';

/**
 * Every route here is public and answers through sendCached, which compresses each cached body once per encoding
 * (lib/compress.ts): the compress plugin adds none of its three hooks to them (about 3% of a cached read's CPU).
 */
const CACHED_READ = { config: { access: 'public' }, compress: false, decompress: false } as const;
const REMEMBERED_QUERIES = 1_000;

/**
 * parseInput of the query string, remembered per raw query string (at most 1,000): the listing is
 * asked the same few questions over and over, and its cached reply is otherwise cheaper to find than
 * the query is to validate. Only a valid query is remembered; the parsed value is shared, never changed.
 */
function rememberedQuery<Schema extends z.ZodType>(schema: Schema) {
  const seen = new Map<string, z.output<Schema>>();
  return (request: FastifyRequest): z.output<Schema> => {
    const at = request.url.indexOf('?');
    const raw = at < 0 ? '' : request.url.slice(at + 1);
    let query = seen.get(raw);
    if (query === undefined) {
      query = parseInput(schema, request.query);
      if (seen.size >= REMEMBERED_QUERIES) seen.delete(seen.keys().next().value!);
      seen.set(raw, query);
    }
    return query;
  };
}

export function registerCatalogRoutes(app: FastifyInstance, { db }: AppContext) {
  // On PostgreSQL, other instances' catalog changes empty this one's cache (docs/decisions/058): listening
  // from the moment the app is ready (the first connection tried before it takes requests) until it closes.
  let changes: Listener | null = null;
  app.addHook('onReady', async () => {
    changes = watchCatalogChanges(db, app.log);
    await changes?.ready;
  });
  app.addHook('onClose', async () => {
    await changes?.stop();
  });
  const listQuery = rememberedQuery(deviceListQuerySchema);
  const collectionQuery = rememberedQuery(collectionQuerySchema);
  const suggestionQuery = rememberedQuery(suggestionQuerySchema);

  app.get('/api/devices', CACHED_READ, async (request, reply) => {
    const query = listQuery(request);
    return sendCached(request, reply, await catalogReads.devices(db, query));
  });

  app.get<{ Params: { id: string } }>('/api/devices/:id', CACHED_READ, async (request, reply) => {
    return sendCached(request, reply, await catalogReads.device(db, request.params.id));
  });

  app.get('/api/home', CACHED_READ, async (request, reply) => {
    return sendCached(request, reply, await catalogReads.home(db));
  });

  app.get<{ Params: { slug: string } }>('/api/collections/:slug', CACHED_READ, async (request, reply) => {
    const query = collectionQuery(request);
    return sendCached(request, reply, await catalogReads.collection(db, request.params.slug, query));
  });

  // The header box asks as the shopper types (after two characters, debounced): answered from the read cache.
  app.get('/api/search/suggestions', CACHED_READ, async (request, reply) => {
    const { q } = suggestionQuery(request);
    return sendCached(request, reply, await catalogReads.suggestions(db, q));
  });

  app.get('/api/catalog/menu', CACHED_READ, async (request, reply) => {
    return sendCached(request, reply, await catalogReads.menu(db));
  });
}
