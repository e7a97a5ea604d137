import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { RETENTION_CHECK_MS, RETENTION_PURGE_EVERY_MS } from '../../../shared/retention';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { retentionRuns } from '../../db/schema/privacy';
import type { Clock } from '../../lib/clock';
import { newestAt } from '../../lib/newest-at';
import { purgeEndedWindows } from '../../lib/rate-limit-store';
import { repeatEvery } from '../../lib/repeat';
import { purgeExpiredAccountRows } from '../accounts';
import { deleteOldSellerPhotos, maskOldPayoutAccounts, purgeExpiredSellerLinks } from '../trade-ins';

/*
 * Retention (docs/decisions/076): what the store lets go of by itself, each rule's constant in shared/retention.ts.
 * Once a day across a cluster (docs/decisions/085): each instance looks every RETENTION_CHECK_MS whether a pass is
 * due, and runs one under a transaction advisory lock only when the last pass recorded in retention_runs, whichever
 * instance ran it, is a day old. An instance finding the lock held skips its turn, as the other is doing the work;
 * one coming after it reads its row and skips too. Each purge is idempotent besides, so a pass repeated does no harm.
 */

/** The lock one purge at a time holds (a key of its own, as the checkout's and the mail's locks are keyed). */
const RETENTION_LOCK = 'quickbuy:retention-purge';

export interface RetentionLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** What one pass purged, by rule. */
export interface PurgeCounts {
  payoutAccountsMasked: number;
  sellerPhotosDeleted: number;
  sellerLinks: number;
  sessions: number;
  passwordResets: number;
  signUps: number;
  emailChanges: number;
  signInFailures: number;
  rateLimitCounters: number;
}

/** When the last pass ran, on any instance, or null before the first. */
const lastPassAt = (db: DbHandle) => newestAt(db, retentionRuns, retentionRuns.ranAt);

/**
 * A pass of every purge when one is due, in one transaction with its record; null when another instance holds the
 * lock or a pass ran less than RETENTION_PURGE_EVERY_MS ago.
 */
export async function purgeOnce({
  db,
  clock,
  log,
}: {
  db: Database;
  clock: Clock;
  log: RetentionLog;
}): Promise<PurgeCounts | null> {
  const now = clock.now();
  const outcome = await transaction(db, async (tx) => {
    // 1. One instance at a time: the lock ends with the transaction.
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${RETENTION_LOCK}, 0)) as got`,
    );
    const [lock] = (locked as unknown as { rows: { got: boolean }[] }).rows;
    if (!lock?.got) return { skipped: 'another instance is running it' } as const;

    // 2. Once a day across the cluster: looked at under the lock, as another instance may have just finished.
    const last = await lastPassAt(tx);
    if (last && now.getTime() - last.getTime() < RETENTION_PURGE_EVERY_MS) {
      return { skipped: `the last pass ran at ${last.toISOString()}` } as const;
    }

    // 3. Each owning module's purge.
    const payoutAccountsMasked = await maskOldPayoutAccounts(tx, now);
    const sellerPhotosDeleted = await deleteOldSellerPhotos(tx, now);
    const sellerLinks = await purgeExpiredSellerLinks(tx, now);
    const accounts = await purgeExpiredAccountRows(tx, now);
    const rateLimitCounters = await purgeEndedWindows(tx, now);
    const counts = { payoutAccountsMasked, sellerPhotosDeleted, sellerLinks, ...accounts, rateLimitCounters };

    // 4. Recorded with the purge it counts: a pass that failed leaves no row, so the next turn runs it again.
    await tx.insert(retentionRuns).values({ ranAt: now, counts, host: hostname() });
    return { counts } as const;
  });
  // 5. Logged, whatever it found: the log says the purge ran, or why this instance skipped it.
  if ('skipped' in outcome) {
    log.info({}, `retention purge skipped: ${outcome.skipped}`);
    return null;
  }
  log.info({ retention: outcome.counts }, 'retention purge done');
  return outcome.counts;
}

/**
 * The daily purges main.ts starts: a look now, then every `checkEveryMs`, each running a pass when one is due (an
 * instance that stopped never leaves the cluster without its purge for more than a check); `stop()` waits for a pass.
 */
export function startRetentionPurges(
  { db, clock, log }: { db: Database; clock: Clock; log: RetentionLog },
  checkEveryMs = RETENTION_CHECK_MS,
): { stop(): Promise<void> } {
  return repeatEvery(
    checkEveryMs,
    () => purgeOnce({ db, clock, log }),
    (error) => log.warn({ err: error }, 'retention purge failed: it runs again at its next turn'),
    { runNow: true },
  );
}
