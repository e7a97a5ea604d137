import { crc32, inflateRawSync } from 'node:zlib';

/*
 * An .xlsx read back as a spreadsheet would, for the tests of the admin's workbook exports: the archive
 * walked by its central directory with every file's CRC-32 and sizes checked, then the one sheet's cells
 * with their types. Written apart from src/server/lib/xlsx.ts, from the formats' specifications.
 */

/** The files of a ZIP archive by name, each inflated and checked against its header, descriptor and directory entry. */
export function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  if (at + archive.readUInt32LE(end + 12) !== end)
    throw new Error('the central directory does not end where its record says');
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error(`entry ${i}: not a central directory header`);
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('ascii');
    at += 46 + skip;

    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error(`${name}: not a local file header`);
    if (archive.readUInt16LE(local + 6) !== flags) throw new Error(`${name}: flags differ from the directory's`);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const sizesAfter = (flags & 0x0008) !== 0;
    const recorded = sizesAfter ? dataStart + compressed : local + 14;
    const [recordedCrc, recordedCompressed, recordedSize] = sizesAfter
      ? (archive.readUInt32LE(recorded) === 0x08074b50 ? [4, 8, 12] : [0, 4, 8]).map((o) =>
          archive.readUInt32LE(recorded + o),
        )
      : [0, 4, 8].map((o) => archive.readUInt32LE(recorded + o));
    if (recordedCrc !== crc || recordedCompressed !== compressed || recordedSize !== size) {
      throw new Error(`${name}: the CRC or sizes by the data differ from the directory's`);
    }
    const stored = archive.subarray(dataStart, dataStart + compressed);
    const data = method === 8 ? inflateRawSync(stored) : stored;
    if (data.length !== size || crc32(data) !== crc)
      throw new Error(`${name}: the data does not match its CRC or size`);
    files.set(name, data);
  }
  return files;
}

/** A cell as a spreadsheet reads it: its type, its value and the number format it is shown in. */
export type XlsxCell =
  | { type: 'text'; value: string; format: string }
  | { type: 'number'; value: number; format: string }
  | { type: 'time'; value: Date; format: string };

const BUILT_IN_FORMATS: Record<string, string> = { '0': 'General', '49': '@' };

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** XML text with its entities and the workbook's _xHHHH_ escapes undone. */
const unescapeText = (text: string) =>
  text
    .replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
    )
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Column letters as a zero-based index: A is 0, AA 26. */
const columnIndex = (letters: string) =>
  [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;

/**
 * A workbook's first sheet: its name, its cells by row (null where a row has none), whether its first
 * row is frozen, and its rows after the header as records by header.
 */
export function readXlsx(file: Buffer) {
  const parts = unzip(file);
  const text = (name: string) => {
    const part = parts.get(name);
    if (!part) throw new Error(`no ${name} in the workbook`);
    return part.toString('utf8');
  };
  const types = text('[Content_Types].xml');
  if (!types.includes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')) {
    throw new Error('the content types name no workbook');
  }
  if (!text('_rels/.rels').includes('Target="xl/workbook.xml"'))
    throw new Error('the package does not point at the workbook');
  const sheetName = unescapeText(/<sheet [^>]*name="([^"]*)"/.exec(text('xl/workbook.xml'))?.[1] ?? '');

  const styles = text('xl/styles.xml');
  const customFormats = new Map(
    [...styles.matchAll(/<numFmt [^>]*\/>/g)].map(([tag]) => [
      attribute(tag, 'numFmtId')!,
      unescapeText(attribute(tag, 'formatCode')!),
    ]),
  );
  const cellFormats = [
    ...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf [^>]*?\/?>/g),
  ].map(([tag]) => {
    const id = attribute(tag, 'numFmtId') ?? '0';
    return customFormats.get(id) ?? BUILT_IN_FORMATS[id] ?? `built-in ${id}`;
  });

  const sheet = text('xl/worksheets/sheet1.xml');
  const rows: (XlsxCell | null)[][] = [];
  for (const [, rowNumber, body] of sheet.matchAll(/<row r="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)) {
    const row: (XlsxCell | null)[] = [];
    for (const [, tag, content] of body!.matchAll(/<c( [^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attribute(tag!, 'r')!;
      const [, letters, number] = /^([A-Z]+)(\d+)$/.exec(ref)!;
      if (number !== rowNumber) throw new Error(`cell ${ref} in row ${rowNumber}`);
      const format = cellFormats[Number(attribute(tag!, 's') ?? 0)]!;
      const type = attribute(tag!, 't');
      let cell: XlsxCell;
      if (type === 'inlineStr') {
        const texts = [...(content ?? '').matchAll(/<t(?: [^>]*)?>([\s\S]*?)<\/t>/g)].map(([, t]) => t!);
        cell = { type: 'text', value: unescapeText(texts.join('')), format };
      } else if (type === undefined || type === 'n') {
        const value = Number(/<v>([^<]*)<\/v>/.exec(content ?? '')?.[1]);
        cell = /y/.test(format)
          ? { type: 'time', value: new Date(Math.round((value - 25_569) * 86_400_000)), format }
          : { type: 'number', value, format };
      } else throw new Error(`cell ${ref}: type ${type} is not one the exports write`);
      row[columnIndex(letters!)] = cell;
    }
    rows[Number(rowNumber) - 1] = Array.from(row, (cell) => cell ?? null);
  }
  const [headers = [], ...data] = Array.from(rows, (row) => row ?? []);
  const headerNames = headers.map((cell) => (cell?.type === 'text' ? cell.value : ''));
  return {
    sheetName,
    frozenHeader: /<pane [^>]*ySplit="1"[^>]*state="frozen"/.test(sheet),
    rows: Array.from(rows, (row) => row ?? []),
    headers: headerNames,
    records: data.map((row) => Object.fromEntries(headerNames.map((header, i) => [header, row[i] ?? null]))),
  };
}
