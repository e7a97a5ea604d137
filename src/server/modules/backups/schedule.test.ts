import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupLine } from '../../../shared/backups';
import { postgresSession } from '../../db/raw-session';
import { backupRuns } from '../../db/schema';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { backupFolder, quietLog, removeAll, suiteEngine } from '../../../../tests/support/backup-targets';
import { createSecondInstance, send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { recordBackupRun } from './backup-runs';
import { backupDue, startBackupSchedule } from './schedule';
import { BACKUP_LOCK_ID } from './snapshot';
import { takeBackup } from './take-backup';

/*
 * The store's own backups: due by the last good one in the database, one per interval across a cluster (the
 * advisory lock, and the question asked again under it), the oldest past BACKUP_KEEP deleted, a failure recorded
 * and retried later, and what /metrics and the admin's Overview show of it.
 */

afterAll(removeAll);
const HOUR = 3_600_000;

const runs = (t: TestApp) => t.db.select().from(backupRuns).orderBy(backupRuns.id);
const archivesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.backup.gz')) : []);

async function until(condition: () => Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the backup schedule', { timeout: 180_000 }, () => {
  const t = useTestApp();

  it('takes a backup when none is recorded, then none until the interval has passed since the last good one', async () => {
    const dir = backupFolder();
    const config = { BACKUP_DIR: dir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 };
    expect(await backupDue(t.db, t.clock.now(), 24)).toBe(true);
    const schedule = startBackupSchedule({ db: t.db, config, clock: t.clock, log: quietLog, checkEveryMs: 20 });
    try {
      await until(async () => (await runs(t)).length === 1, 'the first backup');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await runs(t)).toHaveLength(1);
      expect(await backupDue(t.db, t.clock.now(), 24)).toBe(false);

      t.clock.advance(24 * HOUR + 1000);
      await until(async () => (await runs(t)).length === 2, 'the second backup');
      t.clock.advance(24 * HOUR + 1000);
      await until(async () => (await runs(t)).length === 3, 'the third backup');
    } finally {
      await schedule.stop();
    }
    const recorded = await runs(t);
    expect(recorded.map((run) => [run.status, run.trigger])).toEqual([
      ['succeeded', 'schedule'],
      ['succeeded', 'schedule'],
      ['succeeded', 'schedule'],
    ]);
    expect(recorded.every((run) => run.bytes! > 0 && run.tables! > 20 && run.host)).toBe(true);
    // BACKUP_KEEP=2: the first set is gone, archive and checksum file alike.
    expect(archivesIn(dir).sort()).toEqual(recorded.slice(1).map((run) => `${run.name}.backup.gz`));
    expect(readdirSync(dir).filter((f) => f.startsWith(recorded[0]!.name!))).toEqual([]);
  });

  it('records a failure, tries again an hour later, and the Overview and /metrics say so', async () => {
    const blocked = path.join(backupFolder(), 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    const failed = takeBackup({
      db: t.db,
      dir: blocked,
      keep: 14,
      clock: t.clock,
      log: quietLog,
      trigger: 'schedule',
      wait: false,
    });
    await expect(failed).rejects.toThrow(/EEXIST|ENOTDIR/);
    const last = (await runs(t)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed', trigger: 'schedule', name: null, bytes: null });
    expect(last.error).toMatch(/EEXIST|ENOTDIR/);
    // The last good one is a day old by now, but the failure was just now: the next try waits an hour.
    t.clock.advance(24 * HOUR);
    expect(await backupDue(t.db, t.clock.now(), 24)).toBe(true);
    await recordBackupRun(t.db, {
      startedAt: t.clock.now(),
      finishedAt: t.clock.now(),
      status: 'failed',
      trigger: 'schedule',
      name: null,
      bytes: null,
      durationMs: 10,
      tables: null,
      rows: null,
      error: 'ENOSPC: no space left on device',
    });
    expect(await backupDue(t.db, t.clock.now(), 24)).toBe(false);
    t.clock.advance(HOUR + 1000);
    expect(await backupDue(t.db, t.clock.now(), 24)).toBe(true);

    const admin = await signedInAdmin(t);
    const overview = (await send(t.app, 'GET', '/api/admin/overview', { cookie: admin.cookie })).json();
    expect(overview.backups).toMatchObject({ everyHours: 24, last: { status: 'failed' } });
    const line = backupLine(overview.backups, new Date(overview.now));
    expect(line.text).toMatch(/^Last backup 2\d h ago$/);
    expect(line.warning).toBe('The last backup failed 1 h ago: ENOSPC: no space left on device');

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^quickbuy_backup_last_run_failed 1$/m);
    expect(metrics).toMatch(/^quickbuy_backup_last_success_bytes [1-9]\d*$/m);
    expect(metrics).toMatch(/^quickbuy_backup_last_success_duration_seconds \d/m);
    const good = overview.backups.lastSuccess;
    expect(metrics).toContain(`quickbuy_backup_last_success_timestamp_seconds ${Date.parse(good.at) / 1000}\n`);
  });

  it('stops a backup in progress when the store stops: no files left, the run recorded as failed', async () => {
    const dir = backupFolder();
    const stopping = new AbortController();
    stopping.abort();
    await expect(
      takeBackup({
        db: t.db,
        dir,
        keep: 14,
        clock: t.clock,
        log: quietLog,
        trigger: 'schedule',
        wait: false,
        signal: stopping.signal,
      }),
    ).rejects.toThrow(/abort/i);
    expect(readdirSync(dir)).toEqual([]);
    expect((await runs(t)).at(-1)).toMatchObject({ status: 'failed', trigger: 'schedule' });
  });
});

describe.runIf(suiteEngine() === 'postgres')('two instances on one PostgreSQL', { timeout: 180_000 }, () => {
  const t = useTestApp();

  it('take one backup per interval between them, never two at once', async () => {
    const second = await createSecondInstance(t);
    const dir = backupFolder();
    const config = { BACKUP_DIR: dir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 14 };
    const started = await Promise.all(
      [t, second].map(async (instance) => ({
        instance,
        schedule: startBackupSchedule({ db: instance.db, config, clock: t.clock, log: quietLog, checkEveryMs: 10 }),
      })),
    );
    try {
      await until(async () => (await runs(t)).length >= 1, 'a backup');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await runs(t)).toHaveLength(1);
      t.clock.advance(25 * HOUR);
      await until(async () => (await runs(t)).length >= 2, 'the next backup');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await runs(t)).toHaveLength(2);
    } finally {
      await Promise.all(started.map(({ schedule }) => schedule.stop()));
      await second.close();
    }
    expect(archivesIn(dir)).toHaveLength(2);
  });

  it('gives the schedule up at once while another instance holds the lock, and lets a command wait for it', async () => {
    const dir = backupFolder();
    const options = { dir, keep: 14, clock: t.clock, log: quietLog, trigger: 'command' as const };
    // Another instance in the middle of a backup, as far as the lock tells.
    const other = await postgresSession(t.database.url!);
    await other.rows('select pg_advisory_lock($1)', [BACKUP_LOCK_ID]);
    try {
      expect(await takeBackup({ ...options, db: t.db, wait: false })).toBeNull();
      let done = false;
      const waiting = takeBackup({ ...options, db: t.db, wait: true }).finally(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(done).toBe(false);
      await other.rows('select pg_advisory_unlock($1)', [BACKUP_LOCK_ID]);
      expect((await waiting)!.files).toHaveLength(3);
    } finally {
      await other.close();
    }
    expect(archivesIn(dir)).toHaveLength(1);
  });
});
