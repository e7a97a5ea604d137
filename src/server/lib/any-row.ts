import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../db/client';

/** True when `table` has a row where `where` holds; it stops at the first, where a count reads them all. */
export async function anyRow(db: DbHandle, table: PgTable, where: SQL): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}
