import { transaction, type Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { repeatEvery } from '../../lib/repeat';
import { lockExpiredOrders } from '../orders';
import { releaseOrderStep, type WorkflowLog } from './workflow';

/* Unpaid orders past their hold give their stock back, on every instance, once each (workflow.ts releases one). */

/**
 * Releases every reservation past its time. Safe with several instances: each claims orders with
 * `for update skip locked`, so two never release the same order. Returns how many it released.
 */
export async function expireReservations({
  db,
  clock,
  batchSize = 100,
}: {
  db: Database;
  clock: Clock;
  batchSize?: number;
}): Promise<number> {
  let total = 0;
  for (;;) {
    const now = clock.now();
    const batch = await transaction(db, async (tx) => {
      const due = await lockExpiredOrders(tx, now, batchSize);
      let released = 0;
      for (const order of due) if (await releaseOrderStep(tx, order, 'expired', now)) released++;
      return { released, full: due.length === batchSize };
    });
    total += batch.released;
    if (!batch.full) return total;
  }
}

/** Runs expireReservations every minute; main.ts stops it on shutdown. */
export function startReservationExpiry({
  db,
  clock,
  log,
  intervalMs = 60_000,
}: {
  db: Database;
  clock: Clock;
  log: WorkflowLog;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  return repeatEvery(
    intervalMs,
    async () => {
      const count = await expireReservations({ db, clock });
      if (count > 0) log.info({ count }, 'released expired stock reservations');
    },
    (error) => log.warn({ err: error }, 'reservation expiry failed; retrying next minute'),
  );
}
