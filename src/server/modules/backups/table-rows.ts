import { createHash } from 'node:crypto';
import type { RawSession } from '../../db/raw-session';

/*
 * Every table of the store as rows of text, the way a backup writes them and a restore checks them. A row is one
 * line in PostgreSQL's COPY text format (values by tab, NULL as \N, backslash, tab, CR and LF escaped), each value
 * the column type's own text output, so the same line comes out of PGlite and of any PostgreSQL server for the
 * same row (db/raw-session.ts fixes the settings that would change it). Rows go in primary-key order, text keys
 * compared byte by byte (the C collation), so two databases holding the same rows give the same lines in the same
 * order, whatever their collation: a table's SHA-256 over its lines says whether two copies are equal.
 */

export interface ColumnShape {
  name: string;
  /** As format_type names it: 'uuid', 'text', 'timestamp with time zone', 'bytea'. */
  type: string;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  /** The primary key's columns in key order; a text key sorts in the C collation. */
  key: (ColumnShape & { text: boolean })[];
  /** Tables this one's foreign keys point at (each loaded before it). */
  parents: string[];
}

export interface SkippedTable {
  name: string;
  reason: string;
}

/** What a table holds, as compared between a backup and a restored database. */
export interface TableFingerprint {
  name: string;
  rows: number;
  sha256: string;
}

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The store's tables (schema public), parents before children, and those left out: an UNLOGGED table (the shared
 * rate-limit counters) holds what a crash empties anyway, and PGlite's copy of a running store (a recovered data
 * directory) has it empty. Drizzle's own record of the migrations lives in schema drizzle and travels in the
 * backup's header instead.
 */
export async function storeTables(session: RawSession): Promise<{ tables: TableShape[]; skipped: SkippedTable[] }> {
  const relations = (await session.rows(
    `select c.relname, c.relpersistence from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  )) as [string, string][];
  const columns = (await session.rows(
    `select c.relname, a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = ''
     order by c.relname, a.attnum`,
  )) as [string, string, string, string][];
  const keys = (await session.rows(
    `select c.relname, a.attname from pg_index i join pg_class c on c.oid = i.indrelid
     join pg_namespace n on n.oid = c.relnamespace
     cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where n.nspname = 'public' and i.indisprimary order by c.relname, k.ord`,
  )) as [string, string][];
  const references = (await session.rows(
    `select c.relname, p.relname from pg_constraint k join pg_class c on c.oid = k.conrelid
     join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  )) as [string, string][];

  const tables: TableShape[] = [];
  const skipped: SkippedTable[] = [];
  for (const [name, persistence] of relations) {
    if (persistence === 'u') {
      skipped.push({ name, reason: 'unlogged: counters a crash empties anyway' });
      continue;
    }
    const own = columns.filter(([table]) => table === name);
    const shapes = own.map(([, column, type]) => ({ name: column, type }));
    const key = keys
      .filter(([table]) => table === name)
      .map(([, column]) => {
        const [, , type, category] = own.find(([, c]) => c === column)!;
        return { name: column, type, text: category === 'S' };
      });
    // Keyset order needs a key; every table the migrations make has one, and a new one without must say so here.
    if (key.length === 0) throw new Error(`table ${name} has no primary key: a backup reads every table in key order`);
    const parents = [
      ...new Set(references.filter(([child, parent]) => child === name && parent !== name).map(([, p]) => p)),
    ];
    tables.push({ name, columns: shapes, key, parents });
  }
  return { tables: parentsFirst(tables), skipped };
}

/** Tables ordered so that each comes after every table it refers to (by name where the order is free). */
function parentsFirst(tables: TableShape[]): TableShape[] {
  const done = new Set<string>();
  const ordered: TableShape[] = [];
  const known = new Set(tables.map((t) => t.name));
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !done.has(t.name) && t.parents.every((p) => done.has(p) || !known.has(p)));
    if (!next) throw new Error('the tables refer to each other in a circle: no order loads them');
    done.add(next.name);
    ordered.push(next);
  }
  return ordered;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/** One value as COPY's text format writes it. */
export const copyValue = (value: string | null) =>
  value === null ? '\\N' : value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);

/** One line of COPY text back into its values; only the escapes copyValue writes are taken. */
export function parseCopyLine(line: string): (string | null)[] {
  return line.split('\t').map((field) => {
    if (field === '\\N') return null;
    return field.replace(/\\(.)/g, (_, c: string) => {
      const plain = UNESCAPES[c];
      if (plain === undefined) throw new Error(`a value holds the escape \\${c}, which no backup writes`);
      return plain;
    });
  });
}

/** Rows a read takes at a time: fewer where a row may carry an image. */
const batchRows = (table: TableShape) => (table.columns.some((c) => c.type === 'bytea') ? 25 : 1000);

/**
 * A table's rows as COPY text lines, in key order, a batch at a time (keyset paging on the key, so each read is
 * an index range however large the table). Read on a session that sees one moment of the database (a backup's
 * snapshot) or that nobody else writes (a restore's target).
 */
export async function* tableLines(session: RawSession, table: TableShape): AsyncGenerator<string[]> {
  const select = table.columns.map((c) => `${quoteName(c.name)}::text`).join(', ');
  const keyIndexes = table.key.map((k) => table.columns.findIndex((c) => c.name === k.name));
  const sorted = (name: string, text: boolean) => (text ? `${name} collate "C"` : name);
  const keyColumns = table.key.map((k) => sorted(quoteName(k.name), k.text)).join(', ');
  const keyParams = table.key.map((k, i) => sorted(`$${i + 1}::${k.type}`, k.text)).join(', ');
  const from = `from public.${quoteName(table.name)}`;
  const limit = batchRows(table);
  let after: unknown[] | null = null;
  for (;;) {
    const where = after ? `where (${keyColumns}) > (${keyParams})` : '';
    const rows = (await session.rows(
      `select ${select} ${from} ${where} order by ${keyColumns} limit ${limit}`,
      after ?? [],
    )) as (string | null)[][];
    if (rows.length === 0) return;
    yield rows.map((row) => row.map(copyValue).join('\t'));
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    after = keyIndexes.map((i) => last[i]);
  }
}

/** A running count and SHA-256 of a table's lines. */
export function fingerprinter(name: string) {
  const hash = createHash('sha256');
  let rows = 0;
  return {
    add(lines: string[]) {
      for (const line of lines) hash.update(`${line}\n`);
      rows += lines.length;
    },
    done: (): TableFingerprint => ({ name, rows, sha256: hash.digest('hex') }),
  };
}

/** Every table's count and SHA-256 as the database holds it now (a restore's check, the tests' comparison). */
export async function tableFingerprints(session: RawSession): Promise<TableFingerprint[]> {
  const { tables } = await storeTables(session);
  const result: TableFingerprint[] = [];
  for (const table of tables) {
    const print = fingerprinter(table.name);
    for await (const lines of tableLines(session, table)) print.add(lines);
    result.push(print.done());
  }
  return result;
}
