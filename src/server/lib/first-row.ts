import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../db/client';

/**
 * The row of `table` where `where` holds (a unique key: a reference number, an email), or null. With
 * `lock`, the row is held (FOR UPDATE) until the caller's transaction ends, so two staff acting at once
 * change it one after the other and the second sees the first's result.
 */
export async function firstRow<TTable extends PgTable>(
  db: DbHandle,
  table: TTable,
  where: SQL | undefined,
  { lock = false } = {},
): Promise<TTable['$inferSelect'] | null> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return (row as TTable['$inferSelect'] | undefined) ?? null;
}
