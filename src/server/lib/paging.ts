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
