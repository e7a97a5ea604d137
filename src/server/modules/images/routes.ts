import type { FastifyInstance } from 'fastify';
import { imageQuerySchema } from '../../../shared/catalog-query';
import { DEVICE_IMAGE_TYPES, MAX_IMAGE_UPLOAD_BYTES } from '../../../shared/images';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { clientKey } from '../../lib/client-key';
import { notFound, parseInput } from '../../lib/errors';
import type { ImageBudgets } from './budgets';
import { PLACEHOLDER_SVG } from './placeholder';
import { getImageVariant, IMAGE_NOT_FOUND, isImageId, snapWidth, storeImage } from './stored-images';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Recently served image bytes kept in memory, up to this many bytes (images never change). */
const MEMORY_BUDGET = 32 * 1024 * 1024;

/**
 * What app.ts passes in: whether an image is another module's private one (a trade-in's photos, which
 * its own staff routes serve), so images knows no module that links an image.
 */
export interface ImageOwners {
  isPrivate: (db: Database, id: string) => Promise<boolean>;
}

export function registerImageRoutes(
  app: FastifyInstance,
  { db }: AppContext,
  { isPrivate, imageBudgets }: ImageOwners & { imageBudgets: ImageBudgets },
) {
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
      // A private image answers as one that does not exist, before anything is resized for it, and
      // never enters the memory kept here.
      const found = !isImageId(id) || (await isPrivate(db, id)) ? null : await getImageVariant({ db, id, width: w });
      if (!found) throw notFound(IMAGE_NOT_FOUND, 'Image not found');
      entry = { data: found.data, contentType: found.contentType };
      remember(key, entry);
    }
    const etag = `"${key}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(entry.contentType).send(entry.data);
  });

  // POST /api/admin/images: one device photo as the raw body, answered with its id for the device
  // form's imageIds. Any body arrives as bytes here whatever its label: the bytes decide the type
  // (415 naming the types taken otherwise), and anything that does not decode stores nothing.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/admin/images',
      { config: { access: ['admin'], rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const budget = imageBudgets.forRequest(clientKey(request.ip));
        const { id } = await storeImage({ db, data, accept: DEVICE_IMAGE_TYPES, budget });
        return reply.status(201).send({ id, url: `/images/${id}` });
      },
    );
  });
}
