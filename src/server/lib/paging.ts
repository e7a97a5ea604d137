import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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

/**
 * Newest first, in the order the `.desc()` indexes store it: `created_at DESC NULLS LAST`, then the
 * id. Drizzle's desc() writes a plain DESC, which PostgreSQL reads as NULLS FIRST; an index built
 * NULLS LAST cannot give that order, so every page would sort the whole table (decision 028).
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];
