import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/errors';
import { createTestDatabase, testConfig, useTestApp } from '../../../../tests/support/test-app';
import { buildApp } from '../../app';
import { createLifecycle } from '../../lib/shutdown';

const t = useTestApp();

/** The real app on its own fresh database, for a test that stops it, breaks its database or stops the instance. */
async function ownApp() {
  const database = await createTestDatabase();
  const lifecycle = createLifecycle();
  const app = await buildApp({ config: testConfig(), db: database.db, lifecycle, logger: false });
  return { app, database, lifecycle, close: () => app.close().then(() => database.drop()) };
}

describe('GET /api/health (alive)', () => {
  it('answers ok, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stays ok when the database is gone: its outage is no reason to restart the process', async () => {
    const own = await ownApp();
    await own.database.drop();
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await own.app.close();
    }
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready when the database answers and has every migration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 from the moment the instance is stopping, and every reply then closes its connection', async () => {
    const own = await ownApp();
    try {
      const before = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(before.headers.connection).not.toBe('close');
      own.lifecycle.stopping = true;
      const ready = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expectError(ready, 503, { code: 'SERVICE_UNAVAILABLE', message: 'Shutting down' });
      expect(ready.headers.connection).toBe('close');
      // Alive all the same, and still serving what it is asked while the balancer moves away.
      const alive = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(alive.statusCode).toBe(200);
      expect(alive.headers.connection).toBe('close');
    } finally {
      await own.close();
    }
  });

  it('answers 503 when the database lacks a migration this code ships', async () => {
    const own = await ownApp();
    try {
      await own.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expectError(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'The database lacks 1 migration' });
      await own.database.db.execute(sql`drop table drizzle.__drizzle_migrations`);
      const none = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(none.statusCode).toBe(503);
      expect(none.json().error.message).toMatch(/^The database lacks \d+ migrations$/);
    } finally {
      await own.close();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const own = await ownApp();
    await own.database.drop();
    try {
      const res = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expectError(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable' });
    } finally {
      await own.app.close();
    }
  });
});
