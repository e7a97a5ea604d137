import type { ExportColumn, ExportValue } from './table-export';

/*
 * The admin's exports as CSV, for tools that read text (docs/decisions/049, 070): UTF-8 with a
 * byte-order mark (Excel reads a file without one in the machine's code page), ISO 8601 times, amounts
 * as plain numbers, every text cell quoted, and no text that a spreadsheet would run as a formula,
 * whatever list separator it splits the lines with. A spreadsheet still re-types what it opens (an
 * account number's leading zero goes): the .xlsx beside each CSV is the file for people.
 */

/**
 * Where a spreadsheet may start a cell inside a text: its beginning, or after any list separator a
 * locale uses (`,` `;` tab `|`) or a line break, which a reader splitting on another separator does
 * not see quoted; past any spaces and quotes there. A formula starts with = + - @ tab, CR or NUL
 * (OWASP; ASVS 5.0 V1.2.10).
 */
const FORMULA_START = /(?<=(?:^|[,;\t|\r\n])[ "]*)(?=[=+\-@\t\r\0])/g;

/** Text with a ' before every place a formula could start, so no reader of the file runs one. */
export function withoutFormulas(text: string): string {
  return text.replace(FORMULA_START, "'");
}

/** One cell: a number or a time as it is, text quoted (RFC 4180) with its formula starts made text. */
export function csvCell(value: ExportValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return `"${withoutFormulas(value).replaceAll('"', '""')}"`;
}

/** One line of cells, ended the way RFC 4180 ends it. */
export function csvLine(cells: ExportValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const BOM = '\uFEFF';

/** The whole file: the mark, the headers, then each batch of rows as it comes. */
export async function* csvText<Row>(
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<string> {
  yield BOM + csvLine(columns.map((column) => column.header));
  for await (const batch of batches) {
    yield batch.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
  }
}
