import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../../tests/support/xlsx';
import { zip, type ZipEntry } from './zip';

async function archive(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of zip(entries)) parts.push(part);
  return Buffer.concat(parts);
}

async function* inParts(parts: (string | Buffer)[]) {
  yield* parts;
}

/** Parts big enough to take several deflate blocks each, one empty among them. */
const PARTS = [
  ...Array.from({ length: 40 }, (_, i) => `<row r="${i}">${'<c><v>1</v></c>'.repeat(500)}</row>\n`),
  '',
  Buffer.from('tail ü'),
];

const entries = (): ZipEntry[] => [
  { name: 'whole.txt', data: 'hello, world' },
  { name: 'dir/streamed.xml', data: inParts(PARTS) },
  { name: 'empty.txt', data: '' },
  { name: 'empty-stream.txt', data: inParts([]) },
];

describe('zip', () => {
  it('writes files given whole and in parts that read back byte for byte, CRC and sizes checked', async () => {
    const files = unzip(await archive(entries()));
    expect([...files.keys()]).toEqual(['whole.txt', 'dir/streamed.xml', 'empty.txt', 'empty-stream.txt']);
    expect(files.get('whole.txt')!.toString()).toBe('hello, world');
    expect(files.get('dir/streamed.xml')!.toString()).toBe(PARTS.join(''));
    expect(files.get('empty.txt')!.length).toBe(0);
    expect(files.get('empty-stream.txt')!.length).toBe(0);
  });

  it('depends on nothing but its files: the same files make the same bytes', async () => {
    expect((await archive(entries())).equals(await archive(entries()))).toBe(true);
  });

  const unzipBinary = spawnSync('unzip', ['-v']).status === 0;
  it.skipIf(!unzipBinary)('passes Info-ZIP’s own test of every file (unzip -t)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quickbuy-zip-'));
    try {
      const file = path.join(dir, 'test.zip');
      writeFileSync(file, await archive(entries()));
      expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
