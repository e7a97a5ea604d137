import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, repairBookings, repairPickupSlots, users } from '../../db/schema';
import { createAdmin, createAgent, newAddress, signedInAdmin, signInAs } from '../../../../tests/support/accounts';
import { downloadXlsx, parseCsv } from '../../../../tests/support/csv';
import { expectError } from '../../../../tests/support/errors';
import { emailsAbout } from '../../../../tests/support/mail';
import { auditOf, bookFor, historyOf, rowOf } from '../../../../tests/support/repairs';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';

// The test clock starts at 2026-11-22T10:00:00Z: Sunday, 12:00 in Cape Town (UTC+2).
const TODAY = '2026-11-22';
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

/** Who was emailed about a booking, by kind: `{ repair_reassigned: ['customer@...'] }`. */
async function emailedAbout(t: TestApp, number: string, since = new Date(0)) {
  const rows = await t.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.entityId, number))
    .orderBy(asc(outboxEmails.createdAt));
  const byKind: Record<string, string[]> = {};
  for (const row of rows.filter((r) => r.createdAt >= since)) (byKind[row.kind] ??= []).push(row.to);
  return byKind;
}

async function slotTaken(t: TestApp, pickupDate: string, pickupTime: string) {
  const [row] = await t.db
    .select()
    .from(repairPickupSlots)
    .where(and(eq(repairPickupSlots.pickupDate, pickupDate), eq(repairPickupSlots.pickupTime, pickupTime)));
  return row?.booked ?? 0;
}

/** Two active agents with names of their own, and a signed-in admin. */
async function staff(t: TestApp) {
  const michael = await createAgent(t);
  await t.db.update(users).set({ firstName: 'Michael', lastName: 'Dlamini' }).where(eq(users.id, michael.id));
  const thandi = await createAgent(t);
  await t.db.update(users).set({ firstName: 'Thandi', lastName: 'Nkosi' }).where(eq(users.id, thandi.id));
  const admin = await signedInAdmin(t);
  return { michael, thandi, admin };
}

/** A move the booking stayed booked through: its newest history step says `description`, its one audit entry is `audit`. */
async function expectMoveRecorded(t: TestApp, number: string, description: string, audit: object) {
  expect((await historyOf(t, number)).at(-1)).toMatchObject({ status: 'booked', description });
  expect(await auditOf(t, number)).toEqual([expect.objectContaining(audit)]);
}

/** The text of the one email of `kind` about the booking. */
async function emailText(t: TestApp, number: string, kind: string): Promise<string> {
  const [email] = await emailsAbout(t, number, kind);
  return email!.text;
}

/** The customer's contact as bookFor books it: only an agent the booking is open with is emailed it. */
const CONTACT_LINES = ['Customer: Pieter van der Merwe, +27 21 555 0199', 'Address: 3 Long Street, Cape Town'];

const post = (t: TestApp, cookie: string, number: string, action: string, body: unknown) =>
  send(t.app, 'POST', `/api/admin/repairs/${number}/${action}`, { body, cookie });

