import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { scanBombJpeg } from '../../tests/support/crafted-images';
import { sellForm } from '../../tests/support/sell-form';
import {
  listeningPort,
  migratedPgliteDir,
  NO_WEB_BUILD,
  runScript,
  type ScriptProcess,
} from '../../tests/support/server-process';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-app';

/*
 * The real server as an operator runs it (node src/server/main.ts), stopped by SIGTERM with a request
 * in flight: on PGlite in a temporary folder holding the suite's migrated database, or on a fresh PostgreSQL
 * database under with-postgres.
 */

interface Server extends ScriptProcess {
  port: number;
}

let database: TestDatabase | undefined;
let running: ChildProcess | undefined;

afterEach(async () => {
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  running = undefined;
  await database?.drop();
  database = undefined;
});

async function startServer(env: Record<string, string>): Promise<Server> {
  let url = '';
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
    url = database.url!;
  }
  const server = runScript('src/server/main.ts', [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    DATABASE_URL: url,
    DATA_DIR: migratedPgliteDir('quickbuy-stop-'),
    BACKUP_EVERY_HOURS: 'off',
    ...NO_WEB_BUILD,
    SEED_DEMO_DATA: 'false',
    ...env,
  });
  running = server.child;
  return { ...server, port: await listeningPort(server) };
}

/** A GET on a fresh connection: its status, or the connection's error code (ECONNREFUSED once the listener is closed). */
function get(port: number, url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

const CONTACT = JSON.stringify({
  name: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
  subject: 'A question asked slowly',
  message: 'Do you buy back tablets?',
});

/**
 * A contact form posted slowly: the headers and half the body now, the rest when `finish` is called.
 * Until then the request is in flight on the server.
 */
function slowPost(port: number) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/contact',
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(CONTACT),
      'x-quickbuy-request': '1',
    },
  });
  const reply = new Promise<{ status: number; connection?: string } | { error: string }>((resolve) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.write(CONTACT.slice(0, 20));
  return { reply, finish: () => request.end(CONTACT.slice(20)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sell form with one photo, posted as our page posts it: its status and body, or the connection's error. */
function sell(port: number, photo: Buffer): Promise<{ status: number; body: string } | { error: string }> {
  const body = JSON.stringify(sellForm({ photos: [`data:image/jpeg;base64,${photo.toString('base64')}`] }));
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/trade-ins',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-quickbuy-request': '1' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

describe('stopping the real server with SIGTERM', () => {
  it('is not ready at once, takes requests through the drain, finishes the one in flight and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_TIMEOUT_MS: '20000' });
    expect(await get(server.port, '/api/health/ready')).toMatchObject({ status: 200 });
    const slow = slowPost(server.port);
    await sleep(300);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The signal reaches the process between two requests: ready turns 503 at the first after it.
    let ready = await get(server.port, '/api/health/ready');
    while ('status' in ready && ready.status === 200 && Date.now() - signalled < 1000) {
      await sleep(20);
      ready = await get(server.port, '/api/health/ready');
    }
    expect(ready).toMatchObject({ status: 503 });
    expect(JSON.parse((ready as { body: string }).body)).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Shutting down' },
    });
    expect(Date.now() - signalled).toBeLessThan(1000);
    // Alive, and serving, through the drain.
    expect(await get(server.port, '/api/health')).toMatchObject({ status: 200 });

    // After the drain the listener closes, while the slow request is still in flight...
    // A connection caught in the listener's backlog as it closes is reset (ECONNRESET); the next one is refused.
    let health = await get(server.port, '/api/health');
    while (!('error' in health && health.error === 'ECONNREFUSED') && Date.now() - signalled < 15_000) {
      await sleep(100);
      health = await get(server.port, '/api/health');
    }
    expect(health).toEqual({ error: 'ECONNREFUSED' });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
    expect(server.child.exitCode).toBeNull();

    // ...which then completes, and the process exits cleanly.
    slow.finish();
    expect(await slow.reply).toEqual({ status: 201, connection: 'close' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: not ready; taking requests for 3000 ms more');
    expect(server.output()).toContain('"msg":"stopped"');
  }, 120_000);

  it('writes its access lines while it runs, and all of them by the time it exits after SIGTERM', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '10000' });
    const requests = 30;
    const accessLines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"GET /api/health 200'));
    for (let i = 0; i < requests; i += 1) expect(await get(server.port, '/api/health')).toMatchObject({ status: 200 });
    // Held lines go out within 100 ms of being logged, not only at exit.
    await expect.poll(() => accessLines().length).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(accessLines()).toHaveLength(requests);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 120_000);

  it('exits 1 at SHUTDOWN_TIMEOUT_MS when a request in flight never finishes', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '1500' });
    const slow = slowPost(server.port);
    await sleep(300);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(5000);
    expect(server.output()).toContain('Shutdown still waiting after 1500 ms: exiting without it');
    expect(await slow.reply).toHaveProperty('error');
  }, 120_000);

  it('ends well within SHUTDOWN_TIMEOUT_MS with an image being decoded: the decoder is killed, the upload answered 503', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '10000' });
    // A first photo starts the decoders; the second is a JPEG of 100 scans, over a second of decoding.
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e9c46a' } })
      .jpeg()
      .toBuffer();
    expect(await sell(server.port, small)).toMatchObject({ status: 201 });
    const upload = sell(server.port, scanBombJpeg({ scans: 100 }));
    await sleep(300);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const reply = await upload;
    expect(reply).toMatchObject({ status: 503 });
    expect(JSON.parse((reply as { body: string }).body)).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The store is restarting: try again in a moment' },
    });
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3000);
    expect(server.output()).not.toContain('Shutdown still waiting');
  }, 120_000);
});
