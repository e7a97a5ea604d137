import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** SHA-256 of a file's bytes, read as a stream. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** A backup file no checksum vouches for. */
export class ChecksumError extends Error {}

/**
 * Checks `file` against the checksum file of its set (`sha256sum -c` reads the same file): the line naming it,
 * in the `.sha256` beside it. No checksum file, no line for the file, or another digest: refused.
 */
export async function verifyChecksum(file: string, checksums: string): Promise<void> {
  if (!existsSync(checksums)) {
    throw new ChecksumError(
      `no checksum file ${path.basename(checksums)} beside ${path.basename(file)}: copy it from the backup folder with the backup`,
    );
  }
  const lines = (await readFile(checksums, 'utf8')).split('\n');
  const line = lines.map((l) => /^([0-9a-f]{64}) [ *](.+)$/.exec(l.trim())).find((m) => m?.[2] === path.basename(file));
  if (!line) throw new ChecksumError(`${path.basename(checksums)} has no checksum for ${path.basename(file)}`);
  const actual = await fileSha256(file);
  if (actual !== line[1]) {
    throw new ChecksumError(
      `${path.basename(file)} does not match its checksum (${path.basename(checksums)}): the file is damaged or was changed`,
    );
  }
}
