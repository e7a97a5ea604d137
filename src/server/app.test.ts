import { sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { get } from 'node:http';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { expectError } from '../../tests/support/errors';
import { tempFolder } from '../../tests/support/temp-folders';
import { createTestDatabase, send, testConfig, useTestApp } from '../../tests/support/test-app';
import { buildApp } from './app';

const webDist = tempFolder('quickbuy-dist-');
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>QuickBuy</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
);

mkdirSync(path.join(webDist, 'assets'));
const script = 'console.log("quickbuy");'.repeat(100);
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));

const t = useTestApp({ WEB_DIST_DIR: webDist });

describe('every reply', () => {
  it('carries the security headers and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'test-request-0001' },
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBe('test-request-0001');
  });
});

describe('unknown and malformed requests', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expectError(res, 404, { code: 'NOT_FOUND', message: 'No route for GET /api/nope' });
  });

  it('answers a percent-encoded /api path with the JSON 404 too, not the web app', async () => {
    for (const url of ['/%61pi/nope', '/%61%70%69', '/api%2Fnope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('answers a body that is not JSON with a 400', async () => {
    const res = await send(t.app, 'POST', '/api/contact', {
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('answers a body over the limit with a 413', async () => {
    const res = await send(t.app, 'POST', '/api/contact', {
      body: JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
  });

  it('refuses a state-changing request without the QuickBuy header with a 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expectError(res, 403, { code: 'CSRF_HEADER_MISSING', message: 'This request must come from the QuickBuy website' });
  });

  it('answers an unsupported content type with a 415', async () => {
    const res = await send(t.app, 'POST', '/api/contact', { body: 'name=x', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Unsupported content type: send JSON');
  });
});

describe('the web app', () => {
  it('serves index.html uncached with the page title for a known route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>FAQ | QuickBuy</title>');
    expect(res.body).toContain('<meta name="quickbuy-currency" content="NGN" />');
  });

  it('serves hashed assets precompressed with a year-long immutable cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(script))).toBe(true);
  });

  it('serves the app with a 404 status for a path no page matches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/definitely/not/here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers a POST to a page path with a JSON 404', async () => {
    const res = await send(t.app, 'POST', '/about');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

/** The app on a fresh database at LOG_LEVEL info, its JSON log lines read back as they are written. */
async function withLog(
  test: (app: FastifyInstance, lines: Array<Record<string, unknown>>, db: Database) => Promise<void>,
) {
  const database = await createTestDatabase();
  const stream = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), db: database.db, logStream: stream });
  try {
    await test(app, lines, database.db);
  } finally {
    await app.close();
    await database.drop();
  }
}

/** Writes `text` (a request, whole or cut short) on a raw connection and drops the connection once `hangUp` settles. */
async function sendAndHangUp(port: number, text: string, hangUp: Promise<unknown>) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(text);
  await hangUp;
  socket.destroy();
  await once(socket, 'close');
}

describe('the log', () => {
  const accessLines = (lines: Array<Record<string, unknown>>, reqId: string) =>
    lines.filter((line) => line.reqId === reqId && 'statusCode' in line);

  it('writes one access line a request, with method, path, status and time, never the query string', async () => {
    await withLog(async (app, lines) => {
      await app.ready();
      await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'access-log-0001' } });
      await send(app, 'POST', '/api/auth/reset-password?token=secret-token-123', { body: {} });
      await expect.poll(() => lines.length).toBe(2);
      expect(lines[0]).toMatchObject({
        level: 30,
        reqId: 'access-log-0001',
        method: 'GET',
        url: '/api/health',
        statusCode: 200,
        responseTime: expect.any(Number),
        msg: expect.stringMatching(/^GET \/api\/health 200 [\d.]+ ms$/),
      });
      expect(lines[0]).not.toHaveProperty('aborted');
      // Written as pino writes a line: its fields, in its order.
      expect(Object.keys(lines[0]!)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'method',
        'url',
        'statusCode',
        'responseTime',
        'msg',
      ]);
      expect(lines[1]).toMatchObject({ method: 'POST', url: '/api/auth/reset-password', statusCode: 400 });
      expect(JSON.stringify(lines)).not.toContain('secret-token-123');
    });
  });

  it('writes a path with quotes and a backslash as valid JSON, unchanged', async () => {
    await withLog(async (app, lines) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      // As a client may send it: Node's client, like curl, passes these bytes on unescaped.
      const path = '/api/no-such-"page"\\{x}';
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const headers = { 'x-request-id': 'access-log-json-01' };
        get({ host: '127.0.0.1', port, path, headers }, (res) => resolve(res.resume().statusCode)).on('error', reject);
      });
      expect(status).toBe(404);
      await expect
        .poll(() => accessLines(lines, 'access-log-json-01'))
        .toEqual([
          expect.objectContaining({
            url: path,
            statusCode: 404,
            msg: expect.stringMatching(/^GET \/api\/no-such-"page"\\\{x\} 404 /),
          }),
        ]);
    });
  });

  it('writes one line, marked aborted with status 499, for a client that hangs up mid-upload or while the handler works', async () => {
    await withLog(async (app, lines) => {
      let arrived!: () => void;
      let release!: () => void;
      const working = new Promise<void>((resolve) => (arrived = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      // A page path, not /api: a handler that answers only when the test lets it.
      app.get('/held-reply', async () => {
        arrived();
        await held;
        return 'too late';
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;

      // 12 bytes of a 100,000-byte body, then the client goes, as the abandoned 60-second upload did.
      const upload =
        'POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\nX-QuickBuy-Request: 1\r\nX-Request-Id: aborted-upload-01\r\n\r\n{"name":"Th';
      await sendAndHangUp(port, upload, new Promise((resolve) => setTimeout(resolve, 50)));
      const request = 'GET /held-reply HTTP/1.1\r\nHost: shop.test\r\nX-Request-Id: aborted-handler-01\r\n\r\n';
      await sendAndHangUp(port, request, working);
      await expect.poll(() => accessLines(lines, 'aborted-handler-01').length).toBe(1);
      // The handler answers after the client left: the reply goes nowhere and writes no second line.
      release();
      const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-request-id': 'whole-request-01' },
      });
      expect(health.status).toBe(200);
      await expect.poll(() => accessLines(lines, 'whole-request-01').length).toBe(1);
      await app.close();

      expect(accessLines(lines, 'aborted-upload-01')).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/api/contact',
          statusCode: 499,
          aborted: true,
          msg: expect.stringMatching(/^POST \/api\/contact 499 [\d.]+ ms \(aborted\)$/),
        }),
      ]);
      expect(accessLines(lines, 'aborted-handler-01')).toEqual([
        expect.objectContaining({ method: 'GET', url: '/held-reply', statusCode: 499, aborted: true }),
      ]);
      const [whole] = accessLines(lines, 'whole-request-01');
      expect(accessLines(lines, 'whole-request-01')).toHaveLength(1);
      expect(whole).toMatchObject({ url: '/api/health', statusCode: 200 });
      expect(whole).not.toHaveProperty('aborted');
    });
  });

  it("logs a failed query without its parameters or the database's row detail", async () => {
    await withLog(async (app, lines, db) => {
      const failure = await db.execute(sql`select ${'hunter2-secret'}::int`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      app.log.error({ err: failure }, 'unhandled error');
      await expect.poll(() => JSON.stringify(lines)).toContain('unhandled error');
      const logged = JSON.stringify(lines);
      expect(logged).toContain('Failed query: select $1::int');
      expect(logged).not.toContain('hunter2-secret');
    });
  });
});
