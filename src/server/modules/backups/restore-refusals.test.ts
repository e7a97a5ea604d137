import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, openDatabase, shippedMigrations } from '../../db/client';
import { openRawSession, pgliteSession, postgresSession } from '../../db/raw-session';
import { contactMessages } from '../../db/schema';
import { backUpNow, backupFolder, emptyTarget, removeAll, suiteEngine } from '../../../../tests/support/backup-targets';
import { useTestApp } from '../../../../tests/support/test-app';
import { fileSha256 } from './checksums';
import { checksumFileOf, restoreBackup, RestoreRefusal, type RestoreTarget } from './restore';
import { tableFingerprints } from './table-rows';

/*
 * What `npm run restore` refuses, on the suite's engine, and that a refusal changes nothing: a file its checksum
 * does not vouch for, a damaged or cut archive, a backup from a newer schema or another line of migrations, a
 * target that holds a database (unless --replace, which backs it up first and puts it back if the load fails).
 */

const t = useTestApp();
let archive: string;

beforeAll(async () => {
  await t.db.insert(contactMessages).values({
    name: 'Thandi Nkosi',
    email: 'thandi@example.co.za',
    subject: 'A question',
    message: 'Do you buy back tablets?',
  });
  const backup = await backUpNow(t.db, t.clock);
  archive = backup.files[0]!;
});
afterAll(removeAll);

const restore = (file: string, target: RestoreTarget, replace = false, backUpCurrent = async () => 'elsewhere') =>
  restoreBackup({ file, target, replace, backUpCurrent, log: () => undefined });

/** A copy of the archive with its lines changed by `edit`, and a checksum file that vouches for the copy. */
function edited(edit: (lines: string[]) => string[], name = 'quickbuy-2026-01-01T00-00-00Z') {
  const folder = backupFolder();
  const file = path.join(folder, `${name}.backup.gz`);
  const lines = gunzipSync(readFileSync(archive)).toString('utf8').split('\n');
  writeFileSync(file, gzipSync(edit(lines).join('\n')));
  return file;
}

async function vouchFor(file: string) {
  writeFileSync(checksumFileOf(file), `${await fileSha256(file)}  ${path.basename(file)}\n`);
  return file;
}

/** A target holding a database: the store's own, one contact message in it. */
async function heldTarget(): Promise<RestoreTarget> {
  const target = await emptyTarget(suiteEngine());
  const connection = await openDatabase(target);
  await connection.migrate();
  await connection.db.insert(contactMessages).values({
    name: 'Already here',
    email: 'here@example.co.za',
    subject: 'Kept',
    message: 'This database was here first',
  });
  await connection.close();
  return target;
}

async function messagesAt(target: RestoreTarget): Promise<string[]> {
  const connection = await openDatabase(target);
  try {
    return (await connection.db.select().from(contactMessages)).map((m) => m.name).sort();
  } finally {
    await connection.close();
  }
}

async function expectRefused(promise: Promise<unknown>, message: RegExp | string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RestoreRefusal);
  expect((error as Error).message).toMatch(message);
}