describe('GET /api/admin/repairs', () => {
  const t = useTestApp();
  let admin: { cookie: string };
  let michael: { id: string };
  let thandi: { id: string };
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    ({ admin, michael, thandi } = await staff(t));
    numbers.a = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '09:00 AM' });
    t.clock.advance(1000);
    numbers.b = await bookFor(t, thandi.id, { pickupDate: TUESDAY, pickupTime: '10:00 AM' });
    t.clock.advance(1000);
    numbers.c = await bookFor(t, thandi.id, { pickupDate: WEDNESDAY, pickupTime: '11:00 AM' });
    await t.db
      .update(repairBookings)
      .set({ customerName: 'Lerato Mokoena', customerEmail: 'Lerato@Example.co.za' })
      .where(eq(repairBookings.bookingNumber, numbers.c));
    await post(t, admin.cookie, numbers.a, 'cancel', { reason: 'Customer phoned' });
  });

  const list = async (query = '') => {
    const res = await send(t.app, 'GET', `/api/admin/repairs${query}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { bookingNumber: string }[]; total: number };
  };
  const numbersOf = async (query: string) => (await list(query)).items.map((item) => item.bookingNumber).sort();

  it('lists every booking newest first with its customer and agent', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.bookingNumber)).toEqual([numbers.c, numbers.b, numbers.a]);
    expect(all.items[1]).toMatchObject({
      bookingNumber: numbers.b,
      status: 'booked',
      pickupDate: TUESDAY,
      pickupTime: '10:00 AM',
      customerName: 'Pieter van der Merwe',
      customerEmail: 'pieter@example.co.za',
      agent: { id: thandi.id, name: 'Thandi Nkosi', active: true },
    });
  });

  it('filters by status, pickup date (one day or a range) and agent', async () => {
    expect(await numbersOf('?status=cancelled')).toEqual([numbers.a]);
    expect(await numbersOf('?status=booked')).toEqual([numbers.b, numbers.c].sort());
    expect(await numbersOf(`?from=${TUESDAY}&to=${TUESDAY}`)).toEqual([numbers.b]);
    expect(await numbersOf(`?from=${TUESDAY}`)).toEqual([numbers.b, numbers.c].sort());
    expect(await numbersOf(`?to=${TUESDAY}`)).toEqual([numbers.a, numbers.b].sort());
    expect(await numbersOf(`?agent=${thandi.id}`)).toEqual([numbers.b, numbers.c].sort());
    expect(await numbersOf(`?agent=${thandi.id}&from=${WEDNESDAY}`)).toEqual([numbers.c]);
    expect((await list(`?agent=${michael.id}&status=booked`)).total).toBe(0);
  });

  it('searches by REP number in any case, part of a name, or a whole email', async () => {
    expect(await numbersOf(`?q=${numbers.b!.toLowerCase()}`)).toEqual([numbers.b]);
    expect(await numbersOf('?q=mokoena')).toEqual([numbers.c]);
    expect(await numbersOf('?q=lerato%40example.co.za')).toEqual([numbers.c]);
    expect(await numbersOf(`?q=${numbers.a!.slice(4, 9)}`)).toEqual([numbers.a]);
    expect((await list('?q=nobody')).total).toBe(0);
  });

  it('refuses a query it cannot read with 400', async () => {
    for (const query of ['?status=lost', '?from=23-11-2026', `?from=${WEDNESDAY}&to=${MONDAY}`, '?agent=someone']) {
      const res = await send(t.app, 'GET', `/api/admin/repairs${query}`, { cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is the admin alone: 401 anonymous, 403 for an agent', async () => {
    expect((await send(t.app, 'GET', '/api/admin/repairs')).statusCode).toBe(401);
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    expect((await send(t.app, 'GET', '/api/admin/repairs', { cookie })).statusCode).toBe(403);
    expect((await send(t.app, 'GET', `/api/admin/repairs/${numbers.b}`, { cookie })).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/admin/repairs/export.csv', { cookie })).statusCode).toBe(403);
  });

  it('shows one booking whole: device, customer, agent, who did each step, and its emails', async () => {
    const res = await send(t.app, 'GET', `/api/admin/repairs/${numbers.a!.toLowerCase()}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json();
    expect(details).toMatchObject({
      bookingNumber: numbers.a,
      status: 'cancelled',
      deviceType: 'laptop',
      service: { id: 'battery-replacement' },
      address: '3 Long Street, Cape Town',
      customerPhone: '021 555 0199',
      agent: { name: 'Michael Dlamini' },
    });
    expect(details.history).toEqual([
      expect.objectContaining({ status: 'booked', actor: null }),
      expect.objectContaining({
        status: 'cancelled',
        actor: 'QuickBuy Admin',
        description: 'Booking cancelled: Customer phoned',
      }),
    ]);
    const kinds = details.emails.map((email: { kind: string }) => email.kind);
    expect(kinds).toEqual(expect.arrayContaining(['repair_confirmation', 'repair_agent_assigned', 'repair_status']));

    const missing = await send(t.app, 'GET', '/api/admin/repairs/REP-000000000', { cookie: admin.cookie });
    expectError(missing, 404, { code: 'REPAIR_NOT_FOUND', message: 'No repair booking found with this number.' });
  });
});

