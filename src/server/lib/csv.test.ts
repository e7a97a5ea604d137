import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../tests/support/csv';
import { csvCell, csvLine, csvText } from './csv';
import { inBatches } from './table-export';

async function collect(parts: AsyncIterable<string>) {
  let text = '';
  for await (const part of parts) text += part;
  return text;
}

/** Text that would run as a formula somewhere a spreadsheet may start a cell, and what the file keeps of it. */
const PAYLOADS: [string, string][] = [
  ['=SUM(A1)', "'=SUM(A1)"],
  ['+27 82 555 0199', "'+27 82 555 0199"],
  ['-1+1', "'-1+1"],
  ['@SUM(1+1)*cmd|" /C calc"!A0', `'@SUM(1+1)*cmd|" /C calc"!A0`],
  ['\t=1', "'\t'=1"],
  ['\r=1', "'\r'=1"],
  ['\u0000=1', "'\u0000=1"],
  ['a;\u0000', "a;'\u0000"],
  ['Bob;=1+1', "Bob;'=1+1"],
  ['a,=cmd', "a,'=cmd"],
  ['x\t=1', "x\t'=1"],
  ['pipe|@x', "pipe|'@x"],
  ['two\n=lines', "two\n'=lines"],
  ['crlf\r\n+1', "crlf\r\n'+1"],
  ['Bob; =1+1', "Bob; '=1+1"],
  ['Bob;"=1+1"', `Bob;"'=1+1"`],
  ['a;;-2', "a;;'-2"],
  ['=1;=2,+3', "'=1;'=2,'+3"],
];

/** Every way a spreadsheet may cut a line into cells: RFC 4180 commas, or a separator it does not see quoted. */
const READERS: [string, (line: string) => string[]][] = [
  ['RFC 4180 with commas', (line) => parseCsv(line)[0]!],
  ...[',', ';', '\t', '|', '\n', '\r'].map((separator): [string, (line: string) => string[]] => [
    `split on ${JSON.stringify(separator)}, quotes unseen`,
    (line) => line.split(separator),
  ]),
];

/** What a spreadsheet could run: a cell starting, past any spaces and quotes, with = + - @ tab, CR or NUL. */
const RUNS = /^[ "]*[=+\-@\t\r\0]/;

describe('CSV cells', () => {
  it.each(PAYLOADS)('makes %j text wherever a cell could start in it', (payload, kept) => {
    const cell = csvCell(payload);
    expect(parseCsv(`${cell}\r\n`)).toEqual([[kept]]);
    for (const [reader, cells] of READERS) {
      const line = csvLine(['before', payload, 'after']).replace(/\r\n$/, '');
      for (const read of cells(line)) expect(read, `${reader}: ${JSON.stringify(read)}`).not.toMatch(RUNS);
    }
  });

  it('quotes every text cell, and leaves text with nothing to run as it is', () => {
    for (const text of [
      'Thandi',
      '051001',
      '012345678901',
      'Galaxy S21 - 128GB',
      'a,b',
      'say "hi"',
      '',
      'x=1',
      '5-2',
    ]) {
      expect(parseCsv(`${csvCell(text)}\r\n`)).toEqual([[text]]);
      expect(csvCell(text)).toMatch(/^".*"$/s);
    }
  });

  it('writes numbers and times as they are, unquoted, and nothing for null or a number that is not one', () => {
    expect(csvLine([-5000.5, 18497.5, 0, new Date('2026-11-24T10:00:00Z'), null, undefined, NaN, Infinity])).toBe(
      '-5000.5,18497.5,0,2026-11-24T10:00:00.000Z,,,,\r\n',
    );
    expect(csvCell(new Date(Number.NaN))).toBe('');
  });

  it('doubles quotes and keeps line breaks inside the quoted cell', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });
});

describe('CSV files', () => {
  it('starts with a byte-order mark and the quoted headers, then every row of every batch once', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ n: i + 1 }));
    const batches = inBatches<{ n: number }>(
      async (after, size) => rows.filter((r) => r.n > (after?.n ?? 0)).slice(0, size),
      2,
    );
    const text = await collect(csvText([{ header: 'N', value: (row) => row.n }], batches));
    expect(text).toBe('\uFEFF"N"\r\n1\r\n2\r\n3\r\n4\r\n5\r\n');
  });
});
