import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `text` with `%`, `_` and the backslash made literal for a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, case-insensitive against lower(column). */
export function likeContains(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/**
 * `text` contained, case-insensitively, in any of `columns` (columns or text expressions):
 * `lower(column) like '%text%'`, the form the pg_trgm indexes of migration 0001 answer.
 */
export function containedInAny(text: string, columns: Array<AnyColumn | SQL>): SQL {
  const pattern = likeContains(text);
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`))!;
}

const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An admin list's search box (decision 028): a whole reference number (any case) or a whole email
 * address is an equality that the number's unique index and the lower(email) index answer; any
 * other text is contained, case-insensitively, in one of `anywhere` (a scan, bounded by the page).
 */
export function searchCondition(
  q: string,
  {
    number,
    email,
    anywhere,
  }: { number: { pattern: RegExp; column: AnyColumn }; email: AnyColumn; anywhere: AnyColumn[] },
): SQL | undefined {
  if (!q) return undefined;
  const upper = q.toUpperCase();
  if (number.pattern.test(upper)) return sql`${number.column} = ${upper}`;
  if (WHOLE_EMAIL.test(q)) return sql`lower(${email}) = ${q.toLowerCase()}`;
  const like = `%${escapeLike(q)}%`;
  return sql`(${sql.join(
    anywhere.map((column) => sql`${column} ilike ${like}`),
    sql` or `,
  )})`;
}
