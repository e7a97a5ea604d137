import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Newest first, as the `(created_at DESC, id DESC)` indexes are built: Drizzle writes an index's DESC
 * as DESC NULLS LAST, and PostgreSQL walks an index only for an ORDER BY with the same NULLS order
 * (a plain `desc()` means NULLS FIRST, and reads and sorts the whole table instead). The columns are
 * NOT NULL, so the order is the same (docs/decisions/033).
 */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn): [SQL, SQL] {
  return [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
}

/** A query builder that can still be limited and offset (any Drizzle select). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/**
 * One page of `rows` (already filtered and ordered) and the count of every row matching, run side
 * by side: the shape of every server-paged admin list.
 */
export async function onePage<T>(
  rows: Pageable<T>,
  counted: PromiseLike<Array<{ n: number }>>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ items: T[]; total: number; page: number; pageSize: number }> {
  const [items, [total]] = await Promise.all([rows.limit(pageSize).offset((page - 1) * pageSize), counted]);
  return { items, total: Number(total?.n ?? 0), page, pageSize };
}
