import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '../../shared/admin';
import type { PagedReply } from '../../shared/paging';
import { isEmbedded, type Database, type DbHandle } from '../db/client';
import { countRows } from './count-rows';

/** A query builder that can still be limited and offset (any Drizzle select). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** A filtered select not yet ordered (any Drizzle select after its `.where()`). */
interface Orderable<T> {
  orderBy(...columns: SQL[]): Pageable<T>;
}

/** A table listed newest first: it has the `created_at` and `id` its `.desc()` indexes are built on. */
export type NewestTable = PgTable & { createdAt: AnyColumn; id: AnyColumn };

/** `?page=&pageSize=` as read by a paged list. */
interface Paging {
  page: number;
  pageSize: number;
}

/** What every admin list function takes: the database and its `?page=&pageSize=&q=&status=`. */
export interface AdminListInput {
  db: Database;
  query: AdminListQuery;
}

/**
 * A list's total: `count` it (remembered while nothing narrows the list), and `forget` the remembered one
 * after a commit that adds or removes a row.
 */
export interface RememberedTotal {
  count(db: Database, narrowing?: SQL): Promise<number>;
  forget(db: Database): void;
}

/**
 * The count of `table`'s rows matching `where` and, when a search or filter narrows the list, `narrowing`
 * (docs/decisions/035). The whole list's count is what every first page asks for: on PGlite it is counted
 * once and remembered per database until `forget`, which
 * the module owning the table calls after every commit that adds or removes such a row (afterCommit):
 * nothing but this process writes an embedded database, and the count is a scan of the whole table
 * that every first page would otherwise pay. A count begun before a forget is never kept after it, so a
 * read begun after a write's reply counts that write. On PostgreSQL, which other instances and tools
 * write, it is counted every time, as is every narrowed count.
 */
export function rememberedTotal(table: PgTable, where?: SQL): RememberedTotal {
  const remembered = new WeakMap<Database, Promise<number>>();
  return {
    count(db, narrowing) {
      if (narrowing || !isEmbedded(db)) return countRows(db, table, and(where, narrowing));
      let total = remembered.get(db);
      if (!total) {
        total = countRows(db, table, where);
        remembered.set(db, total);
        // A failed count is not kept: the next read counts again.
        total.catch(() => remembered.get(db) === total && remembered.delete(db));
      }
      return total;
    },
    forget(db) {
      remembered.delete(db);
    },
  };
}

/**
 * One page of `rows` (already filtered and ordered) and the count of every row matching, run side
 * by side: the shape of every server-paged admin list.
 */
export async function onePage<T>(
  rows: Pageable<T>,
  total: PromiseLike<number>,
  { page, pageSize }: Paging,
): Promise<PagedReply<T>> {
  const [items, n] = await Promise.all([rows.limit(pageSize).offset((page - 1) * pageSize), total]);
  return { items, total: n, page, pageSize };
}

/**
 * Newest first, in the order the `.desc()` indexes store it: `created_at DESC NULLS LAST`, then the
 * id. Drizzle's desc() writes a plain DESC, which PostgreSQL reads as NULLS FIRST; an index built
 * NULLS LAST cannot give that order, so every page would sort the whole table (decision 028).
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/**
 * One page of `table`'s rows matching `where`, newest first (newestFirst), with the count of them
 * all (onePage). The rows are whole unless `rows` selects them otherwise, filtered by the same `where`;
 * the count is counted unless `total` is given (a RememberedTotal's count).
 */
export function newestPage<TTable extends NewestTable>(
  db: DbHandle,
  table: TTable,
  where: SQL | undefined,
  paging: Paging,
  parts?: { total?: PromiseLike<number> },
): Promise<PagedReply<TTable['$inferSelect']>>;
export function newestPage<T>(
  db: DbHandle,
  table: NewestTable,
  where: SQL | undefined,
  paging: Paging,
  parts: { rows: Orderable<T>; total?: PromiseLike<number> },
): Promise<PagedReply<T>>;
export function newestPage<T>(
  db: DbHandle,
  table: NewestTable,
  where: SQL | undefined,
  paging: Paging,
  {
    rows = db.select().from(table).where(where) as unknown as Orderable<T>,
    total = countRows(db, table, where),
  }: { rows?: Orderable<T>; total?: PromiseLike<number> } = {},
): Promise<PagedReply<T>> {
  return onePage(rows.orderBy(...newestFirst(table.createdAt, table.id)), total, paging);
}

/**
 * Every row of `table` where `where` holds, newest first (newestFirst), the first `limit` of them when given:
 * a list read whole, as a person's own requests or trade-ins are.
 */
export function newestRows<TTable extends NewestTable>(
  db: DbHandle,
  table: TTable,
  where: SQL | undefined,
  { limit }: { limit?: number } = {},
): Promise<TTable['$inferSelect'][]> {
  const rows = db
    .select()
    .from(table as NewestTable)
    .where(where)
    .orderBy(...newestFirst(table.createdAt, table.id));
  return (limit === undefined ? rows : rows.limit(limit)) as Promise<TTable['$inferSelect'][]>;
}

/**
 * Where a row stands in newestFirst order, for keyset paging (an export read in batches): its
 * `created_at` as text, to the microsecond the column keeps (a Date would cut it to the millisecond
 * and skip rows within that millisecond), and its id. Select `newestKey(table)` beside the row's own columns.
 */
export const newestKey = (table: NewestTable) => ({
  keyAt: sql<string>`${table.createdAt}::text`,
  keyId: sql<string>`${table.id}::text`,
});
export interface NewestKey {
  keyAt: string;
  keyId: string;
}

/**
 * The rows after `after` in newestFirst order (all of them without one). Written as a range on
 * `created_at` and a tie-break on the id, so the `created_at` index bounds the scan; a row comparison
 * `(created_at, id) < (...)` could not use an index that holds `created_at` alone.
 */
export function afterInNewestFirst(table: NewestTable, after: NewestKey | undefined): SQL | undefined {
  if (!after) return undefined;
  const at = sql`${after.keyAt}::timestamptz`;
  return sql`(${table.createdAt} <= ${at} and (${table.createdAt} < ${at} or ${table.id} < ${after.keyId}::uuid))`;
}
