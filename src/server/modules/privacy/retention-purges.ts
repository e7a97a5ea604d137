import { sql } from 'drizzle-orm';
import { RETENTION_PURGE_EVERY_MS } from '../../../shared/retention';
import { transaction, type Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { purgeEndedWindows } from '../../lib/rate-limit-store';
import { repeatEvery } from '../../lib/repeat';
import { purgeExpiredAccountRows } from '../accounts';
import { deleteOldSellerPhotos, maskOldPayoutAccounts } from '../trade-ins';

/*
 * Retention (docs/decisions/076): what the store lets go of by itself, each rule's constant in shared/retention.ts.
 * Each instance runs the purges when it starts and every day after; one at a time across a cluster (a transaction
 * advisory lock: an instance that finds it held skips its turn, as the other is doing the same work). Each purge
 * is idempotent, so a second instance's turn later that day finds little or nothing.
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
  sessions: number;
  passwordResets: number;
  signUps: number;
  emailChanges: number;
  signInFailures: number;
  rateLimitCounters: number;
}

/** One pass of every purge, in one transaction; null when another instance holds the lock. */
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
  const counts = await transaction(db, async (tx) => {
    // 1. One instance at a time: the lock ends with the transaction.
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${RETENTION_LOCK}, 0)) as got`,
    );
    const [lock] = (locked as unknown as { rows: { got: boolean }[] }).rows;
    if (!lock?.got) return null;

    // 2. Each owning module's purge.
    const payoutAccountsMasked = await maskOldPayoutAccounts(tx, now);
    const sellerPhotosDeleted = await deleteOldSellerPhotos(tx, now);
    const accounts = await purgeExpiredAccountRows(tx, now);
    const rateLimitCounters = await purgeEndedWindows(tx, now);
    return { payoutAccountsMasked, sellerPhotosDeleted, ...accounts, rateLimitCounters };
  });
  // 3. Logged, whatever it found: the log says the purge ran.
  if (counts) log.info({ retention: counts }, 'retention purge done');
  else log.info({}, 'retention purge skipped: another instance is running it');
  return counts;
}

/** The daily purges main.ts starts: now, then every RETENTION_PURGE_EVERY_MS; `stop()` waits for a pass. */
export function startRetentionPurges(
  { db, clock, log }: { db: Database; clock: Clock; log: RetentionLog },
  everyMs = RETENTION_PURGE_EVERY_MS,
): { stop(): Promise<void> } {
  return repeatEvery(
    everyMs,
    () => purgeOnce({ db, clock, log }),
    (error) => log.warn({ err: error }, 'retention purge failed: it runs again at its next turn'),
    { runNow: true },
  );
}
