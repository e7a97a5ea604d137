// Small helpers the project's scripts share.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Run a command with inherited output; resolves with its exit code. `forwardSignals`: SIGINT and SIGTERM sent to
 * this script alone (`pkill -f`, not a terminal's Ctrl-C, which reaches the whole group) are passed on to the
 * command, which stops as it would on them, instead of living on without its parent (a server keeping its port).
 */
export function run(command, args, { forwardSignals = false, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    const forward = (signal) => child.kill(signal);
    const signals = forwardSignals ? ['SIGINT', 'SIGTERM'] : [];
    for (const signal of signals) process.on(signal, forward);
    child.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The newest modification time of any file under the given folders. */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach((dir) => walk(path.join(root, dir)));
  return newest;
}

/** True when the build (dist/web and the server render entry in dist/server) is missing or older than its sources. */
export function webBuildIsStale() {
  const outputs = ['dist/web/index.html', 'dist/server/entry-server.js'].map((f) => path.join(root, f));
  if (outputs.some((file) => !existsSync(file))) return true;
  const sources = Math.max(
    newestMtime(['src/web', 'src/shared']),
    ...['vite.config.ts', 'package.json'].map((f) => statSync(path.join(root, f)).mtimeMs),
  );
  return sources > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app (dist/web or dist/server is missing or older than its sources)...');
  // A production build whatever the caller runs under (Vitest sets NODE_ENV=test, which makes Vite emit development JSX).
  return run('npm', ['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Debian's `name` package, installed when `present()` says it is missing and we are root (the tests need
 * chromium, chromium-headless-shell, postgresql and nginx; a machine set up by hand has them already). True when present afterwards.
 * On a host run by systemd, installing a server package also starts its own service; ours start their own.
 */
export function ensureDebianPackage(name, present) {
  if (present()) return true;
  if (process.getuid?.() !== 0) return false;
  console.log(`${name} is missing: installing Debian's ${name} package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
  return present();
}

/** The newest PostgreSQL server's bin folder under /usr/lib/postgresql, or null. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/**
 * A throwaway PostgreSQL server on a free port of 127.0.0.1, its data in a temp folder, started from
 * Debian's binaries (installed when missing and we are root). PostgreSQL refuses to run as root: as root it
 * runs as the postgres user (or a system user of our own). `settings` are server settings on top of ours
 * (fsync off: a test database never outlives the machine). Resolves with its URL, `restart(mode, downMs)`
 * (pg_ctl stop -m mode, a pause, start) and `stop()`, which also deletes the data.
 */
export async function startPostgres({ settings = {} } = {}) {
  if (!ensureDebianPackage('postgresql', () => postgresBin() !== null)) {
    throw new Error(
      'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin and no way to install them ' +
        "(install Debian's postgresql package, or run as root so this script can)",
    );
  }
  const bin = postgresBin();
  let runAs = null;
  if (process.getuid?.() === 0) {
    const hasUser = (name) => spawnSync('id', ['-u', name]).status === 0;
    runAs = hasUser('postgres') ? 'postgres' : 'quickbuy-pg';
    if (!hasUser(runAs)) execFileSync('useradd', ['--system', '--no-create-home', runAs]);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'quickbuy-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  // POSTGRES_PORT chooses the port (a machine shared by several people); any free one otherwise.
  const port = Number(process.env.POSTGRES_PORT) || (await freePort());
  const commandOf = (file, args) =>
    runAs ? ['runuser', ['-u', runAs, '--', path.join(bin, file), ...args]] : [path.join(bin, file), args];
  const pg = (file, args) => {
    const result = spawnSync(...commandOf(file, args), { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${file} failed:\n${result.stdout}\n${result.stderr}`);
  };
  // The restart leaves the caller's event loop running (a load driven from the same process goes on meanwhile).
  const pgAsync = (file, args) =>
    new Promise((resolve, reject) =>
      execFile(...commandOf(file, args), (error, stdout, stderr) =>
        error ? reject(new Error(`${file} failed:\n${stdout}\n${stderr}`)) : resolve(),
      ),
    );
  const options = Object.entries({
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    full_page_writes: 'off',
    max_connections: 200,
    ...settings,
  })
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  const startArgs = [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} ${options}`,
  ];
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    pg('pg_ctl', startArgs);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version: path.basename(path.dirname(bin)),
    port,
    async restart(mode = 'fast', downMs = 0) {
      await pgAsync('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await pgAsync('pg_ctl', startArgs);
    },
    stop() {
      try {
        pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already down
      }
      remove();
    },
  };
}
