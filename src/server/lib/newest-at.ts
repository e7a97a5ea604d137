import { desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../db/client';

/** The newest time in a timestamp column of `table` (of the rows where `where` holds), or null when there is none. */
export async function newestAt(
  db: DbHandle,
  table: PgTable,
  column: AnyPgColumn<{ data: Date }>,
  where?: SQL,
): Promise<Date | null> {
  const [row] = await db.select({ at: column }).from(table).where(where).orderBy(desc(column)).limit(1);
  return (row?.at as Date | undefined) ?? null;
}
