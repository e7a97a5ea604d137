import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';

/*
 * PGlite keeps no lock on its data directory: two processes can open one and ruin it. So whoever opens DATA_DIR
 * (the store, `npm run backup` when no store runs, `npm run restore`) first claims it by listening on a Unix
 * socket beside it, `<DATA_DIR>.sock`; a second claimant finds the socket answering and stops. The store also
 * serves `npm run backup` on it: a running PGlite store can only be backed up by itself (docs/decisions/075). The
 * socket is a file, so only users who may write beside DATA_DIR reach it.
 */

export const controlSocketPath = (dataDir: string) => `${dataDir}.sock`;

/** Who holds DATA_DIR, as its socket says. */
export interface Owner {
  pid: number;
  /** 'store', 'backup' or 'restore'. */
  role: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Owner | null,
  ) {
    super(
      owner?.role === 'store'
        ? `a QuickBuy store (process ${owner.pid}) is running on ${dataDir}: stop it first`
        : `${dataDir} is in use by another process (${owner ? `npm run ${owner.role}, process ${owner.pid}` : 'its socket answers'})`,
    );
  }
}

/** What the owner answers on its socket: a backup, for the store. */
export type OwnerRequests = Record<string, () => Promise<unknown>>;

/** Asks `path` over the socket; null when nobody listens there (no socket file, or a stale one). */
function ask(socket: string, method: 'GET' | 'POST', route: string): Promise<{ status: number; body: unknown } | null> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: socket, method, path: route }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`the process on ${socket} answered something else than JSON`));
        }
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end();
  });
}

/** True when something listens on the socket (a live owner), false for no file or a stale one. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Claims `dataDir` for this process, as `role`, serving `requests` (POST /<name>) to whoever asks on its socket;
 * refuses with DataDirInUse while another owner's socket answers. A socket file left by a process that died is
 * taken over. `release()` closes the socket and deletes its file.
 */
export async function claimDataDir(
  dataDir: string,
  role: string,
  requests: OwnerRequests = {},
): Promise<{ release(): Promise<void> }> {
  const socket = controlSocketPath(dataDir);
  mkdirSync(path.dirname(socket), { recursive: true });
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const name = request.url?.slice(1) ?? '';
    if (request.method === 'GET' && name === 'owner') return reply(200, { pid: process.pid, role });
    const handler = request.method === 'POST' ? requests[name] : undefined;
    if (!handler) return reply(404, { error: `the ${role} on this data directory does not take ${name}` });
    handler().then(
      (result) => reply(200, result),
      (error: unknown) => reply(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // A backup of a large store takes longer than Node's default request timeout.
  server.requestTimeout = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socket, () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw error;
      if (await answers(socket)) throw new DataDirInUse(dataDir, await owner(dataDir));
      unlinkSync(socket);
    }
  }
  return {
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The process that holds `dataDir` now, or null. */
export async function owner(dataDir: string): Promise<Owner | null> {
  const answer = await ask(controlSocketPath(dataDir), 'GET', '/owner').catch(() => null);
  return answer?.status === 200 ? (answer.body as Owner) : null;
}

/**
 * Asks the owner of `dataDir` to run `name` (the store's 'backup') and answers what it answered; null when no
 * process holds the data directory. A refusal or failure there is thrown here with the owner's words.
 */
export async function askOwner(dataDir: string, name: string): Promise<unknown> {
  if (!existsSync(controlSocketPath(dataDir))) return null;
  const answer = await ask(controlSocketPath(dataDir), 'POST', `/${name}`);
  if (!answer) return null;
  if (answer.status !== 200) throw new Error((answer.body as { error?: string }).error ?? `status ${answer.status}`);
  return answer.body;
}
