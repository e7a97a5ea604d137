import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTarget, removeAll, suiteEngine } from '../../../../tests/support/backup-targets';
import { customer } from '../../../../tests/support/checkout';
import { listeningPort, NO_WEB_BUILD, runScript } from '../../../../tests/support/server-process';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-app';

/*
 * The commands as an operator runs them, against the real server (node src/server/main.ts) on the suite's engine:
 * `npm run backup` while it serves, `npm run restore` refusing the running store's database and then filling an
 * empty one, and the store started again on what was restored.
 */

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
  ...NO_WEB_BUILD,
};

/** Where the store keeps its database: a PGlite folder, or a PostgreSQL database. */
type Place = { DATA_DIR: string; DATABASE_URL: string };

function command(script: string, args: string[], place: Place): Promise<{ code: number | null; output: string }> {
  const run = runScript(script, args, { ...BASE_ENV, ...place });
  children.push(run.child);
  return run.exited.then((code) => ({ code, output: run.output() }));
}

async function startStore(place: Place) {
  const store = runScript('src/server/main.ts', [], { ...BASE_ENV, ...place });
  children.push(store.child);
  const port = await listeningPort(store);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-quickbuy-request': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const stop = async () => {
    store.child.kill('SIGTERM');
    expect(await store.exited).toBe(0);
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
