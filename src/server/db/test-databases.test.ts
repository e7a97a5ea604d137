import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-app';
import type { Database } from './client';

/*
 * The test databases on PGlite are engines given back, emptied and reused (tests/support/reused-pglite.ts): each
 * test must still start from what the migrations leave, and a dropped one must be gone for the test that dropped it.
 */

const rowsOf = async (db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a PGlite test database after another', () => {
  it('holds none of the rows or sequence values of the one before, which is unreachable once dropped', async () => {
    const first = await createTestDatabase();
    await first.db.execute(sql`insert into app_meta (key, value) values ('left-behind', '1')`);
    await first.db.execute(sql`select nextval('audit_log_id_seq'), nextval('audit_log_id_seq')`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    await first.drop();
    await expect(first.db.execute(sql`select 1`)).rejects.toHaveProperty('cause.message', 'PGlite is closed');

    const next = await createTestDatabase();
    try {
      expect(await rowsOf(next.db, sql`select key from app_meta where key = 'left-behind'`)).toEqual([]);
      expect(await rowsOf(next.db, sql`select nextval('audit_log_id_seq')::int as id`)).toEqual([{ id: 1 }]);
      expect(await rowsOf(next.db, sql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await next.drop();
    }
  });

  it('has every table the migrations made, after a test that renamed one and never named it back', async () => {
    const renamed = await createTestDatabase();
    await renamed.db.execute(sql`alter table app_meta rename to app_meta_away`);
    await renamed.drop();

    const next = await createTestDatabase();
    try {
      expect(await rowsOf(next.db, sql`select to_regclass('public.app_meta')::text as name`)).toEqual([
        { name: 'app_meta' },
      ]);
    } finally {
      await next.drop();
    }
  });
});
