import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { compressFor } from './compress';

// A cached body (a catalog reply, a rendered page) is compressed on its first send in an encoding only, and the
// cache is told the size of each copy it then holds.

describe('compressFor', () => {
  // Text that compresses, kept in one buffer as a cache keeps a reply; each route records what it sent.
  const text = `${randomBytes(256).toString('hex')} `.repeat(40);
  const cached = Buffer.from(text);
  const bodies: Record<string, () => Buffer> = {
    '/cached': () => cached,
    '/fresh': () => Buffer.from(text),
    '/small': () => Buffer.from('a'.repeat(1023)),
  };
  const sent: Buffer[] = [];
  /** What each route's cache was told it keeps. */
  const kept: Array<[string, number]> = [];
  const app = Fastify();
  for (const [url, body] of Object.entries(bodies)) {
    app.get(url, async (request, reply) => {
      const payload = await compressFor(request, reply, body(), (bytes) => kept.push([url, bytes]));
      sent.push(payload);
      return reply.type('text/plain').send(payload);
    });
  }
  afterAll(() => app.close());
  /** The reply, and the buffer the route sent. */
  const get = async (url: string, accepted?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: accepted ? { 'accept-encoding': accepted } : {} });
    return { res, payload: sent.at(-1) };
  };

  it('sends one copy per encoding of a body however often it is sent; another body gets its own', async () => {
    const first = await get('/cached', 'gzip, deflate, br');
    expect([first.res.headers['content-encoding'], first.res.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(first.res.rawPayload).toString()).toBe(text);
    expect((await get('/cached', 'br')).payload).toBe(first.payload);

    const gzipped = await get('/cached', 'gzip');
    expect(gzipped.res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.res.rawPayload).toString()).toBe(text);
    expect((await get('/cached', 'gzip')).payload).toBe(gzipped.payload);

    const fresh = await get('/fresh', 'br');
    expect(fresh.payload).not.toBe(first.payload);
    expect(fresh.payload!.equals(first.payload!)).toBe(true);

    // Each copy counted once, when it was made.
    expect(kept).toEqual([
      ['/cached', first.payload!.length],
      ['/cached', gzipped.payload!.length],
      ['/fresh', fresh.payload!.length],
    ]);
  });

  it('sends the body as it is to a client that accepts neither, and a body under 1 KB as it is', async () => {
    for (const accepted of [undefined, 'identity', 'deflate']) {
      const { res, payload } = await get('/cached', accepted);
      expect([res.headers['content-encoding'], res.headers.vary]).toEqual([undefined, 'accept-encoding']);
      expect(payload).toBe(cached);
    }
    expect((await get('/small', 'br')).res.headers['content-encoding']).toBeUndefined();
    expect(kept.map(([url]) => url)).not.toContain('/small');
  });
});
