import { describe, expect, it } from 'vitest';
import { backupLine, timeAgo } from './backups';

const HOUR = 3_600_000;

describe('timeAgo', () => {
  it('counts in the largest unit that is at least one', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms).toISOString(), now);
    expect([ago(30_000), ago(12 * 60_000), ago(3 * HOUR), ago(47 * HOUR), ago(49 * HOUR)]).toEqual([
      'just now',
      '12 min ago',
      '3 h ago',
      '47 h ago',
      '2 days ago',
    ]);
  });
});

describe('the Overview line', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  const good = (hoursAgo: number) => ({ at: at(hoursAgo), bytes: 1000, durationMs: 1000 });

  it('says how long ago, and warns past twice the interval, after a failure, with none yet, or with the schedule off', () => {
    expect(
      backupLine({ everyHours: 24, last: { at: at(3), status: 'succeeded', error: null }, lastSuccess: good(3) }, now),
    ).toEqual({ text: 'Last backup 3 h ago', warning: null });
    expect(
      backupLine({ everyHours: 24, last: { at: at(47), status: 'succeeded', error: null }, lastSuccess: good(47) }, now)
        .warning,
    ).toBeNull();
    expect(
      backupLine(
        { everyHours: 24, last: { at: at(49), status: 'succeeded', error: null }, lastSuccess: good(49) },
        now,
      ),
    ).toEqual({
      text: 'Last backup 2 days ago',
      warning: 'Backups are due every 24 h and the last good one is older than twice that',
    });
    expect(
      backupLine(
        { everyHours: 24, last: { at: at(0.5), status: 'failed', error: 'disk full' }, lastSuccess: good(5) },
        now,
      ),
    ).toEqual({ text: 'Last backup 5 h ago', warning: 'The last backup failed 30 min ago: disk full' });
    expect(backupLine({ everyHours: 24, last: null, lastSuccess: null }, now)).toEqual({
      text: 'No backup yet',
      warning: 'The store has not been backed up yet',
    });
    expect(backupLine({ everyHours: null, last: null, lastSuccess: null }, now).warning).toBe(
      'Automatic backups are off (BACKUP_EVERY_HOURS=off): run npm run backup yourself',
    );
  });
});