describe('POST /api/admin/repairs/:bookingNumber/reassign', () => {
  const t = useTestApp();

  it('gives the pickup to another agent: history, audit, and emails to the customer and both agents', async () => {
    const { michael, thandi, admin } = await staff(t);
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '10:00 AM' });
    t.clock.advance(60_000);
    const since = t.clock.now();
    const res = await post(t, admin.cookie, number, 'reassign', { agentId: thandi.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: `${number} is now Thandi Nkosi's pickup`,
      repair: { bookingNumber: number, agent: { id: thandi.id } },
    });
    expect((await rowOf(t, number)).agentId).toBe(thandi.id);
    await expectMoveRecorded(t, number, 'Your agent is now Thandi', {
      action: 'repair_booking.reassigned',
      before: { agentId: michael.id, agent: 'Michael Dlamini' },
      after: { agentId: thandi.id, agent: 'Thandi Nkosi' },
    });
    expect(await emailedAbout(t, number, since)).toEqual({
      repair_reassigned: ['pieter@example.co.za'],
      repair_agent_taken_away: [michael.email],
      repair_agent_assigned: [thandi.email],
    });
    // The agent given the pickup gets the contact to collect it; the one it was taken from, the first name.
    const assigned = await emailText(t, number, 'repair_agent_assigned');
    const takenAway = await emailText(t, number, 'repair_agent_taken_away');
    for (const line of CONTACT_LINES) {
      expect(assigned).toContain(line);
      expect(takenAway).not.toContain(line);
    }
    expect(takenAway).toContain('- Customer: Pieter\n');
    const tracked = await send(t.app, 'GET', `/api/repairs/${number}`);
    expect(tracked.json()).toMatchObject({ agentFirstName: 'Thandi' });
  });

  it('refuses an inactive agent, the agent it already has, and an unknown agent, with 409 under agentId', async () => {
    const { michael, admin } = await staff(t);
    const away = await createAgent(t, undefined, 'inactive');
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '11:00 AM' });
    const message = 'This agent is not active: choose an active agent';
    for (const agentId of [away.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(await post(t, admin.cookie, number, 'reassign', { agentId }), 409, {
        code: 'AGENT_INACTIVE',
        message,
        fields: { agentId: message },
      });
    }
    const same = await post(t, admin.cookie, number, 'reassign', { agentId: michael.id });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('This booking is already with that agent');
    expect((await rowOf(t, number)).agentId).toBe(michael.id);
    expect(await auditOf(t, number)).toEqual([]);
    expect((await post(t, admin.cookie, number, 'reassign', { agentId: 'nobody' })).statusCode).toBe(400);
  });

  it('refuses an agent who already has a slot full of pickups at that time (the capacity lowered since)', async () => {
    const { michael, thandi, admin } = await staff(t);
    const slot = { pickupDate: MONDAY, pickupTime: '12:00 PM' } as const;
    await bookFor(t, michael.id, slot);
    const theirs = await bookFor(t, thandi.id, slot);
    const capacity = t.config.REPAIR_SLOT_CAPACITY;
    t.config.REPAIR_SLOT_CAPACITY = 1;
    try {
      const res = await post(t, admin.cookie, theirs, 'reassign', { agentId: michael.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'AGENT_SLOT_FULL',
        message:
          'Michael Dlamini already has 1 pickup on Monday, 23 Nov 2026 at 12:00 PM, the most one agent can collect in a slot',
      });
    } finally {
      t.config.REPAIR_SLOT_CAPACITY = capacity;
    }
    expect((await rowOf(t, theirs)).agentId).toBe(thandi.id);
    expect((await post(t, admin.cookie, theirs, 'reassign', { agentId: michael.id })).statusCode).toBe(200);
  });

  it('hands over a repair the agent already holds, and refuses a returned or cancelled one', async () => {
    const { michael, thandi, admin } = await staff(t);
    const held = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '01:00 PM' });
    await t.db.update(repairBookings).set({ status: 'in_repair' }).where(eq(repairBookings.bookingNumber, held));
    expect((await post(t, admin.cookie, held, 'reassign', { agentId: thandi.id })).statusCode).toBe(200);

    await t.db.update(repairBookings).set({ status: 'returned' }).where(eq(repairBookings.bookingNumber, held));
    const returned = await post(t, admin.cookie, held, 'reassign', { agentId: michael.id });
    expect(returned.statusCode).toBe(409);
    expect(returned.json().error.message).toBe('This repair is Returned, so it can no longer be reassigned');

    const cancelled = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '02:00 PM' });
    await post(t, admin.cookie, cancelled, 'cancel', { reason: 'Duplicate booking' });
    const res = await post(t, admin.cookie, cancelled, 'reassign', { agentId: thandi.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This repair is Cancelled, so it can no longer be reassigned');
  });

  it('is the admin alone: 401 anonymous, 403 for the agent on the booking', async () => {
    const { michael, thandi } = await staff(t);
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '03:00 PM' });
    const url = `/api/admin/repairs/${number}/reassign`;
    expect((await send(t.app, 'POST', url, { body: { agentId: thandi.id } })).statusCode).toBe(401);
    const cookie = await signInAs(t, 'agent', michael.username!);
    expect((await send(t.app, 'POST', url, { body: { agentId: thandi.id }, cookie })).statusCode).toBe(403);
    expect((await rowOf(t, number)).agentId).toBe(michael.id);
  });
});

