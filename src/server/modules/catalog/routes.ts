import type { FastifyInstance } from 'fastify';
import { collectionQuerySchema, deviceListQuerySchema } from '../../../shared/catalog-query';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { cachedReply, sendCached } from './cache';
import { getCatalogMenu, getCollection, getDevice, getHome, listDevices } from './service';

const PUBLIC = { config: { access: 'public' } } as const;

export function registerCatalogRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/devices', PUBLIC, async (request, reply) => {
    const query = parseInput(deviceListQuerySchema, request.query);
    const key = `devices:${query.q.toLowerCase()}|${query.category}|${query.brand}|${query.price}|${query.page}|${query.pageSize}`;
    return sendCached(request, reply, await cachedReply(db, key, () => listDevices({ db, query })));
  });

  app.get<{ Params: { id: string } }>('/api/devices/:id', PUBLIC, async (request, reply) => {
    const { id } = request.params;
    return sendCached(request, reply, await cachedReply(db, `device:${id.toLowerCase()}`, () => getDevice({ db, id })));
  });

  app.get('/api/home', PUBLIC, async (request, reply) => {
    return sendCached(request, reply, await cachedReply(db, 'home', () => getHome({ db })));
  });

  app.get<{ Params: { slug: string } }>('/api/collections/:slug', PUBLIC, async (request, reply) => {
    const { slug } = request.params;
    const query = parseInput(collectionQuerySchema, request.query);
    const key = `collection:${slug}|${query.page}|${query.pageSize}`;
    return sendCached(request, reply, await cachedReply(db, key, () => getCollection({ db, slug, query })));
  });

  app.get('/api/catalog/menu', PUBLIC, async (request, reply) => {
    return sendCached(request, reply, await cachedReply(db, 'menu', () => getCatalogMenu({ db })));
  });
}
