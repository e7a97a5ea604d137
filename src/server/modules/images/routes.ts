import type { FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_UPLOAD_BYTES } from '../../../shared/catalog';
import { imageQuerySchema } from '../../../shared/catalog-query';
import type { AppContext } from '../../context';
import { AppError, notFound, parseInput } from '../../lib/errors';
import { PLACEHOLDER_SVG } from './placeholder';
import { getImageVariant, IMAGE_NOT_FOUND, INVALID_IMAGE, snapWidth, storeImage } from './service';

const UPLOAD_TYPES_MESSAGE = 'Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB';
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

  // POST /api/admin/images: one device photo as the raw body (Content-Type image/*), answered with
  // its id for the device form's imageIds. Any body arrives as bytes here, so a wrong type gets this
  // route's own message; anything that does not decode as an image stores nothing.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/admin/images',
      { config: { access: ['admin'], rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const allowed = (IMAGE_UPLOAD_TYPES as readonly string[]).includes(type);
        if (!allowed || !Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new AppError(INVALID_IMAGE, UPLOAD_TYPES_MESSAGE, { status: 415 });
        }
        const { id } = await storeImage({ db, data: request.body });
        return reply.status(201).send({ id, url: `/images/${id}` });
      },
    );
  });
}
