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
