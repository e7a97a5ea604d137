import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readXlsx, unzip } from '../../../tests/support/xlsx';
import type { ExportColumn, ExportValue } from './table-export';
import { columnName, xlsxFile } from './xlsx';

type Row = Record<string, ExportValue>;

const HEADERS = [
  'Seller name',
  'Branch code',
  'Account number',
  'Seller phone',
  'Phone as typed',
  'Postal code',
  'Reference',
  'Amount to pay',
  'Refunded',
  'Paid at',
];
const COLUMNS: ExportColumn<Row>[] = HEADERS.map((header) => ({ header, value: (row) => row[header] }));

/** A payout due as the payer needs it, and a row with its cells empty. */
const PAYOUT: Row = {
  'Seller name': 'Bob;=1+1',
  'Branch code': '051001',
  'Account number': '012345678901',
  'Seller phone': '+27 82 123 4567',
  'Phone as typed': '+27821234567',
  'Postal code': '0002',
  Reference: '=HYPERLINK("http://evil.example","Pay")',
  'Amount to pay': 4800,
  Refunded: -0.5,
  'Paid at': new Date('2026-11-24T10:00:00.000Z'),
};
const EMPTY: Row = { 'Seller name': 'Thandi', 'Branch code': '', 'Account number': null, 'Amount to pay': 0 };

async function workbook(batches: Row[][], columns = COLUMNS): Promise<Buffer> {
  async function* inBatches() {
    yield* batches;
  }
  const parts: Buffer[] = [];
  for await (const part of xlsxFile({ sheet: 'Transactions', columns, batches: inBatches() })) parts.push(part);
  return Buffer.concat(parts);
}

const text = (value: string) => ({ type: 'text', value, format: '@' });

describe('xlsxFile', () => {
  it('writes identifiers as text cells exactly as given, amounts as numbers and times as dates in UTC', async () => {
    const { records } = readXlsx(await workbook([[PAYOUT, EMPTY]]));
    expect(records[0]).toEqual({
      'Seller name': text('Bob;=1+1'),
      'Branch code': text('051001'),
      'Account number': text('012345678901'),
      'Seller phone': text('+27 82 123 4567'),
      'Phone as typed': text('+27821234567'),
      'Postal code': text('0002'),
      Reference: text('=HYPERLINK("http://evil.example","Pay")'),
      'Amount to pay': { type: 'number', value: 4800, format: 'General' },
      Refunded: { type: 'number', value: -0.5, format: 'General' },
      'Paid at': { type: 'time', value: new Date('2026-11-24T10:00:00.000Z'), format: 'yyyy-mm-dd hh:mm:ss "UTC"' },
    });
    expect(records[1]).toMatchObject({
      'Seller name': text('Thandi'),
      'Branch code': null,
      'Account number': null,
      'Amount to pay': { type: 'number', value: 0 },
      'Paid at': null,
    });
  });

  it('never writes a formula: text that would start one is a text cell as written, with no apostrophe', async () => {
    const payloads = ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', 'Bob;=1+1', 'a,=cmd', 'x\t=1', "'quoted"];
    const file = await workbook([payloads.map((payload) => ({ 'Seller name': payload }))]);
    const sheet = unzip(file).get('xl/worksheets/sheet1.xml')!.toString();
    expect(sheet).not.toMatch(/<f[ >]/);
    expect(readXlsx(file).records.map((record) => record['Seller name'])).toEqual(payloads.map(text));
  });

  it('keeps any text exactly: markup, quotes, line breaks, control characters and what looks like its own escapes', async () => {
    const payloads = [
      '<b>&amp;</b> "q" \'a\'',
      'two\r\nlines\rand\nmore',
      'nul\u0000bell\u0007tab\tend',
      '_x0041_ is not A',
      '_x005f_x0041_',
      '  spaces kept  ',
      'ünïcødé 😀',
    ];
    const file = await workbook([payloads.map((payload) => ({ 'Seller name': payload }))]);
    expect(readXlsx(file).records.map((record) => record['Seller name'])).toEqual(payloads.map(text));
    // A lone surrogate cannot be stored in XML: it becomes the replacement character.
    const [lone] = readXlsx(await workbook([[{ 'Seller name': 'a\uD800b' }]])).records;
    expect(lone!['Seller name']).toEqual(text('a\uFFFDb'));
  });

  it('names the sheet, freezes the header row, and writes every row of every batch in order', async () => {
    const batches = [[PAYOUT, EMPTY], [], [{ ...EMPTY, 'Seller name': 'Last' }]];
    const file = readXlsx(await workbook(batches));
    expect(file.sheetName).toBe('Transactions');
    expect(file.frozenHeader).toBe(true);
    expect(file.headers).toEqual(HEADERS);
    expect(file.records.map((record) => record['Seller name'])).toEqual([
      text('Bob;=1+1'),
      text('Thandi'),
      text('Last'),
    ]);
    const none = readXlsx(await workbook([]));
    expect(none.headers).toEqual(HEADERS);
    expect(none.records).toEqual([]);
  });

  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  // The real spreadsheet, where the machine has one (apt-get install libreoffice-calc): it opens the workbook
  // and writes it out as CSV quoting its text cells only, so a quoted value is one Calc holds as text.
  const soffice = spawnSync('soffice', ['--version']).status === 0;
  it.skipIf(!soffice)(
    'opens in LibreOffice Calc with every identifier a text cell, exactly as given',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'quickbuy-xlsx-'));
      try {
        writeFileSync(path.join(dir, 'payouts.xlsx'), await workbook([[PAYOUT]]));
        execFileSync(
          'soffice',
          [
            `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
            '--headless',
            '--convert-to',
            // Comma, double quote, UTF-8, from line 1; quote all text cells; cells as shown.
            'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,true',
            '--outdir',
            dir,
            path.join(dir, 'payouts.xlsx'),
          ],
          { stdio: 'ignore', timeout: 60_000 },
        );
        const [, row] = readFileSync(path.join(dir, 'payouts.csv'), 'utf8').trimEnd().split('\n');
        expect(row).toBe(
          '"Bob;=1+1","051001","012345678901","+27 82 123 4567","+27821234567","0002",' +
            '"=HYPERLINK(""http://evil.example"",""Pay"")",4800,-0.5,2026-11-24 10:00:00 UTC',
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
