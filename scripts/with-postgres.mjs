// Runs a command against a throwaway PostgreSQL server started from the binaries under
// /usr/lib/postgresql/*/bin, with TEST_DATABASE_URL pointing at it. Installs Debian's
// postgresql package first when the binaries are missing and we are root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function findBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

const isRoot = process.getuid?.() === 0;
let bin = findBin();
if (!bin && isRoot) {
  console.log("PostgreSQL server binaries are missing: installing Debian's postgresql package...");
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  bin = findBin();
}
if (!bin) {
  console.error(
    'PostgreSQL tests cannot run: no server binaries under /usr/lib/postgresql/*/bin and no way to install them ' +
      "(install Debian's postgresql package, or run as root so this script can).",
  );
  process.exit(1);
}

// PostgreSQL refuses to run as root: run it as the postgres user (created by the Debian package) or a user of our own.
let runAs = null;
if (isRoot) {
  const hasUser = (name) => spawnSync('id', ['-u', name]).status === 0;
  runAs = hasUser('postgres') ? 'postgres' : 'quickbuy-pg';
  if (!hasUser(runAs)) execFileSync('useradd', ['--system', '--no-create-home', runAs]);
}
const asUser = (file, fileArgs) => (runAs ? ['runuser', ['-u', runAs, '--', file, ...fileArgs]] : [file, fileArgs]);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(path.join(tmpdir(), 'quickbuy-pg-'));
chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
// POSTGRES_PORT chooses the port (a machine shared by several people); any free one otherwise.
const port = Number(process.env.POSTGRES_PORT) || (await freePort());

function pg(file, fileArgs) {
  const [cmd, cmdArgs] = asUser(path.join(bin, file), fileArgs);
  const result = spawnSync(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`${file} failed:\n${result.stdout}\n${result.stderr}`);
    throw new Error(`${file} failed`);
  }
}

let code = 1;
try {
  pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  pg('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  console.log(`PostgreSQL (${path.basename(path.dirname(bin))}) running on 127.0.0.1:${port}`);
  code = await run(command, args, {
    env: { ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
  });
} catch (error) {
  console.error(error);
} finally {
  try {
    pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    // already down
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
