import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A new folder under the system's temp folder, removed with everything in it after the test file's last test
 * (tests/setup/remove-temp-folders.ts): a suite run makes hundreds, and a spawned store's holds a database.
 */
export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempFolders() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