describe('POST /api/admin/repairs/:bookingNumber/reschedule', () => {
  const t = useTestApp();

  it('moves the pickup to a free slot: places moved, history, audit, emails to the customer and the agent', async () => {
    const { michael, admin } = await staff(t);
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '09:00 AM' });
    t.clock.advance(60_000);
    const since = t.clock.now();
    const res = await post(t, admin.cookie, number, 'reschedule', { pickupDate: TUESDAY, pickupTime: '02:00 PM' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${number} is now collected on Tuesday, 24 Nov 2026 at 02:00 PM`);
    expect(await rowOf(t, number)).toMatchObject({ pickupDate: TUESDAY, pickupTime: '02:00 PM', agentId: michael.id });
    expect(await slotTaken(t, MONDAY, '09:00 AM')).toBe(0);
    expect(await slotTaken(t, TUESDAY, '02:00 PM')).toBe(1);
    await expectMoveRecorded(t, number, 'Pickup moved to Tuesday, 24 Nov 2026 at 02:00 PM', {
      action: 'repair_booking.rescheduled',
      before: { pickupDate: MONDAY, pickupTime: '09:00 AM' },
      after: { pickupDate: TUESDAY, pickupTime: '02:00 PM' },
    });
    expect(await emailedAbout(t, number, since)).toEqual({
      repair_rescheduled: ['pieter@example.co.za'],
      repair_agent_rescheduled: [michael.email],
    });
  });

  it('refuses a full slot, a past slot, the same slot and a cancelled booking with 409, changing nothing', async () => {
    const { michael, thandi, admin } = await staff(t);
    const full = { pickupDate: WEDNESDAY, pickupTime: '10:00 AM' } as const;
    await bookFor(t, thandi.id, full);
    await bookFor(t, thandi.id, full);
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '10:00 AM' });

    const fullRes = await post(t, admin.cookie, number, 'reschedule', full);
    expect(fullRes.statusCode).toBe(409);
    expect(fullRes.json().error).toMatchObject({ code: 'SLOT_FULL', fields: { pickupTime: expect.any(String) } });

    // Sunday's pickups run 09:00 to 02:00 PM; the clock is at 12:00, so 10:00 AM has passed.
    const past = await post(t, admin.cookie, number, 'reschedule', { pickupDate: TODAY, pickupTime: '10:00 AM' });
    expectError(past, 409, {
      code: 'SLOT_PAST',
      message: 'This pickup time has already passed: choose a later one',
      fields: { pickupTime: 'This pickup time has already passed: choose a later one' },
    });
    const yesterday = await post(t, admin.cookie, number, 'reschedule', {
      pickupDate: '2026-11-21',
      pickupTime: '10:00 AM',
    });
    expect(yesterday.statusCode).toBe(409);
    expect(yesterday.json().error.fields).toEqual({ pickupDate: 'Choose a pickup date from today onwards' });

    const same = await post(t, admin.cookie, number, 'reschedule', { pickupDate: MONDAY, pickupTime: '10:00 AM' });
    expect(same.statusCode).toBe(409);

    expect(await rowOf(t, number)).toMatchObject({ pickupDate: MONDAY, pickupTime: '10:00 AM' });
    expect(await slotTaken(t, MONDAY, '10:00 AM')).toBe(1);
    expect(await slotTaken(t, WEDNESDAY, '10:00 AM')).toBe(2);

    await post(t, admin.cookie, number, 'cancel', { reason: 'Customer away' });
    const cancelled = await post(t, admin.cookie, number, 'reschedule', {
      pickupDate: TUESDAY,
      pickupTime: '04:00 PM',
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe('This repair is Cancelled, so it can no longer be rescheduled');
    expect(await slotTaken(t, TUESDAY, '04:00 PM')).toBe(0);
    expect((await auditOf(t, number)).map((entry) => entry.action)).toEqual(['repair_booking.cancelled']);
  });

  it('gives the last place of a slot to one of two reschedules sent at once', async () => {
    const { michael, thandi, admin } = await staff(t);
    const target = { pickupDate: WEDNESDAY, pickupTime: '03:00 PM' } as const;
    await bookFor(t, thandi.id, target);
    const first = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '03:00 PM' });
    const second = await bookFor(t, thandi.id, { pickupDate: TUESDAY, pickupTime: '03:00 PM' });
    const replies = await Promise.all([first, second].map((n) => post(t, admin.cookie, n, 'reschedule', target)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await slotTaken(t, WEDNESDAY, '03:00 PM')).toBe(2);
    const moved = replies[0]!.statusCode === 200 ? first : second;
    const stayed = moved === first ? second : first;
    expect((await rowOf(t, moved)).pickupDate).toBe(WEDNESDAY);
    expect((await rowOf(t, stayed)).pickupDate).not.toBe(WEDNESDAY);
    expect(await slotTaken(t, MONDAY, '03:00 PM')).toBe(moved === first ? 0 : 1);
  });

  it('refuses a body it cannot read with 400, and anyone but the admin', async () => {
    const { michael, admin } = await staff(t);
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '01:00 PM' });
    const bad = await post(t, admin.cookie, number, 'reschedule', { pickupDate: 'Monday', pickupTime: '13:00' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['pickupDate', 'pickupTime']);
    const cookie = await signInAs(t, 'agent', michael.username!);
    const slot = { pickupDate: TUESDAY, pickupTime: '01:00 PM' };
    expect((await post(t, cookie, number, 'reschedule', slot)).statusCode).toBe(403);
    expect((await send(t.app, 'POST', `/api/admin/repairs/${number}/reschedule`, { body: slot })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/repairs/:bookingNumber/cancel (reason and emails)', () => {
  const t = useTestApp();

  it('needs a reason, and tells the customer and the agent why', async () => {
    const { michael, admin } = await staff(t);
    const number = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '04:00 PM' });
    const none = await post(t, admin.cookie, number, 'cancel', { reason: '  ' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ reason: 'Give a reason for cancelling' });
    expect((await rowOf(t, number)).status).toBe('booked');

    t.clock.advance(60_000);
    const since = t.clock.now();
    const res = await post(t, admin.cookie, number, 'cancel', { reason: 'Technician off sick' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${number} is cancelled: the customer and the agent are emailed the reason`);
    expect(await emailedAbout(t, number, since)).toEqual({
      repair_status: ['pieter@example.co.za'],
      repair_agent_cancelled: [michael.email],
    });
    const agentEmail = await emailText(t, number, 'repair_agent_cancelled');
    expect(agentEmail).toContain('Reason: Technician off sick');
    // A cancelled pickup is no longer the agent's to make: the customer by first name, no phone or address.
    expect(agentEmail).toContain('- Customer: Pieter\n');
    for (const line of CONTACT_LINES) expect(agentEmail).not.toContain(line);
    expect(await emailText(t, number, 'repair_status')).toContain('Reason: Technician off sick');
    // The booking's history keeps the reason too: the admin's details and the customer's tracking show it.
    const details = await send(t.app, 'GET', `/api/admin/repairs/${number}`, { cookie: admin.cookie });
    expect(details.json().history.at(-1)).toMatchObject({
      status: 'cancelled',
      description: 'Booking cancelled: Technician off sick',
    });
    const [audit] = await auditOf(t, number);
    expect(audit).toMatchObject({ action: 'repair_booking.cancelled', details: { reason: 'Technician off sick' } });
  });

  it('emails the agent when the customer cancels, and never an agent who was deactivated', async () => {
    const { michael, thandi } = await staff(t);
    const first = await bookFor(t, michael.id, { pickupDate: TUESDAY, pickupTime: '04:00 PM' });
    const cancel = (number: string) =>
      send(t.app, 'POST', `/api/repairs/${number}/cancel`, {
        body: { email: 'pieter@example.co.za' },
        headers: { 'x-forwarded-for': newAddress() },
      });
    expect((await cancel(first)).statusCode).toBe(200);
    expect((await emailedAbout(t, first)).repair_agent_cancelled).toEqual([michael.email]);

    const second = await bookFor(t, thandi.id, { pickupDate: TUESDAY, pickupTime: '05:00 PM' });
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, thandi.id));
    expect((await cancel(second)).statusCode).toBe(200);
    expect((await emailedAbout(t, second)).repair_agent_cancelled).toBeUndefined();
  });
});

