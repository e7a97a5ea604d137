import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RepairBookingInput } from '../../src/shared/repairs';
import { auditLog, repairBookings, repairStatusHistory, users } from '../../src/server/db/schema';
import { newAddress } from './accounts';
import { repairForm } from './repair-form';
import { send, type TestApp } from './test-app';

/** A booking the given agent will pick up, through the booking route: the other agents are made inactive while it is made. */
export async function bookFor(
  t: TestApp,
  agentId: string,
  slot: Pick<RepairBookingInput, 'pickupDate' | 'pickupTime'>,
): Promise<string> {
  const others = await t.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.role, 'agent'));
  await t.db.update(users).set({ status: 'inactive' }).where(eq(users.role, 'agent'));
  await t.db.update(users).set({ status: 'active' }).where(eq(users.id, agentId));
  const res = await send(t.app, 'POST', '/api/repairs/bookings', {
    headers: { 'x-forwarded-for': newAddress() },
    body: repairForm(slot),
  });
  for (const other of others) await t.db.update(users).set({ status: other.status }).where(eq(users.id, other.id));
  expect(res.statusCode).toBe(201);
  return res.json().bookingNumber as string;
}

/** A booking's row, by its number. */
export const rowOf = async (t: TestApp, number: string) =>
  (await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number)))[0]!;

/** A booking's status history, oldest first. */
export const historyOf = async (t: TestApp, number: string) =>
  t.db
    .select()
    .from(repairStatusHistory)
    .where(eq(repairStatusHistory.bookingId, (await rowOf(t, number)).id))
    .orderBy(asc(repairStatusHistory.id));

/** The audit log's entries about a booking, oldest first. */
export const auditOf = (t: TestApp, number: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.entityId, number)).orderBy(asc(auditLog.id));
