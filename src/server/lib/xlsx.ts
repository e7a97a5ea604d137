import type { ExportColumn, ExportValue } from './table-export';
import { zip } from './zip';

/*
 * The admin's exports as an Excel workbook (.xlsx, ECMA-376 SpreadsheetML), for people working in a
 * spreadsheet (docs/decisions/070). Each cell says its type: text is a text cell, so an account number,
 * a branch code or a phone opens exactly as given (012345678901, 051001, +27 82 555 0199) with no
 * apostrophe, and no text is ever a formula (a workbook's formulas live in <f>, which this never writes);
 * text cells are also formatted as text (@) with Excel's quote prefix, so editing one keeps it text.
 * Amounts are number cells, times date cells in UTC. One sheet, its header row frozen, streamed batch by
 * batch into the archive (lib/zip.ts).
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const PACKAGE_RELATIONSHIPS =
  `${XML}<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELATIONSHIPS =
  `${XML}<Relationships xmlns="${RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${OFFICE}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** The cell formats (cellXfs) by their index in STYLES; 0, the default, is a number's. */
const STYLE = { text: 1, header: 2, time: 3 } as const;
/** Built-in number format 49 is text (@); 164 is the first a workbook may define. */
const TEXT_FORMAT = 49;
const TIME_FORMAT = 164;

const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  `<numFmts count="1"><numFmt numFmtId="${TIME_FORMAT}" formatCode="yyyy-mm-dd hh:mm:ss &quot;UTC&quot;"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  `<xf numFmtId="${TEXT_FORMAT}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/>` +
  `<xf numFmtId="${TEXT_FORMAT}" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1" quotePrefix="1"/>` +
  `<xf numFmtId="${TIME_FORMAT}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** A sheet's name: at most 31 characters, none of []:*?/\ (Excel refuses the workbook otherwise). */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

const workbook = (name: string) =>
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}">` +
  `<sheets><sheet name="${escapeXml(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

/** The most a cell holds (Excel calls a workbook with more corrupt). */
const MAX_CELL_LENGTH = 32_767;
/** An underscore that starts what Excel would read as one of its escapes (_x0041_ is "A"): written _x005F_. */
const STARTS_ESCAPE = /_(?=x[0-9a-fA-F]{4}_)/g;
/**
 * Characters XML 1.0 cannot carry, and CR, which an XML reader turns into LF: written as the workbook's
 * own escape, _xHHHH_, as Excel writes them.
 */
// Matching control characters is the point: they are what XML cannot carry.
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const hex4 = (char: string) => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Whether a text needs any of the rewriting below: most do not, and the test is a tenth of the work. */
// eslint-disable-next-line no-control-regex
const NEEDS_WRITING = /[&<>"_\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** A text cell's text as the workbook stores it, read back exactly (cut, with an ellipsis, only past the cell's limit). */
function cellText(value: string): string {
  const text = value.length > MAX_CELL_LENGTH ? `${value.slice(0, MAX_CELL_LENGTH - 1)}…` : value;
  if (!NEEDS_WRITING.test(text)) return text;
  return escapeXml(
    text
      .replace(STARTS_ESCAPE, '_x005F_')
      .replace(NOT_IN_XML, (char) => `_x${hex4(char)}_`)
      .replace(LONE_SURROGATE, '\uFFFD'),
  );
}

/** A column's letters: 0 is A, 25 Z, 26 AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const MS_PER_DAY = 86_400_000;
/** Days from the spreadsheet's epoch (1899-12-30) to the Unix one. */
const UNIX_EPOCH_DAYS = 25_569;

/** One cell at `ref`, or nothing for an empty value. */
function cell(ref: string, value: ExportValue, textStyle: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) return '';
    return `<c r="${ref}" s="${STYLE.time}"><v>${ms / MS_PER_DAY + UNIX_EPOCH_DAYS}</v></c>`;
  }
  return `<c r="${ref}" t="inlineStr" s="${textStyle}"><is><t xml:space="preserve">${cellText(value)}</t></is></c>`;
}

/** How wide a value shows, in characters: a time takes its whole format. */
function shownWidth(value: ExportValue): number {
  if (value instanceof Date) return 'yyyy-mm-dd hh:mm:ss UTC'.length;
  return value === null || value === undefined ? 0 : String(value).length;
}

/** Column widths from the headers and the first batch: a number or time too narrow for its column shows ####. */
function columnsXml(headers: string[], rows: ExportValue[][]): string {
  const widths = headers.map((header, i) =>
    Math.min(60, Math.max(header.length, ...rows.map((row) => shownWidth(row[i]))) + 2),
  );
  return `<cols>${widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>`;
}

/** The sheet's XML in parts: its head and header row with the first batch, then each batch, then its end. */
async function* sheetXml<Row>(columns: ExportColumn<Row>[], batches: AsyncIterable<Row[]>): AsyncGenerator<string> {
  const letters = columns.map((_, i) => columnName(i));
  const headers = columns.map((column) => column.header);
  let rowNumber = 0;
  const row = (values: ExportValue[], textStyle: number) => {
    rowNumber++;
    const cells = values.map((value, i) => cell(`${letters[i]}${rowNumber}`, value, textStyle)).join('');
    return `<row r="${rowNumber}">${cells}</row>`;
  };
  const start = (firstRows: ExportValue[][]) =>
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${OFFICE}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    columnsXml(headers, firstRows) +
    `<sheetData>${row(headers, STYLE.header)}`;

  let started = false;
  for await (const batch of batches) {
    const rows = batch.map((item) => columns.map((column) => column.value(item)));
    yield (started ? '' : start(rows)) + rows.map((values) => row(values, STYLE.text)).join('');
    started = true;
  }
  yield `${started ? '' : start([])}</sheetData></worksheet>`;
}

/** The workbook's bytes as they are made: one sheet named `sheet`, the headers, then every row of every batch. */
export function xlsxFile<Row>({
  sheet,
  columns,
  batches,
}: {
  sheet: string;
  columns: ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
}): AsyncGenerator<Buffer> {
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: PACKAGE_RELATIONSHIPS },
    { name: 'xl/workbook.xml', data: workbook(sheet) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELATIONSHIPS },
    { name: 'xl/styles.xml', data: STYLES },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(columns, batches) },
  ]);
}