describe('a new booking tells its agent and the admin', () => {
  const t = useTestApp();

  it('emails the agent and the first admin once per booking', async () => {
    const agent = await createAgent(t);
    const first = await createAdmin(t, 'owner@quickbuy.test');
    await createAdmin(t, 'second@quickbuy.test');
    const number = await bookFor(t, agent.id, { pickupDate: MONDAY, pickupTime: '09:00 AM' });
    expect(await emailedAbout(t, number)).toEqual({
      repair_confirmation: ['pieter@example.co.za'],
      repair_agent_assigned: [agent.email],
      admin_new_repair: [first.email],
    });
    const [note] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'admin_new_repair'));
    expect(note!.subject).toBe(`New repair booking: ${number}`);
    expect(note!.text).toContain(`/admin?tab=repairs&q=${number}`);
  });
});

describe('ADMIN_NOTIFY_EMAIL', () => {
  /** A booking on a store with an agent and an admin: its agent, and who was emailed about it. */
  async function emailedOnBooking(t: TestApp) {
    const agent = await createAgent(t);
    await createAdmin(t);
    const number = await bookFor(t, agent.id, { pickupDate: MONDAY, pickupTime: '10:00 AM' });
    return { agent, emailed: await emailedAbout(t, number) };
  }

  describe('set to an address', () => {
    const t = useTestApp({ ADMIN_NOTIFY_EMAIL: 'ops@quickbuy.test' });
    it('sends the admin note there', async () => {
      const { emailed } = await emailedOnBooking(t);
      expect(emailed.admin_new_repair).toEqual(['ops@quickbuy.test']);
    });
  });

  describe('off', () => {
    const t = useTestApp({ ADMIN_NOTIFY_EMAIL: 'off' });
    it('sends the admin nothing, the agent still their note', async () => {
      const { agent, emailed } = await emailedOnBooking(t);
      expect(emailed.admin_new_repair).toBeUndefined();
      expect(emailed.repair_agent_assigned).toEqual([agent.email]);
    });
  });
});

