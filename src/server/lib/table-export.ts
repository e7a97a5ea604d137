import { Readable } from 'node:stream';
import { and, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_FORMATS, exportFileUrl, type ExportFormat } from '../../shared/admin-exports';
import type { Clock } from './clock';
import { csvText } from './csv';
import type { Database, DbHandle } from '../db/client';
import { afterInNewestFirst, newestFirst, newestKey, type NewestKey, type NewestTable } from './paging';
import type { Access } from './route-config';
import { xlsxFile } from './xlsx';

/*
 * The admin's exports (docs/decisions/049, 070): one table of columns, read from the database in batches
 * and written as the file asked for, CSV (lib/csv.ts) or an Excel workbook (lib/xlsx.ts), streamed, so an
 * export of any size holds one batch in memory.
 */

/** A cell as an export gives it: text, a number (an amount, a count), a time, or nothing. */
export type ExportValue = string | number | Date | null | undefined;

/** One column: its header and how a row gives its cell. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportValue;
}

/** What an export writes: its columns and its rows in batches. */
export interface ExportTable<Row> {
  columns: ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
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

/** What a list's export is asked for: the database, the list's filters (its sort and page aside) and the batch size. */
export interface ExportRequest<Query> {
  db: Database;
  query: Query;
  batchSize: number;
}

/**
 * The export of a list of whole rows of `table`: those its `filter` matches, newest first in keyset batches
 * (newestInBatches), each batch turned into the list's rows by `view`, so its look-ups are made once a batch.
 */
export function exportNewestRows<TTable extends NewestTable, Query, Row>(
  { db, query, batchSize }: ExportRequest<Query>,
  {
    table,
    filter,
    columns,
    view,
  }: {
    table: TTable;
    filter: (query: Query) => SQL | undefined;
    columns: ExportColumn<Row>[];
    view: (db: DbHandle, batch: TTable['$inferSelect'][]) => Promise<Row[]>;
  },
): ExportTable<Row> {
  const matching = (where: SQL | undefined) =>
    db
      .select({ ...getTableColumns(table), ...newestKey(table) })
      .from(table as PgTable)
      .where(where) as unknown as ReturnType<Filtered<TTable['$inferSelect'] & NewestKey>>;
  const rows = newestInBatches(table, filter(query), matching, batchSize);
  async function* viewed() {
    for await (const batch of rows) yield await view(db, batch);
  }
  return { columns, batches: viewed() };
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The reply's headers for a download named `<name>-<YYYY-MM-DD>.<format>`. */
function asDownload(reply: FastifyReply, format: ExportFormat, name: string, now: Date): FastifyReply {
  const filename = `${name}-${now.toISOString().slice(0, 10)}.${format}`;
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
}

/** The file's bytes as they are made. A workbook's one sheet is named for the export (`orders`: Orders). */
function fileOf<Row>(format: ExportFormat, name: string, { columns, batches }: ExportTable<Row>) {
  if (format === 'csv') return csvText(columns, batches);
  return xlsxFile({ sheet: name.charAt(0).toUpperCase() + name.slice(1), columns, batches });
}

export interface TableExportRoute<Query, Row> {
  /** The file's name before its date and extension: `transactions` downloads as transactions-2026-11-22.xlsx. */
  name: string;
  /** Who may download it: the list's own roles. */
  access: Access;
  clock: Clock;
  /** The list's own query, parsed as the list parses it: a filter the list refuses is the same 400. */
  query: (request: FastifyRequest) => Query;
  /**
   * The rows, with anything that must precede them (an audit entry) done before it returns: once the first
   * byte is sent no error reply can be. Called for a download only, never for HEAD.
   */
  open: (input: {
    query: Query;
    format: ExportFormat;
    request: FastifyRequest;
  }) => Promise<ExportTable<Row>> | ExportTable<Row>;
}

/**
 * GET `<path>.csv` and `<path>.xlsx`: the export as each file. HEAD answers what GET would (the query
 * checked, the type and the file's name) and does nothing else: Fastify's own HEAD would run the GET's
 * handler, writing its audit entry and reading every row only to drop them.
 */
export function registerTableExport<Query, Row>(
  app: FastifyInstance,
  path: string,
  route: TableExportRoute<Query, Row>,
) {
  const options = { config: { access: route.access } };
  for (const format of EXPORT_FORMATS) {
    const url = exportFileUrl(path, format);
    app.get(url, { ...options, exposeHeadRoute: false }, async (request, reply) => {
      const table = await route.open({ query: route.query(request), format, request });
      return asDownload(reply, format, route.name, route.clock.now()).send(
        Readable.from(fileOf(format, route.name, table)),
      );
    });
    app.head(url, options, async (request, reply) => {
      route.query(request);
      return asDownload(reply, format, route.name, route.clock.now()).send();
    });
  }
}
