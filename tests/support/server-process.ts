import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempFolder } from './temp-folders';

/*
 * The store's scripts run as an operator runs them (node --import tsx <script>), their output gathered, and the
 * real server waited for until it says where it listens.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The web build's places pointed at a folder that does not exist: the API runs without the pages. */
export const NO_WEB_BUILD = {
  WEB_DIST_DIR: path.join(tmpdir(), 'quickbuy-no-web-build'),
  WEB_SSR_ENTRY: path.join(tmpdir(), 'quickbuy-no-web-build', 'entry-server.js'),
};

/**
 * A new folder for a spawned store's PGlite database, holding the suite's migrated one (unpacked by tar from
 * tests/setup/migrated-database.ts's snapshot): the store opens it instead of making and migrating one, about
 * 3.5 s of CPU less a start. Empty when the suite has no snapshot; removed after the test file.
 */
export function migratedPgliteDir(prefix: string): string {
  const dataDir = path.join(tempFolder(prefix), 'data');
  mkdirSync(dataDir);
  const snapshot = process.env.QUICKBUY_PGLITE_SNAPSHOT;
  // GNU tar takes the leading '/' off the snapshot's names, and says so on stderr.
  if (snapshot) execFileSync('tar', ['-xf', snapshot, '-C', dataDir], { stdio: 'ignore' });
  return dataDir;
}

export interface ScriptProcess {
  child: ChildProcess;
  /** Everything the script wrote so far, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `script` (a path from the repository's root) with the test's environment plus `env`. */
export function runScript(script: string, args: string[], env: Record<string, string>): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The port the server (src/server/main.ts) says it listens on; rejects with its output if it exits first. */
export function listeningPort(server: ScriptProcess): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const listening = /QuickBuy is listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output());
      if (listening) {
        clearInterval(check);
        resolve(Number(listening[1]));
      }
    }, 50);
    void server.exited.then((code) => {
      clearInterval(check);
      reject(new Error(`the server exited (${code}) before listening:\n${server.output()}`));
    });
  });
}
