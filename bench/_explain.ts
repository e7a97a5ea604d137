// Helper of the benchmarks' EXPLAIN printouts (the leading _ keeps scripts/bench.mjs from running it alone).
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/** EXPLAIN ANALYZE of a query, summed up: the indexes it used, whether it scanned `table`, and its time. */
export async function explainSummary(db: Database, statement: SQLWrapper, table: string): Promise<string> {
  const result = (await db.execute(sql`explain (analyze, costs off) ${statement}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
  const indexes = [
    ...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g),
  ]
    .map((m) => m[1])
    .filter((name, i, all) => all.indexOf(name) === i);
  const seq = plan.includes(`Seq Scan on ${table}`) ? ' + seq scan' : '';
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  return `${(indexes.join(' + ') || 'no index') + seq} (${time} ms)`;
}