describe('npm run restore refuses', { timeout: 120_000 }, () => {
  it('a file whose checksum file does not vouch for it, and one with no checksum file beside it', async () => {
    const damaged = edited((lines) => lines);
    writeFileSync(checksumFileOf(damaged), `${'0'.repeat(64)}  ${path.basename(damaged)}\n`);
    const target = await emptyTarget(suiteEngine());
    await expectRefused(
      restore(damaged, target),
      /^quickbuy-2026-01-01T00-00-00Z\.backup\.gz does not match its checksum \(quickbuy-2026-01-01T00-00-00Z\.sha256\): the file is damaged or was changed$/,
    );
    const alone = edited((lines) => lines, 'quickbuy-2026-01-02T00-00-00Z');
    await expectRefused(
      restore(alone, target),
      'no checksum file quickbuy-2026-01-02T00-00-00Z.sha256 beside quickbuy-2026-01-02T00-00-00Z.backup.gz: copy it from the backup folder with the backup',
    );
  });

  it('an archive whose rows do not match the checksums written in it, or that was cut short, leaving the target empty', async () => {
    const changedRow = await vouchFor(
      edited((lines) => lines.map((line) => line.replace('Do you buy back tablets?', 'Do you buy back phones?'))),
    );
    const target = await emptyTarget(suiteEngine());
    await expect(restore(changedRow, target)).rejects.toThrow(
      /^table contact_messages does not match its checksum in the file \(1 rows read, 1 written\): the file is damaged$/,
    );
    const cut = await vouchFor(edited((lines) => lines.slice(0, Math.floor(lines.length / 2))));
    await expect(restore(cut, target)).rejects.toThrow(/the file was cut short|has no end|damaged/);
    if ('url' in target) {
      const session = await postgresSession(target.url);
      expect(await session.rows("select count(*)::int from pg_tables where schemaname = 'public'")).toEqual([[0]]);
      await session.close();
    }
  });

  it('a backup from a newer schema, before touching the target', async () => {
    const newer = await vouchFor(
      edited(([header, ...rest]) => {
        const parsed = JSON.parse(header!);
        parsed.migrations.push({ tag: '0099_from_the_future', folderMillis: 4_102_444_800_000, hash: 'f'.repeat(64) });
        return [JSON.stringify(parsed), ...rest];
      }),
    );
    const target = await heldTarget();
    const newest = shippedMigrations().at(-1)!.tag;
    await expectRefused(
      restore(newer, target, true),
      `this backup comes from a newer version of the store: its database has migration 0099_from_the_future, which this version does not have (its newest is ${newest}). Restore it with that version or a later one`,
    );
    expect(await messagesAt(target)).toEqual(['Already here']);
  });

  it('a backup whose migrations are not this version’s', async () => {
    const other = await vouchFor(
      edited(([header, ...rest]) => {
        const parsed = JSON.parse(header!);
        parsed.migrations[1].hash = 'e'.repeat(64);
        return [JSON.stringify(parsed), ...rest];
      }),
    );
    await expectRefused(
      restore(other, await emptyTarget(suiteEngine())),
      /^this backup's migration 2 \(0001_search_trigram\) is not this version's \(0001_search_trigram\): it comes from another line of the code$/,
    );
  });

  it('a target that holds a database, without --replace, changing nothing', async () => {
    const target = await heldTarget();
    await expectRefused(
      restore(archive, target),
      'dataDir' in target
        ? `${target.dataDir} is not empty: restore into an empty data directory (set DATA_DIR), or add --replace to back up what it holds and replace it`
        : /^the database is not empty \(it holds .*public\.contact_messages.*\): restore into an empty database, or add --replace to back up what it holds and replace it$/,
    );
    expect(await messagesAt(target)).toEqual(['Already here']);
  });
});

describe('npm run restore --replace', { timeout: 120_000 }, () => {
  it('backs up what the target holds first, then replaces it with the backup', async () => {
    const target = await heldTarget();
    const backedUp: string[] = [];
    const report = await restore(archive, target, true, async () => {
      backedUp.push(...(await messagesAt(target)));
      return 'the backup of what it held';
    });
    expect(backedUp).toEqual(['Already here']);
    expect(report.replacedBackup).toBe('the backup of what it held');
    expect(await messagesAt(target)).toEqual(['Thandi Nkosi']);
    const session =
      'url' in target
        ? await postgresSession(target.url)
        : await pgliteSession(await createPglite({ dataDir: target.dataDir }), { owned: true });
    const live = await openRawSession(t.db);
    try {
      const restored = await tableFingerprints(session);
      const source = await tableFingerprints(live);
      // The source has recorded the backup's own run since; everything else is as it was.
      expect(restored.filter((table) => table.name !== 'backup_runs')).toEqual(
        source.filter((table) => table.name !== 'backup_runs'),
      );
    } finally {
      await session.close();
      await live.close();
    }
  });

  it('puts back what the target held when the load fails', async () => {
    const target = await heldTarget();
    const cut = await vouchFor(edited((lines) => lines.slice(0, -3)));
    await expect(restore(cut, target, true)).rejects.toThrow();
    expect(await messagesAt(target)).toEqual(['Already here']);
  });
});
