import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian installs each PostgreSQL version's programs (scripts/lib.mjs looks there too). */
const DEBIAN_BASE = '/usr/lib/postgresql';

export interface PgTool {
  path: string;
  /** Its major version: pg_dump reads servers up to its own. */
  major: number;
}

/**
 * A PostgreSQL client program (`pg_dump`, `pg_restore`) of the newest version on this machine: Debian's
 * /usr/lib/postgresql/<version>/bin first (its /usr/bin wrapper picks a version by cluster, not the newest),
 * then PATH. Null when there is none.
 */
export async function findPgTool(name: 'pg_dump' | 'pg_restore'): Promise<PgTool | null> {
  const candidates: string[] = [];
  if (existsSync(DEBIAN_BASE)) {
    const versions = readdirSync(DEBIAN_BASE).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(DEBIAN_BASE, v, 'bin', name)));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)));
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    try {
      const { stdout } = await run(candidate, ['--version']);
      const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
      if (major) return { path: candidate, major };
    } catch {
      // not runnable here; try the next
    }
  }
  return null;
}

/** The URL without its password, and the password apart (for PGPASSWORD: a command line is visible to `ps`). */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/**
 * pg_dump in its custom format (compressed, restorable table by table with pg_restore) of the database at `url`,
 * reading the moment `snapshot` names (pg_export_snapshot() of a transaction still open), so it holds exactly
 * what the store's own archive beside it holds.
 */
export async function runPgDump({
  tool,
  url,
  snapshot,
  file,
  signal,
}: {
  tool: PgTool;
  url: string;
  snapshot: string;
  file: string;
  signal?: AbortSignal;
}): Promise<void> {
  const target = splitPassword(url);
  await run(
    tool.path,
    ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, target.url],
    {
      env: { ...process.env, ...(target.password ? { PGPASSWORD: target.password } : {}) },
      maxBuffer: 1024 * 1024,
      signal,
    },
  );
}

/** pg_restore of a custom-format file into the (empty) database at `url`; for the tests and the operator's docs. */
export async function runPgRestore({ tool, url, file }: { tool: PgTool; url: string; file: string }): Promise<void> {
  const target = splitPassword(url);
  await run(tool.path, ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, file], {
    env: { ...process.env, ...(target.password ? { PGPASSWORD: target.password } : {}) },
    maxBuffer: 1024 * 1024,
  });
}
