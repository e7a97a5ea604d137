import { and, eq, gt, sql } from 'drizzle-orm';
import { PICKUP_MESSAGES, upcomingSlots, type PickupSlot } from '../../../shared/repair-calendar';
import type { RepairSlotsReply } from '../../../shared/repairs';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { repairPickupSlots } from '../../db/schema/repairs';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

/*
 * The pickup slots (decision 025): each date and time a counter of the places booked, taken by a
 * booking and given back by its cancel, never past the capacity.
 */

/** The times still offered on a date: inside the day's pickup hours, ahead of now, and not full. */
export async function listOfferedSlots({
  db,
  config,
  clock,
  date,
}: {
  db: Database;
  config: Config;
  clock: Clock;
  date: string;
}): Promise<RepairSlotsReply> {
  const slots = upcomingSlots(date, clock.now());
  if (slots.length === 0) return { date, slots };
  const taken = await db
    .select({ time: repairPickupSlots.pickupTime, booked: repairPickupSlots.booked })
    .from(repairPickupSlots)
    .where(eq(repairPickupSlots.pickupDate, date));
  const full = new Set(taken.filter((row) => row.booked >= config.REPAIR_SLOT_CAPACITY).map((row) => row.time));
  return { date, slots: slots.filter((slot) => !full.has(slot)) };
}

/**
 * Serialises the bookings of one pickup day until the transaction ends (a transaction-scoped
 * advisory lock keyed by the date; PGlite runs it too). Taken before the slot's row, so every
 * booking of the day takes the two locks in the same order.
 */
export async function lockPickupDay(tx: DbHandle, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup:${date}`}))`);
}

/**
 * Takes one place in a pickup slot, or refuses with 409 when it is full. One statement: the
 * conditional increment (`booked < capacity`) waits for any other booking of the same slot to commit
 * and re-reads the count, so however many ask at once, exactly the capacity get a place.
 */
export async function takeSlot(tx: DbHandle, date: string, time: PickupSlot, capacity: number) {
  const [row] = await tx
    .insert(repairPickupSlots)
    .values({ pickupDate: date, pickupTime: time, booked: 1 })
    .onConflictDoUpdate({
      target: [repairPickupSlots.pickupDate, repairPickupSlots.pickupTime],
      set: { booked: sql`${repairPickupSlots.booked} + 1` },
      setWhere: sql`${repairPickupSlots.booked} < ${capacity}`,
    })
    .returning({ booked: repairPickupSlots.booked });
  if (!row) {
    throw new AppError('SLOT_FULL', PICKUP_MESSAGES.slotFull, {
      status: 409,
      fields: { pickupTime: PICKUP_MESSAGES.slotFull },
    });
  }
}

/** Gives a cancelled booking's place back to its slot, so it is offered again. */
export async function releaseSlot(tx: DbHandle, date: string, time: string) {
  await tx
    .update(repairPickupSlots)
    .set({ booked: sql`${repairPickupSlots.booked} - 1` })
    .where(
      and(
        eq(repairPickupSlots.pickupDate, date),
        eq(repairPickupSlots.pickupTime, time),
        gt(repairPickupSlots.booked, 0),
      ),
    );
}
