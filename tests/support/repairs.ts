import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RepairBookingInput } from '../../src/shared/repairs';
import {
  auditLog,
  outboxEmails,
  repairBookings,
  repairPickupSlots,
  repairStatusHistory,
  users,
} from '../../src/server/db/schema';
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

/** The first day of the booking window: the test clock starts on Sunday 2026-11-22, 12:00 in Cape Town (UTC+2). */
export const MONDAY = '2026-11-23';

/** Weekdays of the 30-day window (from Monday 23 November) at times the tests that name a slot leave alone. */
const FRESH_TIMES = ['12:00 PM', '04:00 PM', '05:00 PM'] as const;

/**
 * A test file's own supply of slots (its 60: 20 weekdays at 3 times): `freshSlot()` gives one no other test of the
 * file has used, so capacity never leaks between tests; `bookingBody()` a booking that passes every rule, in one.
 */
export function freshRepairSlots() {
  let used = 0;
  function freshSlot() {
    const n = used++;
    const weekday = n % 20;
    const day = Math.floor(weekday / 5) * 7 + (weekday % 5);
    const date = new Date(Date.parse(`${MONDAY}T00:00:00Z`) + day * 86_400_000);
    return { pickupDate: date.toISOString().slice(0, 10), pickupTime: FRESH_TIMES[Math.floor(n / 20) % 3]! };
  }
  function bookingBody(overrides: Partial<RepairBookingInput> = {}): RepairBookingInput {
    return {
      deviceType: 'phone',
      service: 'screen-repair',
      timeframe: '1 day',
      deviceDetails: {
        brand: 'Samsung',
        model: 'Galaxy S23',
        issueType: 'Screen Damage',
        description: 'Cracked corner',
      },
      customerDetails: {
        name: 'Thandi Nkosi',
        phone: '+27 82 123 4567',
        email: 'thandi@example.co.za',
        address: '12 Kloof Street, Gardens, Cape Town',
      },
      ...freshSlot(),
      ...overrides,
    };
  }
  return { freshSlot, bookingBody };
}

/** Each booking from an address of its own, as separate shoppers would send them (bookings are throttled per address). */
export function book(t: TestApp, body: unknown, options: { cookie?: string; address?: string } = {}) {
  return send(t.app, 'POST', '/api/repairs/bookings', {
    body,
    cookie: options.cookie,
    headers: { 'x-forwarded-for': options.address ?? newAddress() },
  });
}

/** The emails the outbox holds about a booking, oldest first. */
export const emailsOf = (t: TestApp, number: string) =>
  t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, number)).orderBy(asc(outboxEmails.createdAt));

/** Places taken in a slot (0 when nobody ever booked it). */
export async function slotTaken(t: TestApp, slot: { pickupDate: string; pickupTime: string }) {
  const [row] = await t.db
    .select()
    .from(repairPickupSlots)
    .where(and(eq(repairPickupSlots.pickupDate, slot.pickupDate), eq(repairPickupSlots.pickupTime, slot.pickupTime)));
  return row?.booked ?? 0;
}

/** All a refused request could have changed about a booking: compared before and after, they must be equal. */
export async function everythingAbout(t: TestApp, number: string, slot: { pickupDate: string; pickupTime: string }) {
  return {
    status: (await rowOf(t, number)).status,
    history: await historyOf(t, number),
    audit: await auditOf(t, number),
    emails: (await emailsOf(t, number)).map((e) => e.id),
    slot: await slotTaken(t, slot),
  };
}
