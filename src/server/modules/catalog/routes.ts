import type { FastifyInstance } from 'fastify';
import { collectionQuerySchema, deviceListQuerySchema } from '../../../shared/catalog-query';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { sendCached } from './cache';
import { catalogReads } from './reads';

const PUBLIC = { config: { access: 'public' } } as const;

export function registerCatalogRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/api/devices', PUBLIC, async (request, reply) => {
    const query = parseInput(deviceListQuerySchema, request.query);
    return sendCached(request, reply, await catalogReads.devices(db, query));
  });

  app.get<{ Params: { id: string } }>('/api/devices/:id', PUBLIC, async (request, reply) => {
    return sendCached(request, reply, await catalogReads.device(db, request.params.id));
  });

  app.get('/api/home', PUBLIC, async (request, reply) => {
    return sendCached(request, reply, await catalogReads.home(db));
  });

  app.get<{ Params: { slug: string } }>('/api/collections/:slug', PUBLIC, async (request, reply) => {
    const query = parseInput(collectionQuerySchema, request.query);
    return sendCached(request, reply, await catalogReads.collection(db, request.params.slug, query));
  });

  app.get('/api/catalog/menu', PUBLIC, async (request, reply) => {
    return sendCached(request, reply, await catalogReads.menu(db));
  });
}
