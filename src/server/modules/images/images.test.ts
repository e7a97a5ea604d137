import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, imageVariants, tradeIns } from '../../db/schema';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError } from '../../../../tests/support/errors';
import { sellForm } from '../../../../tests/support/sell-form';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { decodingPeak, sniffImageType, storeImage } from './service';

const t = useTestApp();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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

  it('refuses a file whose bytes are not a JPEG, PNG or WebP with 415, naming the types taken', async () => {
    await expect(storeImage({ db: t.db, data: Buffer.from('%PDF-1.4 not an image') })).rejects.toMatchObject({
      code: 'INVALID_IMAGE',
      message: 'Upload a JPEG, PNG or WebP image of at most 5 MB',
      status: 415,
    });
  });

  it('refuses a file that starts like a PNG but does not decode with 400', async () => {
    const data = Buffer.concat([PNG_SIGNATURE, Buffer.from('not the rest of a PNG')]);
    await expect(storeImage({ db: t.db, data })).rejects.toMatchObject({
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

  it('refuses a file labelled as an image whose bytes are not one with 415, storing nothing', async () => {
    const before = await imageCount();
    const res = await upload(Buffer.from('%PDF-1.4 not an image'), 'image/jpeg');
    expectError(res, 415, { code: 'INVALID_IMAGE', message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB' });
    expect(await imageCount()).toBe(before);
  });

  it('lets the bytes decide the type: a PNG labelled otherwise, a GIF and an AVIF are taken', async () => {
    const gif = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#aa3300' } })
      .gif()
      .toBuffer();
    const avif = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#00aa33' } })
      .avif()
      .toBuffer();
    for (const [body, type] of [
      [await png(12, 8), 'image/jpeg'],
      [await png(12, 8), 'application/octet-stream'],
      [gif, 'image/gif'],
      [avif, 'image/avif'],
    ] as const) {
      const res = await upload(body, type);
      expect(res.statusCode, type).toBe(201);
    }
  });

  it('refuses SVG artwork too (docs/decisions/038), and an empty body with 400', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    for (const type of ['image/svg+xml', 'image/png']) {
      const res = await upload(svg, type);
      expectError(res, 415, { code: 'INVALID_IMAGE', message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB' });
    }
    expectError(await upload(Buffer.alloc(0), 'image/png'), 400, {
      code: 'INVALID_IMAGE',
      message: 'The image is empty: choose an image file',
    });
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

/**
 * The reviewer's image, rebuilt (566 bytes): SVG drawing a blurred circle 100 times through nested <use>.
 * Rendered, it costs seconds of CPU per level of nesting; it must be refused before any decoder sees it.
 */
function nestedUseSvg(): string {
  const level = (id: string, ref: string) =>
    `<g id="${id}">${Array.from({ length: 10 }, () => `<use href="#${ref}"/>`).join('')}</g>`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><defs>' +
    '<filter id="f"><feGaussianBlur stdDeviation="60"/></filter>' +
    '<circle id="c" cx="400" cy="400" r="300" filter="url(#f)"/>' +
    `${level('a', 'c')}${level('b', 'a')}</defs><use href="#b"/></svg>`
  );
}

describe('sniffImageType', () => {
  it('reads the type from the first bytes, whatever the file is called', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(await base.clone().avif().toBuffer())).toBe('image/avif');
    for (const data of [Buffer.from(nestedUseSvg()), Buffer.alloc(0), Buffer.from('%PDF-1.4'), PNG_SIGNATURE.subarray(0, 4)]) {
      expect(sniffImageType(data)).toBeNull();
    }
  });
});

describe('image intake from outside the admin (profile picture, sell photos)', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signUpCustomer(t)).cookie;
  });
  const TYPES_MESSAGE = 'Upload a JPEG, PNG or WebP image of at most 5 MB';
  const svg = Buffer.from(nestedUseSvg());
  const pictureRaw = (body: Buffer | string, contentType: string) =>
    send(t.app, 'POST', '/api/account/profile/picture', { body, cookie, headers: { 'content-type': contentType } });
  const pictureJson = (image: string) => send(t.app, 'POST', '/api/account/profile/picture', { body: { image }, cookie });
  const sell = (photo: string) => send(t.app, 'POST', '/api/trade-ins', { body: sellForm({ photos: [photo] }) });
  const counts = async () => ({
    images: (await t.db.select({ id: images.id }).from(images)).length,
    tradeIns: (await t.db.select({ id: tradeIns.id }).from(tradeIns)).length,
  });

  it("refuses the nested-<use> SVG in under a second on every route, whatever its label, while a PNG beside it is taken", async () => {
    const before = await counts();
    const started = performance.now();
    const [photo, raw, rawAsPng, json, jsonAsPng, picture] = await Promise.all([
      sell(`data:image/png;base64,${svg.toString('base64')}`),
      pictureRaw(svg, 'image/svg+xml'),
      pictureRaw(svg, 'image/png'),
      pictureJson(`data:image/svg+xml;base64,${svg.toString('base64')}`),
      pictureJson(`data:image/png;base64,${svg.toString('base64')}`),
      pictureRaw(await png(64, 64), 'image/png'),
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    expectError(photo, 415, {
      code: 'INVALID_IMAGE',
      message: 'Each photo must be a JPEG, PNG or WebP image',
      fields: { photos: 'Each photo must be a JPEG, PNG or WebP image' },
    });
    for (const res of [raw, rawAsPng, json, jsonAsPng]) {
      expectError(res, 415, { code: 'INVALID_IMAGE', message: TYPES_MESSAGE });
    }
    expect(picture.statusCode).toBe(200);
    expect(await counts()).toEqual({ images: before.images + 1, tradeIns: before.tradeIns });
  });

  it('answers an empty picture, "====" and random bytes with 400 or 415 and a clear message, storing nothing', async () => {
    const before = await counts();
    const random = Buffer.from('5d1c9e0a7b3f428e61d04fa29c7be8133a6f0d52e94b7c18', 'hex');
    const broken = Buffer.concat([PNG_SIGNATURE, random]);
    const empty = { code: 'INVALID_IMAGE', message: 'The image is empty: choose an image file' };
    const notAnImage = { code: 'INVALID_IMAGE', message: 'The file is not an image' };
    const wrongType = { code: 'INVALID_IMAGE', message: TYPES_MESSAGE };
    expectError(await pictureRaw(Buffer.alloc(0), 'image/png'), 400, empty);
    expectError(await pictureJson('===='), 400, empty);
    expectError(await pictureJson('data:image/png;base64,===='), 400, empty);
    expectError(await pictureRaw(random, 'image/jpeg'), 415, wrongType);
    expectError(await pictureJson(`data:image/jpeg;base64,${random.toString('base64')}`), 415, wrongType);
    expectError(await pictureRaw(broken, 'image/png'), 400, notAnImage);
    expectError(await pictureJson(broken.toString('base64')), 400, notAnImage);

    const photoRefused = (status: number, code: string, field = 'photos') => ({
      status,
      error: {
        code,
        message: 'Each photo must be a JPEG, PNG or WebP image',
        fields: { [field]: 'Each photo must be a JPEG, PNG or WebP image' },
      },
    });
    for (const [photo, expected] of [
      ['data:image/png;base64,A', photoRefused(400, 'VALIDATION_FAILED')],
      // Not even base64 data: the shared schema refuses it under the photo's own index.
      ['data:image/png;base64,====', photoRefused(400, 'VALIDATION_FAILED', 'photos.0')],
      [`data:image/png;base64,${random.toString('base64')}`, photoRefused(415, 'INVALID_IMAGE')],
      [`data:image/png;base64,${broken.toString('base64')}`, photoRefused(400, 'VALIDATION_FAILED')],
    ] as const) {
      const res = await sell(photo);
      expect({ status: res.statusCode, ...res.json() }, photo).toEqual(expected);
    }
    expect(await counts()).toEqual(before);
  });
});
