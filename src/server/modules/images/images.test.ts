import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_IMAGE_TYPES } from '../../../shared/images';
import { images, imageVariants, tradeIns } from '../../db/schema';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { scanBombJpeg, sixteenBitPng } from '../../../../tests/support/crafted-images';
import { expectError } from '../../../../tests/support/errors';
import { sellForm } from '../../../../tests/support/sell-form';
import { send, useTestApp } from '../../../../tests/support/test-app';
import type { AppError } from '../../lib/errors';
import { seedTradeInQuotes } from '../../seed/trade-in-quotes';
import { IMAGE_JOB_SECONDS, ownImages } from './budgets';
import { busyDecoders, decodingPeak, runImageJob } from './image-jobs';
import { jpegScanCount, MAX_JPEG_SCANS } from './jpeg-scans';
import { sniffImageType, storeImage } from './stored-images';

const t = useTestApp();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

const imageCount = async () => (await t.db.select({ id: images.id }).from(images)).length;

describe('storeImage', () => {
  it('normalises an image to WebP at most 1600 px wide', async () => {
    const { id } = await storeImage({ db: t.db, data: await png(2000, 1000), budget: ownImages });
    const res = await t.app.inject({ method: 'GET', url: `/images/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
  });

  it('refuses a file whose bytes are not a JPEG, PNG or WebP with 415, naming the types taken', async () => {
    await expect(
      storeImage({ db: t.db, data: Buffer.from('%PDF-1.4 not an image'), budget: ownImages }),
    ).rejects.toMatchObject({
      code: 'INVALID_IMAGE',
      message: 'Upload a JPEG, PNG or WebP image of at most 5 MB',
      status: 415,
    });
  });

  it('refuses a file that starts like a PNG but does not decode with 400', async () => {
    const data = Buffer.concat([PNG_SIGNATURE, Buffer.from('not the rest of a PNG')]);
    await expect(storeImage({ db: t.db, data, budget: ownImages })).rejects.toMatchObject({
      code: 'INVALID_IMAGE',
      message: 'The file is not an image',
      status: 400,
    });
  });
});

describe('GET /images/:id', () => {
  let id: string;
  beforeAll(async () => {
    ({ id } = await storeImage({ db: t.db, data: await png(1200, 900), budget: ownImages }));
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
    const small = await storeImage({ db: t.db, data: await png(100, 50), budget: ownImages });
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
    expectError(res, 415, {
      code: 'INVALID_IMAGE',
      message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB',
    });
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
      expectError(res, 415, {
        code: 'INVALID_IMAGE',
        message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB',
      });
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
    for (const data of [
      Buffer.from(nestedUseSvg()),
      Buffer.alloc(0),
      Buffer.from('%PDF-1.4'),
      PNG_SIGNATURE.subarray(0, 4),
    ]) {
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
  const pictureJson = (image: string) =>
    send(t.app, 'POST', '/api/account/profile/picture', { body: { image }, cookie });
  const sell = (photo: string) => send(t.app, 'POST', '/api/trade-ins', { body: sellForm({ photos: [photo] }) });
  const counts = async () => ({
    images: (await t.db.select({ id: images.id }).from(images)).length,
    tradeIns: (await t.db.select({ id: tradeIns.id }).from(tradeIns)).length,
  });

  it('refuses the nested-<use> SVG in under a second on every route, whatever its label, while a PNG beside it is taken', async () => {
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

/** The CPU seconds a process has used so far, read from /proc (null where there is none, or once it is gone). */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('what decoding an image may cost', () => {
  const bomb = scanBombJpeg();
  const dataUrl = (data: Buffer, type: string) => `data:${type};base64,${data.toString('base64')}`;
  const recording = (seconds: number) => {
    const spent: number[] = [];
    return { spent, reserve: () => seconds, settle: (_reserved: number, used: number) => void spent.push(used) };
  };

  it('refuses a JPEG of 2,647 scans (176 KB, 16 megapixels) before any decoder sees it, on every intake route', async () => {
    expect(bomb.length).toBeLessThan(180_000);
    expect(jpegScanCount(bomb, Infinity)).toBe(2647);
    const before = await imageCount();
    const cookie = (await signUpCustomer(t)).cookie;
    const admin = await signedInAdmin(t);
    const started = performance.now();
    const [photo, picture, device] = await Promise.all([
      send(t.app, 'POST', '/api/trade-ins', { body: sellForm({ photos: [dataUrl(bomb, 'image/jpeg')] }) }),
      send(t.app, 'POST', '/api/account/profile/picture', {
        body: bomb,
        cookie,
        headers: { 'content-type': 'image/jpeg' },
      }),
      send(t.app, 'POST', '/api/admin/images', {
        body: bomb,
        cookie: admin.cookie,
        headers: { 'content-type': 'image/jpeg' },
      }),
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    const message = 'The image is saved in too many passes: save it again as an ordinary JPEG';
    expectError(photo, 400, { code: 'VALIDATION_FAILED', message, fields: { photos: message } });
    expectError(picture, 400, { code: 'INVALID_IMAGE', message });
    expectError(device, 400, { code: 'INVALID_IMAGE', message });
    expect(await imageCount()).toBe(before);
  });

  it('counts the scans of real JPEGs as a decoder does: ten for a progressive photo, one for a baseline one', async () => {
    const picture = sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } }).withMetadata();
    expect(jpegScanCount(await picture.clone().jpeg({ progressive: true }).toBuffer())).toBe(10);
    expect(jpegScanCount(await picture.clone().jpeg().toBuffer())).toBe(1);
    expect(jpegScanCount(scanBombJpeg({ scans: MAX_JPEG_SCANS }))).toBe(MAX_JPEG_SCANS);
  });

  it('kills a decode at its deadline whatever the decoder is doing, and the place it held serves the next image', async () => {
    const photo = await png(800, 600);
    const store = () => storeImage({ db: t.db, data: photo, budget: ownImages });
    await Promise.all([store(), store()]); // both decoders started beforehand
    // The scan bomb handed to a decoder directly, past the scan count: 23 s of work if left alone.
    const deadline = 1;
    const started = performance.now();
    const killed = runImageJob(
      { kind: 'normalise', data: bomb, format: 'jpeg', maxPixels: 16_000_000, maxWidth: 1600 },
      recording(deadline),
    ).then(
      () => null,
      (error: AppError) => ({ error, seconds: (performance.now() - started) / 1000 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [pid] = busyDecoders();
    const atStart = cpuSecondsOf(pid!) ?? 0;
    let cpu = atStart;
    const sampling = setInterval(() => (cpu = cpuSecondsOf(pid!) ?? cpu), 20);
    // Beside it, the other decoder takes an ordinary photo at once.
    expect((await store()).id).toBeTruthy();

    const outcome = await killed;
    clearInterval(sampling);
    expect(outcome?.error).toMatchObject({
      status: 400,
      message: 'The image took too long to read: send a smaller one',
    });
    expect(outcome!.seconds).toBeGreaterThanOrEqual(deadline);
    // Killed once it has used its second of CPU: soon after on a quiet machine, within three on a loaded one.
    expect(outcome!.seconds).toBeLessThan(3 * deadline + 0.5);
    expect(isAlive(pid!)).toBe(false);
    if (existsSync('/proc/self/stat')) expect(cpu - atStart).toBeLessThanOrEqual(deadline + 0.1);
    // Its place is free again: the next image is decoded (by a decoder started in its stead).
    expect((await store()).id).toBeTruthy();
  });

  // Written by sharp in this process before the test: slow on a loaded machine, and not what the test times.
  const samples: [string, Buffer][] = [];
  beforeAll(async () => {
    const smooth = () => sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#e76f51' } });
    samples.push(
      ['16-bit PNG', await sixteenBitPng()],
      ['interlaced PNG', await smooth().png({ progressive: true }).toBuffer()],
      ['progressive JPEG', await smooth().jpeg({ progressive: true }).toBuffer()],
      [`JPEG of ${MAX_JPEG_SCANS} scans`, scanBombJpeg({ scans: MAX_JPEG_SCANS })],
      ['lossless WebP', await smooth().webp({ lossless: true }).toBuffer()],
      ['GIF', await smooth().gif().toBuffer()],
      [
        'AVIF',
        await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#264653' } })
          .avif()
          .toBuffer(),
      ],
    );
  }, 120_000);

  it(
    'takes every format and structure it accepts within one job of CPU, or refuses it',
    async () => {
      for (const [name, data] of samples) {
        const budget = recording(IMAGE_JOB_SECONDS);
        const started = performance.now();
        const outcome = await storeImage({ db: t.db, data, accept: DEVICE_IMAGE_TYPES, budget }).then(
          () => 'stored',
          (error: AppError) => error.status,
        );
        expect([outcome, name]).toSatisfy(([result]) => result === 'stored' || result === 400);
        // Its CPU is what the budget counts; the wall clock stops a job at three times that on a loaded machine.
        expect((performance.now() - started) / 1000, name).toBeLessThan(3 * IMAGE_JOB_SECONDS + 0.5);
        expect(budget.spent[0], name).toBeGreaterThan(0);
        expect(budget.spent[0], name).toBeLessThanOrEqual(IMAGE_JOB_SECONDS);
      }
    },
    // Each job is stopped by its wall-clock cap (asserted above); the rest is storing what was taken.
    120_000,
  );
});

describe('the image CPU an address may spend', () => {
  const own = useTestApp({ IMAGE_CPU_SECONDS_PER_ADDRESS: '1' });
  beforeAll(() => seedTradeInQuotes(own.db));
  const sellFrom = (remoteAddress: string, photo: Buffer) =>
    own.app.inject({
      method: 'POST',
      url: '/api/trade-ins',
      remoteAddress,
      headers: { 'x-quickbuy-request': '1' },
      payload: sellForm({ photos: [`data:image/png;base64,${photo.toString('base64')}`] }),
    });

  it('refuses an address that has spent its seconds with 429 for 10 minutes, while another address is served', async () => {
    // About a tenth of a second of CPU each on a quiet machine (a 1000 x 1000 picture of 16 bits a channel), and
    // up to three times that on a loaded one: several are taken before the second is spent however busy it is.
    const photo = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#4a7bd0' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    const replies = [];
    while (replies.length < 60 && replies.at(-1)?.statusCode !== 429) replies.push(await sellFrom('10.9.0.1', photo));
    const statuses = replies.map((res) => res.statusCode);
    // Taken until the second is spent; the job that finds too little left of it may be stopped short (400).
    expect(
      statuses.slice(0, -2).every((status) => status === 201),
      String(statuses),
    ).toBe(true);
    expect(statuses.length).toBeGreaterThanOrEqual(3);
    expect(statuses.length).toBeLessThan(60);
    expectError(replies.at(-1)!, 429, {
      code: 'RATE_LIMITED',
      message: 'Too many images from your address: try again in 10 minutes',
    });
    expect((await sellFrom('10.9.0.2', photo)).statusCode).toBe(201);
  }, 60_000);
});
