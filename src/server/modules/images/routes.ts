import type { FastifyInstance } from 'fastify';
import { imageQuerySchema } from '../../../shared/catalog-query';
import type { AppContext } from '../../context';
import { notFound, parseInput } from '../../lib/errors';
import { PLACEHOLDER_SVG } from './placeholder';
import { getImageVariant, IMAGE_NOT_FOUND, snapWidth } from './service';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Recently served image bytes kept in memory, up to this many bytes (images never change). */
const MEMORY_BUDGET = 32 * 1024 * 1024;

export function registerImageRoutes(app: FastifyInstance, { db }: AppContext) {
  const memory = new Map<string, { data: Buffer; contentType: string }>();
  let memoryBytes = 0;
  const remember = (key: string, entry: { data: Buffer; contentType: string }) => {
    if (entry.data.length > MEMORY_BUDGET / 8) return;
    memory.set(key, entry);
    memoryBytes += entry.data.length;
    while (memoryBytes > MEMORY_BUDGET) {
      const [oldestKey, oldest] = memory.entries().next().value!;
      memory.delete(oldestKey);
      memoryBytes -= oldest.data.length;
    }
  };

  app.get<{ Params: { id: string } }>('/images/:id', async (request, reply) => {
    const { id } = request.params;
    if (id === 'placeholder.svg') {
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml; charset=utf-8')
        .send(PLACEHOLDER_SVG);
    }
    const { w } = parseInput(imageQuerySchema, request.query);
    const key = `${id.toLowerCase()}@${w === undefined ? 'original' : snapWidth(w)}`;
    let entry = memory.get(key);
    if (entry) {
      memory.delete(key);
      memory.set(key, entry);
    } else {
      const found = await getImageVariant({ db, id, width: w });
      if (!found) throw notFound(IMAGE_NOT_FOUND, 'Image not found');
      entry = { data: found.data, contentType: found.contentType };
      remember(key, entry);
    }
    const etag = `"${key}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(entry.contentType).send(entry.data);
  });
}
