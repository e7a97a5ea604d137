// Small helpers the project's scripts share.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Run a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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
