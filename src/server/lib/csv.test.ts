import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvText, inBatches } from './csv';

async function collect(parts: AsyncIterable<string>) {
  let text = '';
  for await (const part of parts) text += part;
  return text;
}

describe('CSV cells', () => {
  it('prefixes text a spreadsheet would run as a formula, and only text', () => {
    expect(['=SUM(A1)', '+27', '-1', '@cmd', '\tx'].map(csvCell)).toEqual(["'=SUM(A1)", "'+27", "'-1", "'@cmd", "'\tx"]);
    expect(csvCell(-5000.5)).toBe('-5000.5');
  });

  it('quotes commas, quotes and line breaks; writes times in ISO 8601 and nothing for null', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', new Date('2026-11-24T10:00:00Z'), null, 18497.5])).toBe(
      '"a,b","say ""hi""","two\nlines",2026-11-24T10:00:00.000Z,,18497.5\r\n',
    );
  });
});

describe('CSV files', () => {
  it('starts with a byte-order mark and the headers, then every row of every batch once', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ n: i + 1 }));
    const batches = inBatches<{ n: number }>(async (after, size) => rows.filter((r) => r.n > (after?.n ?? 0)).slice(0, size), 2);
    const text = await collect(csvText([{ header: 'N', value: (row) => row.n }], batches));
    expect(text).toBe('\uFEFFN\r\n1\r\n2\r\n3\r\n4\r\n5\r\n');
  });
});
