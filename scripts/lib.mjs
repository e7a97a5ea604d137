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

/** True when dist/web is missing or older than the sources it is built from. */
export function webBuildIsStale() {
  const index = path.join(root, 'dist/web/index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(
    newestMtime(['src/web', 'src/shared']),
    ...['vite.config.ts', 'package.json'].map((f) => statSync(path.join(root, f)).mtimeMs),
  );
  return sources > statSync(index).mtimeMs;
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app (dist/web is missing or older than its sources)...');
  return run('npm', ['run', 'build']);
}
