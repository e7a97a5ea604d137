import { count, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '../../shared/admin';
import type { PagedReply } from '../../shared/paging';
import type { Database, DbHandle } from '../db/client';

/** A query builder that can still be limited and offset (any Drizzle select). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** A filtered select not yet ordered (any Drizzle select after its `.where()`). */
interface Orderable<T> {
  orderBy(...columns: SQL[]): Pageable<T>;
}

/** A table listed newest first: it has the `created_at` and `id` its `.desc()` indexes are built on. */
type NewestTable = PgTable & { createdAt: AnyColumn; id: AnyColumn };

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
 * One page of `rows` (already filtered and ordered) and the count of every row matching, run side
 * by side: the shape of every server-paged admin list.
 */
export async function onePage<T>(
  rows: Pageable<T>,
  counted: PromiseLike<Array<{ n: number }>>,
  { page, pageSize }: Paging,
): Promise<PagedReply<T>> {
  const [items, [total]] = await Promise.all([rows.limit(pageSize).offset((page - 1) * pageSize), counted]);
  return { items, total: Number(total?.n ?? 0), page, pageSize };
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
 * all (onePage). The rows are whole unless `rows` selects them otherwise, filtered by the same `where`.
 */
export function newestPage<TTable extends NewestTable>(
  db: DbHandle,
  table: TTable,
  where: SQL | undefined,
  paging: Paging,
): Promise<PagedReply<TTable['$inferSelect']>>;
export function newestPage<T>(
  db: DbHandle,
  table: NewestTable,
  where: SQL | undefined,
  paging: Paging,
  rows: Orderable<T>,
): Promise<PagedReply<T>>;
export function newestPage<T>(
  db: DbHandle,
  table: NewestTable,
  where: SQL | undefined,
  paging: Paging,
  rows: Orderable<T> = db.select().from(table).where(where) as unknown as Orderable<T>,
): Promise<PagedReply<T>> {
  return onePage(
    rows.orderBy(...newestFirst(table.createdAt, table.id)),
    db.select({ n: count() }).from(table).where(where),
    paging,
  );
}