describe('GET /api/admin/repairs/export.csv and .xlsx', () => {
  const t = useTestApp();

  it('streams the filtered list: BOM, quoted header, ISO times, text quoted and formula cells made text', async () => {
    const { michael, thandi, admin } = await staff(t);
    const mine = await bookFor(t, michael.id, { pickupDate: MONDAY, pickupTime: '09:00 AM' });
    await t.db
      .update(repairBookings)
      .set({ customerName: '=HYPERLINK("http://evil.example","Click")', customerEmail: '+27@example.co.za' })
      .where(eq(repairBookings.bookingNumber, mine));
    const theirs = await bookFor(t, thandi.id, { pickupDate: TUESDAY, pickupTime: '09:00 AM' });

    const res = await send(t.app, 'GET', `/api/admin/repairs/export.csv?agent=${michael.id}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="repairs-2026-11-22.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Booking number","Status","Pickup date","Pickup time","Service","Device type","Timeframe","Customer name","Customer email","Customer phone","Address","Agent","Agent email","Booked at"',
    );
    expect(lines).toHaveLength(2);
    const bookedAt = (await rowOf(t, mine)).createdAt;
    expect(lines[1]).toBe(
      `"${mine}","Booked","${MONDAY}","09:00 AM","Battery Replacement","Laptop","2 days","'=HYPERLINK(""http://evil.example"",""Click"")","'+27@example.co.za","021 555 0199","3 Long Street, Cape Town","Michael Dlamini","${michael.email}",${bookedAt.toISOString()}`,
    );
    expect(res.body).not.toContain(theirs);

    // The workbook: the same row, each text a text cell as written, the time a date.
    const workbook = await downloadXlsx(t, `/api/admin/repairs/export.xlsx?agent=${michael.id}`, admin.cookie);
    expect(workbook.res.headers['content-disposition']).toBe('attachment; filename="repairs-2026-11-22.xlsx"');
    expect(workbook.records).toHaveLength(1);
    expect(workbook.records[0]).toMatchObject({
      'Booking number': { type: 'text', value: mine },
      'Customer name': { type: 'text', value: '=HYPERLINK("http://evil.example","Click")' },
      'Customer email': { type: 'text', value: '+27@example.co.za' },
      'Customer phone': { type: 'text', value: '021 555 0199' },
      'Booked at': { type: 'time', value: bookedAt },
    });

    for (const format of ['csv', 'xlsx']) {
      const bad = await send(t.app, 'GET', `/api/admin/repairs/export.${format}?status=lost`, { cookie: admin.cookie });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('reads every row once across batches, newest first', async () => {
    const { michael, admin } = await staff(t);
    const template = await rowOf(t, await bookFor(t, michael.id, { pickupDate: WEDNESDAY, pickupTime: '09:00 AM' }));
    const { id: _id, bookingNumber: _number, ...rest } = template;
    const base = Date.parse('2026-11-01T00:00:00Z');
    await t.db.insert(repairBookings).values(
      Array.from({ length: 1100 }, (_, i) => ({
        ...rest,
        bookingNumber: `REP-9${String(i).padStart(8, '0')}`,
        // Pairs share a time, so the id breaks ties across a batch's edge.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const res = await send(t.app, 'GET', `/api/admin/repairs/export.csv?from=${WEDNESDAY}&to=${WEDNESDAY}`, {
      cookie: admin.cookie,
    });
    const numbers = parseCsv(res.body.replace(/^\uFEFF/, ''))
      .slice(1)
      .map(([number]) => number);
    expect(numbers).toHaveLength(1101);
    expect(new Set(numbers).size).toBe(1101);
    expect(numbers[0]).toBe(template.bookingNumber);
  });
});
