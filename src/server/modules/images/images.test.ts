import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, imageVariants } from '../../db/schema';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { decodingPeak, storeImage } from './service';

const t = useTestApp();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('storeImage', () => {
  it('normalises an image to WebP at most 1600 px wide', async () => {
    const { id } = await storeImage({ db: t.db, data: await png(2000, 1000) });
    const res = await t.app.inject({ method: 'GET', url: `/images/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
  });

  it('rejects a file that is not an image', async () => {
    await expect(storeImage({ db: t.db, data: Buffer.from('%PDF-1.4 not an image') })).rejects.toMatchObject({
      code: 'INVALID_IMAGE',
      message: 'The file is not an image',
      status: 400,
    });
  });
});

describe('GET /images/:id', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await storeImage({ db: t.db, data: await png(1200, 900) }));
  });

  it('serves the original with immutable cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
  });

  it('serves a listed width as a WebP variant and keeps it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${id}?w=320` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    const stored = await t.db.select({ width: imageVariants.width }).from(imageVariants);
    expect(stored.map((v) => v.width)).toContain(320);
  });

  it.each([
    [1, 160],
    [161, 320],
    [500, 640],
    [641, 960],
    [5000, 960],
  ])('snaps w=%i to the next larger width %i', async (requested, served) => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${id}?w=${requested}` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(served);
  });

  it('never enlarges a small image', async () => {
    const small = await storeImage({ db: t.db, data: await png(100, 50) });
    const res = await t.app.inject({ method: 'GET', url: `/images/${small.id}?w=640` });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(100);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of ['/images/00000000-0000-4000-8000-000000000000', '/images/nope', '/images/nope?w=320']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectError(res, 404, { code: 'IMAGE_NOT_FOUND', message: 'Image not found' });
    }
  });

  it('answers 400 for a width that is not a whole number', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/images/${id}?w=wide` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ w: 'Width must be a whole number of pixels' });
  });

  it('serves the placeholder SVG', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/placeholder.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('<svg');
  });
});

describe('POST /api/admin/images', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedInAdmin(t)).cookie;
  });
  const upload = (body: Buffer | string, contentType: string, as = cookie) =>
    send(t.app, 'POST', '/api/admin/images', { body, cookie: as, headers: { 'content-type': contentType } });
  const imageCount = async () => (await t.db.select({ id: images.id }).from(images)).length;

  it('stores an uploaded photo and answers its id and URL', async () => {
    const res = await upload(await png(900, 600), 'image/png');
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    expect(url).toBe(`/images/${id}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a file that claims to be an image but is not, storing nothing', async () => {
    const before = await imageCount();
    const res = await upload(Buffer.from('%PDF-1.4 not an image'), 'image/jpeg');
    expectError(res, 400, { code: 'INVALID_IMAGE', message: 'The file is not an image' });
    expect(await imageCount()).toBe(before);
  });

  it('refuses a type that is not an image with 415, storing nothing', async () => {
    const before = await imageCount();
    for (const type of ['application/pdf', 'text/plain', 'application/json']) {
      const res = await upload('%PDF-1.4', type);
      expectError(res, 415, {
        code: 'INVALID_IMAGE',
        message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB',
      });
    }
    expect(await imageCount()).toBe(before);
  });

  it('refuses an image over 5 MB with 413, storing nothing', async () => {
    const before = await imageCount();
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png');
    expectError(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    expect(await imageCount()).toBe(before);
  });

  it('answers 403 to a customer', async () => {
    const res = await upload(await png(10, 10), 'image/png', (await signUpCustomer(t)).cookie);
    expect(res.statusCode).toBe(403);
  });

  it('decodes at most two photos at once: five uploads together all succeed, two decoding at a time', async () => {
    // Large enough (12 megapixels) that one decode is still running when the next upload arrives.
    const photos = await Promise.all(Array.from({ length: 5 }, (_, i) => png(4000 - i, 3000)));
    decodingPeak();
    const replies = await Promise.all(photos.map((photo) => upload(photo, 'image/png')));
    expect(replies.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(decodingPeak()).toBe(2);
  });
});
