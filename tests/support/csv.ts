import { expect } from 'vitest';
import type { PagedReply } from '../../src/shared/paging';
import { signedInAgent } from './accounts';
import { expectError } from './errors';
import { send, type TestApp } from './test-app';
import { readXlsx } from './xlsx';

// The admin's exports as the tests download them: the CSV (parsed as RFC 4180) and the workbook (./xlsx.ts).

const BOM = '\uFEFF';

/** RFC 4180 text as rows of cells (quoted cells, doubled quotes, CRLF line ends), as a spreadsheet reads it. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * A CSV export downloaded as the admin's browser does: the reply, whether the file starts with the
 * byte-order mark, its header row and its rows as records by header.
 */
export async function downloadCsv(t: TestApp, url: string, cookie?: string) {
  const res = await send(t.app, 'GET', url, { cookie });
  const text = res.body;
  const [headers = [], ...rows] = parseCsv(text.startsWith(BOM) ? text.slice(1) : text);
  return {
    res,
    text,
    hasBom: text.startsWith(BOM),
    headers,
    records: rows.map((cells) => Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']))),
  };
}

/** A workbook export downloaded as the admin's browser does: the reply and the workbook read as ./xlsx.ts reads it. */
export async function downloadXlsx(t: TestApp, url: string, cookie?: string) {
  const res = await send(t.app, 'GET', url, { cookie });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return { res, ...readXlsx(res.rawPayload) };
}

/** A CSV download as every export sends it: UTF-8 with a byte-order mark, the header row, named by the day. */
export function expectCsvFile(file: Awaited<ReturnType<typeof downloadCsv>>, name: string, headers: string[]) {
  expect(file.res.statusCode).toBe(200);
  expect(file.res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(file.res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
  expect(file.hasBom).toBe(true);
  expect(file.headers).toEqual(headers);
}

/** An export is the admin's alone: 401 signed out, 403 for an agent. */
export async function expectAdminOnly(t: TestApp, url: string) {
  expectError(await send(t.app, 'GET', url), 401, { code: 'UNAUTHORIZED', message: 'Please sign in' });
  const agent = await signedInAgent(t);
  expectError(await send(t.app, 'GET', url, { cookie: agent.cookie }), 403, {
    code: 'FORBIDDEN',
    message: 'You do not have access to this',
  });
}

/** The admin's list an export is checked against, its first 50 rows as the tab reads them (`list` its /api path). */
export async function adminList<Item>(t: TestApp, list: string, cookie: string): Promise<Item[]> {
  const res = await send(t.app, 'GET', `${list}?pageSize=50`, { cookie });
  return (res.json() as PagedReply<Item>).items;
}
