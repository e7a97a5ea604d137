import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { afterCommit, transaction } from './client';
import { appMeta } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('transaction and afterCommit', () => {
  it('runs the hooks once the rows are committed, with the database', async () => {
    const seen: Array<{ rows: number; sameDb: boolean }> = [];
    await transaction(database.db, async (tx) => {
      await tx.insert(appMeta).values({ key: 'after-commit', value: '1' });
      afterCommit(tx, (db) => {
        void db
          .select()
          .from(appMeta)
          .where(eq(appMeta.key, 'after-commit'))
          .then((rows) => seen.push({ rows: rows.length, sameDb: db === database.db }));
      });
      expect(seen).toEqual([]);
    });
    await expect.poll(() => seen).toEqual([{ rows: 1, sameDb: true }]);
  });

  it('drops the hooks when the transaction rolls back', async () => {
    let ran = false;
    await expect(
      transaction(database.db, async (tx) => {
        afterCommit(tx, () => {
          ran = true;
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(false);
  });

  it("waits for the outer commit inside a savepoint, and drops a rolled-back savepoint's hooks", async () => {
    const ran: string[] = [];
    await transaction(database.db, async (tx) => {
      await transaction(tx, async (savepoint) => {
        afterCommit(savepoint, () => ran.push('kept'));
      });
      await transaction(tx, async (savepoint) => {
        afterCommit(savepoint, () => ran.push('dropped'));
        throw new Error('rolled back');
      }).catch(() => undefined);
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['kept']);
  });

  it('runs at once outside a transaction, and refuses a transaction it cannot see the end of', async () => {
    let ran = false;
    afterCommit(database.db, () => {
      ran = true;
    });
    expect(ran).toBe(true);
    await database.db.transaction(async (tx) => {
      expect(() => afterCommit(tx, () => undefined)).toThrow(/transaction\(\) from db\/client/);
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection dropped by the server', () => {
  it('fails the transaction it was in, and the store goes on with a new connection', async () => {
    const { sql } = await import('drizzle-orm');
    const pg = (await import('pg')).default;
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      const attempt = transaction(database.db, async (tx) => {
        await tx.execute(sql`select set_config('application_name', 'quickbuy-doomed', false)`);
        // The server ends this connection between two statements, while the client is checked out of the pool.
        await killer.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'quickbuy-doomed'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.select().from(appMeta).limit(1);
      });
      await expect(attempt).rejects.toThrow();
      await expect(database.db.select().from(appMeta).limit(1)).resolves.toBeInstanceOf(Array);
    } finally {
      await killer.end();
    }
  });
});
