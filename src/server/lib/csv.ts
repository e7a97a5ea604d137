import { Readable } from 'node:stream';
import { and, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { afterInNewestFirst, newestFirst, type NewestKey, type NewestTable } from './paging';

/*
 * The admin's CSV exports: what a spreadsheet opens as written. UTF-8 with a byte-order mark (Excel
 * reads a file without one in the machine's code page), ISO 8601 times, amounts as plain numbers, and
 * no cell that a spreadsheet would run as a formula. Rows are streamed batch by batch, so an export of
 * any size holds one batch in memory.
 */

/** A cell as the export gives it: text, a number (an amount, a count), a time, or nothing. */
export type CsvValue = string | number | Date | null | undefined;

/** One column: its header and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const BOM = '\uFEFF';
/** A cell a spreadsheet would read as a formula (OWASP's list: = + - @, tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text that starts a formula gets a leading ', and text with a comma, quote or line break is quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = value instanceof Date ? value.toISOString() : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended the way RFC 4180 ends it. */
export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The whole file: the mark, the headers, then each batch of rows as it comes. */
export async function* csvText<Row>(columns: CsvColumn<Row>[], batches: AsyncIterable<Row[]>): AsyncGenerator<string> {
  yield BOM + csvLine(columns.map((column) => column.header));
  for await (const batch of batches) {
    yield batch.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
  }
}

/**
 * Rows in batches of `size`, each read after the last one's final row (keyset paging), so a long export
 * neither skips nor repeats a row and never scans past what it has sent.
 */
export async function* inBatches<Row>(
  read: (after: Row | undefined, size: number) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const batch = await read(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = batch.at(-1);
  }
}

/** A filtered select of a table listed newest first, not yet ordered (any Drizzle select after `.where()`). */
type Filtered<Row> = (where: SQL | undefined) => {
  orderBy(...columns: SQL[]): { limit(size: number): PromiseLike<Row[]> };
};

/**
 * Every row of `table` matching `where`, newest first as its list shows them, in batches read by keyset
 * on (created_at, id) so each batch walks the created_at index from where the last one stopped. `select`
 * builds the select with the rows' columns and `newestKey(table)` beside them, filtered by what it is given.
 */
export function newestInBatches<Row extends NewestKey>(
  table: NewestTable,
  where: SQL | undefined,
  select: Filtered<Row>,
  size: number,
): AsyncGenerator<Row[]> {
  const order = newestFirst(table.createdAt, table.id);
  return inBatches<Row>(
    (after, limit) =>
      Promise.resolve(
        select(and(where, afterInNewestFirst(table, after)))
          .orderBy(...order)
          .limit(limit),
      ),
    size,
  );
}

/** One export: the file's name (without date or extension), its columns and its rows in batches. */
export interface CsvExport<Row> {
  name: string;
  columns: CsvColumn<Row>[];
  batches: AsyncIterable<Row[]>;
}

/** Replies with a CSV download named `<name>-<YYYY-MM-DD>.csv`, streamed. */
export function sendCsv<Row>(reply: FastifyReply, { name, now, columns, batches }: CsvExport<Row> & { now: Date }) {
  const filename = `${name}-${now.toISOString().slice(0, 10)}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvText(columns, batches)));
}
