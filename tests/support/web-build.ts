import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built web app and its server render entry, as the server is configured to find them. */
export const WEB_BUILD = {
  WEB_DIST_DIR: path.join(root, 'dist/web'),
  WEB_SSR_ENTRY: path.join(root, 'dist/server/entry-server.js'),
};

/** Builds the web app (`npm run build`) when it is missing or older than its sources, as `npm start` does. */
export function ensureWebBuild() {
  const result = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/lib.mjs').then(async (lib) => process.exit(await lib.buildWebIfStale()))"],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('npm run build failed');
}
