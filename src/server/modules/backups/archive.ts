import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { RawSession } from '../../db/raw-session';
import {
  fingerprinter,
  tableLines,
  type ColumnShape,
  type SkippedTable,
  type TableFingerprint,
  type TableShape,
} from './table-rows';

/*
 * The store's backup format, the same from either engine and restorable into either (docs/decisions/075): one
 * gzip file of lines. The first line is a JSON header (the format, when and from which engine, the migrations the
 * database had, every table's columns); then each table: a JSON line naming it, its rows as COPY text lines
 * (table-rows.ts), COPY's own end marker `\.` (no row is ever that line: a backslash in a value is doubled), and a
 * JSON line with its row count and the SHA-256 of its lines; the last line says the file is complete. `zcat` shows
 * it; a file cut short has no last line and fails to restore.
 */

export const ARCHIVE_FORMAT = 'quickbuy-backup';
export const ARCHIVE_VERSION = 1;
const END_OF_ROWS = '\\.';

/** The migrations a database had when it was backed up: Drizzle's record of each, with the file's name. */
export interface AppliedMigration {
  tag: string;
  folderMillis: number;
  hash: string;
}

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The server's version string (PGlite runs PostgreSQL 18). */
  serverVersion: string;
  migrations: AppliedMigration[];
  tables: { name: string; columns: ColumnShape[] }[];
  skipped: SkippedTable[];
}

export class ArchiveError extends Error {}

/** Lines of the archive, a table's batch of rows joined into one chunk. */
async function* archiveText(
  session: RawSession,
  header: ArchiveHeader,
  tables: TableShape[],
  printed: TableFingerprint[],
): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const table of tables) {
    yield `${JSON.stringify({ table: table.name })}\n`;
    const print = fingerprinter(table.name);
    for await (const lines of tableLines(session, table)) {
      print.add(lines);
      yield `${lines.join('\n')}\n`;
    }
    const fingerprint = print.done();
    printed.push(fingerprint);
    yield `${END_OF_ROWS}\n${JSON.stringify({ end: table.name, rows: fingerprint.rows, sha256: fingerprint.sha256 })}\n`;
  }
  const rows = printed.reduce((sum, t) => sum + t.rows, 0);
  yield `${JSON.stringify({ complete: true, tables: printed.length, rows })}\n`;
}

/** Counts and hashes the bytes that pass through it (the compressed file, as written). */
function measure() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

export interface WrittenArchive {
  bytes: number;
  /** SHA-256 of the file's bytes, for the checksum file beside it. */
  sha256: string;
  tables: TableFingerprint[];
}

/** Writes the archive of what `session` sees to `file`, streamed: one batch of rows in memory at a time. */
export async function writeArchive(
  file: string,
  session: RawSession,
  header: ArchiveHeader,
  tables: TableShape[],
  signal?: AbortSignal,
): Promise<WrittenArchive> {
  const printed: TableFingerprint[] = [];
  const measured = measure();
  await pipeline(
    Readable.from(archiveText(session, header, tables, printed)),
    createGzip({ level: 6 }),
    measured.stream,
    createWriteStream(file, { mode: 0o600 }),
    { signal },
  );
  return { ...measured.result(), tables: printed };
}

/** What reading an archive gives, in file order. */
export type ArchivePart =
  | { kind: 'header'; header: ArchiveHeader }
  | { kind: 'table'; name: string }
  | { kind: 'rows'; name: string; lines: string[] }
  | { kind: 'end'; fingerprint: TableFingerprint };

/** Rows a read hands over at once, and about how many bytes of them at most. */
const READ_ROWS = 500;
const READ_BYTES = 8 * 1024 * 1024;

const parseJson = (line: string, lineNumber: number): Record<string, unknown> => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new ArchiveError(`line ${lineNumber} is not what a backup holds there: the file is damaged`);
  }
};

/**
 * Reads an archive in file order. Each table's rows are counted and hashed as they come and checked against the
 * count and SHA-256 written after them, so a damaged table fails before its end is taken; a file cut short fails
 * at its end (no completing line).
 */
export async function* readArchive(file: string): AsyncGenerator<ArchivePart> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let lineNumber = 0;
  let table: { name: string; print: ReturnType<typeof fingerprinter>; batch: string[]; bytes: number } | null = null;
  let rowsOver = false;
  let complete = false;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (complete) throw new ArchiveError(`line ${lineNumber} follows the end of the backup: the file is damaged`);
      if (lineNumber === 1) {
        const header = parseJson(line, lineNumber) as unknown as ArchiveHeader;
        if (header.format !== ARCHIVE_FORMAT) throw new ArchiveError('this file is not a QuickBuy backup');
        if (header.version > ARCHIVE_VERSION) {
          throw new ArchiveError(
            `this backup is in format ${header.version}, newer than this version of the store reads (${ARCHIVE_VERSION}): restore it with the newer store`,
          );
        }
        yield { kind: 'header', header };
        continue;
      }
      if (table && !rowsOver) {
        if (line === END_OF_ROWS) {
          if (table.batch.length > 0) yield { kind: 'rows', name: table.name, lines: table.batch };
          rowsOver = true;
          continue;
        }
        table.print.add([line]);
        table.batch.push(line);
        table.bytes += line.length;
        if (table.batch.length >= READ_ROWS || table.bytes >= READ_BYTES) {
          yield { kind: 'rows', name: table.name, lines: table.batch };
          table.batch = [];
          table.bytes = 0;
        }
        continue;
      }
      const part = parseJson(line, lineNumber);
      if (table) {
        if (part.end !== table.name) throw new ArchiveError(`table ${table.name} has no end: the file is damaged`);
        const read = table.print.done();
        if (read.rows !== part.rows || read.sha256 !== part.sha256) {
          throw new ArchiveError(
            `table ${table.name} does not match its checksum in the file (${read.rows} rows read, ${String(part.rows)} written): the file is damaged`,
          );
        }
        yield { kind: 'end', fingerprint: read };
        table = null;
      } else if (typeof part.table === 'string') {
        table = { name: part.table, print: fingerprinter(part.table), batch: [], bytes: 0 };
        rowsOver = false;
        yield { kind: 'table', name: part.table };
      } else if (part.complete === true) {
        complete = true;
      } else {
        throw new ArchiveError(`line ${lineNumber} is not what a backup holds there: the file is damaged`);
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    // zlib's own words for a damaged or cut gzip stream.
    throw new ArchiveError(`the file cannot be read as a backup (${(error as Error).message}): it is damaged`);
  }
  if (lineNumber === 0) throw new ArchiveError('the file is empty');
  if (!complete) throw new ArchiveError('the backup ends before its last table: the file was cut short');
}
