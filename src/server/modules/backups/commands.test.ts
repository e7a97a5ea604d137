import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTarget, removeAll, suiteEngine } from '../../../../tests/support/backup-targets';
import { customer } from '../../../../tests/support/checkout';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-app';

/*
 * The commands as an operator runs them, against the real server (node src/server/main.ts) on the suite's engine:
 * `npm run backup` while it serves, `npm run restore` refusing the running store's database and then filling an
 * empty one, and the store started again on what was restored.
 */

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const folder = mkdtempSync(path.join(tmpdir(), 'quickbuy-commands-'));
const databases: TestDatabase[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const database of databases) await database.drop();
  await removeAll();
  rmSync(folder, { recursive: true, force: true });
});

const BASE_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'info',
  STAFF_MFA: 'off',
  SEED_DEMO_DATA: 'true',
  ADMIN_EMAIL: 'admin@commands.test',
  ADMIN_PASSWORD: 'Commands-admin-2026',
  BACKUP_DIR: path.join(folder, 'backups'),
  BACKUP_EVERY_HOURS: 'off',
  WEB_DIST_DIR: path.join(tmpdir(), 'quickbuy-no-web-build'),
  WEB_SSR_ENTRY: path.join(tmpdir(), 'quickbuy-no-web-build', 'entry-server.js'),
};

/** Where the store keeps its database: a PGlite folder, or a PostgreSQL database. */
type Place = { DATA_DIR: string; DATABASE_URL: string };

function command(script: string, args: string[], place: Place): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...BASE_ENV, ...place },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function startStore(place: Place) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...BASE_ENV, ...place },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const listening = /QuickBuy is listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearInterval(check);
        resolve(Number(listening[1]));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`the store exited (${code}) before listening:\n${output}`));
    });
  });
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-quickbuy-request': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const stop = async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  };
  return { call, stop };
}

/** A database for the store on the suite's engine, made and migrated by the store itself at its first start. */
async function newPlace(): Promise<Place> {
  if (suiteEngine() === 'pglite')
    return { DATA_DIR: path.join(mkdtempSync(path.join(folder, 'store-')), 'data'), DATABASE_URL: '' };
  const database = await createTestDatabase();
  databases.push(database);
  return { DATA_DIR: path.join(folder, 'unused'), DATABASE_URL: database.url! };
}

describe(`npm run backup and npm run restore on ${suiteEngine()}`, () => {
  it('backs up the running store, refuses to restore over it, restores into an empty database, and the store starts on it', async () => {
    const place = await newPlace();
    const store = await startStore(place);
    const devices = (await store.call('GET', '/api/devices?pageSize=1')).json as { items: { id: string }[] };
    const order = await store.call('POST', '/api/checkout', {
      items: [{ deviceId: devices.items[0]!.id, quantity: 1 }],
      customer: customer(),
    });
    expect(order.status).toBe(201);
    const orderNumber = order.json.orderNumber as string;

    const backup = await command('src/server/modules/backups/backup-cli.ts', [], place);
    expect(backup.code, backup.output).toBe(0);
    const archive = /^\s+(\S+\.backup\.gz)$/m.exec(backup.output)![1]!;
    expect(existsSync(archive)).toBe(true);
    expect(readdirSync(BASE_ENV.BACKUP_DIR).some((file) => file.endsWith('.sha256'))).toBe(true);
    if (suiteEngine() === 'postgres') expect(backup.output).toMatch(/\.pgdump$/m);

    const over = await command('src/server/modules/backups/restore-cli.ts', [archive, '--replace'], place);
    expect(over.code).toBe(1);
    expect(over.output).toMatch(
      suiteEngine() === 'pglite'
        ? /Restore refused: a QuickBuy store \(process \d+\) is running on .+: stop it first/
        : /Restore refused: a QuickBuy store has \d+ connection\(s\) open to this database: stop every instance first/,
    );
    await store.stop();

    const target = await emptyTarget(suiteEngine());
    const elsewhere: Place =
      'url' in target
        ? { DATA_DIR: path.join(folder, 'unused'), DATABASE_URL: target.url }
        : { DATA_DIR: target.dataDir, DATABASE_URL: '' };
    const restored = await command('src/server/modules/backups/restore-cli.ts', [archive], elsewhere);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/Restored \d+ tables, \d+ rows, each matching its checksum/);

    const again = await startStore(elsewhere);
    const tracked = await again.call('GET', `/api/track/${orderNumber}`);
    expect(tracked.status, JSON.stringify(tracked.json)).toBe(200);
    const signIn = await again.call('POST', '/api/auth/admin/signin', {
      email: BASE_ENV.ADMIN_EMAIL,
      password: BASE_ENV.ADMIN_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    await again.stop();
  }, 240_000);
});
