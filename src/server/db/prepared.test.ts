import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import { transaction } from './client';
import { prepared, preparedSql, type Value } from './prepared';
import { appMeta } from './schema';

const remember = prepared((db, value: Value<{ key: string; value: string }>) =>
  db
    .insert(appMeta)
    .values({ key: value('key'), value: value('value') })
    .returning({ key: appMeta.key }),
);
const recall = prepared((db, value: Value<{ key: string }>) =>
  db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, value('key'))),
);
const backend = preparedSql(() => sql`select pg_backend_pid() as pid`);

let database: TestDatabase;
const statements: string[] = [];
let logged: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  logged = await createTestDatabase({ logger: { logQuery: (query) => statements.push(query) } });
});
afterAll(async () => {
  await database.drop();
  await logged.drop();
});

describe('a statement built once', () => {
  it('runs on the database with the values of each run', async () => {
    expect(await remember(database.db, { key: 'prepared-a', value: '1' })).toEqual([{ key: 'prepared-a' }]);
    expect(await remember(database.db, { key: 'prepared-b', value: '2' })).toEqual([{ key: 'prepared-b' }]);
    expect(await recall(database.db, { key: 'prepared-b' })).toEqual([{ value: '2' }]);
  });

  it("runs inside a transaction on the transaction's connection: its rollback takes the write back", async () => {
    await expect(
      transaction(database.db, async (tx) => {
        await remember(tx, { key: 'prepared-rolled-back', value: '1' });
        expect(await recall(tx, { key: 'prepared-rolled-back' })).toEqual([{ value: '1' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await recall(database.db, { key: 'prepared-rolled-back' })).toEqual([]);

    await transaction(database.db, async (tx) => {
      await remember(tx, { key: 'prepared-committed', value: '1' });
    });
    expect(await recall(database.db, { key: 'prepared-committed' })).toEqual([{ value: '1' }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL, runs on the transaction's own connection", async () => {
    const pidOf = (result: unknown) => (result as { rows: Array<{ pid: number }> }).rows[0]!.pid;
    await transaction(database.db, async (tx) => {
      const own = pidOf(await tx.execute(sql`select pg_backend_pid() as pid`));
      expect(pidOf(await backend(tx, {}))).toBe(own);
      await remember(tx, { key: 'prepared-uncommitted', value: '1' });
      // The pool's other connections do not see it before the commit.
      expect(await recall(database.db, { key: 'prepared-uncommitted' })).toEqual([]);
    });
  });

  it('reports to the logger of the database it runs on, whichever database it was first built on', async () => {
    statements.length = 0; // the migrations'
    await remember(logged.db, { key: 'prepared-logged', value: '1' });
    await transaction(logged.db, (tx) => recall(tx, { key: 'prepared-logged' }));
    // PostgreSQL's transaction also logs its begin and commit.
    expect(statements.filter((text) => text.includes('app_meta'))).toEqual([
      'insert into "app_meta" ("key", "value", "created_at") values ($1, $2, default) returning "key"',
      'select "value" from "app_meta" where "app_meta"."key" = $1',
    ]);
  });
});
