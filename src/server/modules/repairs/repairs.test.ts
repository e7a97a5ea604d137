import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_SLOTS } from '../../../shared/repair-calendar';
import type { RepairBookingInput } from '../../../shared/repairs';
import { outboxEmails, repairBookings, repairPickupSlots, repairStatusHistory, users } from '../../db/schema';
import { createAgent, newAddress, signedInAdmin, signInAs, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { bookedRepairView } from '../../../../tests/support/repair-views';
import { auditOf, historyOf, rowOf } from '../../../../tests/support/repairs';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';

// The test clock starts at 2026-11-22T10:00:00Z: Sunday, 12:00 in Cape Town (UTC+2).
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';
const SATURDAY = '2026-11-28';

/** Weekdays of the 30-day window (from Monday 23 November) at times the tests that name a slot leave alone. */
const FRESH_TIMES = ['12:00 PM', '04:00 PM', '05:00 PM'] as const;
let used = 0;
/** A slot no other test has used: each test books its own, so capacity never leaks between tests. */
function freshSlot() {
  const n = used++;
  const weekday = n % 20;
  const date = new Date(Date.parse(`${MONDAY}T00:00:00Z`) + (Math.floor(weekday / 5) * 7 + (weekday % 5)) * 86_400_000);
  return { pickupDate: date.toISOString().slice(0, 10), pickupTime: FRESH_TIMES[Math.floor(n / 20) % 3]! };
}

function bookingBody(overrides: Partial<RepairBookingInput> = {}): RepairBookingInput {
  return {
    deviceType: 'phone',
    service: 'screen-repair',
    timeframe: '1 day',
    deviceDetails: { brand: 'Samsung', model: 'Galaxy S23', issueType: 'Screen Damage', description: 'Cracked corner' },
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

/** Each booking from an address of its own, as separate shoppers would send them (bookings are throttled per address). */
function book(t: TestApp, body: unknown, options: { cookie?: string; address?: string } = {}) {
  return send(t.app, 'POST', '/api/repairs/bookings', {
    body,
    cookie: options.cookie,
    headers: { 'x-forwarded-for': options.address ?? newAddress() },
  });
}

async function bookingCount(t: TestApp) {
  return (await t.db.select().from(repairBookings)).length;
}

const emailsOf = (t: TestApp, number: string) =>
  t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, number)).orderBy(asc(outboxEmails.createdAt));

/** Places taken in a slot (0 when nobody ever booked it). */
async function slotTaken(t: TestApp, slot: { pickupDate: string; pickupTime: string }) {
  const [row] = await t.db
    .select()
    .from(repairPickupSlots)
    .where(and(eq(repairPickupSlots.pickupDate, slot.pickupDate), eq(repairPickupSlots.pickupTime, slot.pickupTime)));
  return row?.booked ?? 0;
}

/** All a refused request could have changed about a booking: compared before and after, they must be equal. */
async function everythingAbout(t: TestApp, number: string, slot: { pickupDate: string; pickupTime: string }) {
  return {
    status: (await rowOf(t, number)).status,
    history: await historyOf(t, number),
    audit: await auditOf(t, number),
    emails: (await emailsOf(t, number)).map((e) => e.id),
    slot: await slotTaken(t, slot),
  };
}

describe('GET /api/repairs/slots', () => {
  const t = useTestApp();

  it('offers the nine hourly slots, 09:00 AM to 05:00 PM, on a weekday', async () => {
    const res = await send(t.app, 'GET', `/api/repairs/slots?date=${MONDAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ date: MONDAY, slots: PICKUP_SLOTS });
  });

  it('keeps to the shorter business hours on Saturday and Sunday', async () => {
    const saturday = await send(t.app, 'GET', `/api/repairs/slots?date=${SATURDAY}`);
    expect(saturday.json().slots).toEqual(PICKUP_SLOTS.slice(0, 7));
    const nextSunday = await send(t.app, 'GET', '/api/repairs/slots?date=2026-11-29');
    expect(nextSunday.json().slots).toEqual(PICKUP_SLOTS.slice(0, 5));
  });

  it("leaves out today's slots that have started, in Cape Town time", async () => {
    // 12:00 in Cape Town on a Sunday: only 01:00 PM is still ahead before the 14:00 close.
    const res = await send(t.app, 'GET', `/api/repairs/slots?date=${SUNDAY}`);
    expect(res.json().slots).toEqual(['01:00 PM']);
  });

  it('counts the day in Cape Town, not in UTC', async () => {
    // 22:30 UTC on Sunday is 00:30 on Monday in Cape Town: Sunday is over, all of Monday is ahead.
    t.clock.set(new Date('2026-11-22T22:30:00Z'));
    try {
      expect((await send(t.app, 'GET', `/api/repairs/slots?date=${SUNDAY}`)).json().slots).toEqual([]);
      expect((await send(t.app, 'GET', `/api/repairs/slots?date=${MONDAY}`)).json().slots).toEqual(PICKUP_SLOTS);
      // 07:30 UTC is 09:30 in Cape Town: the 09:00 AM slot has started.
      t.clock.set(new Date('2026-11-23T07:30:00Z'));
      expect((await send(t.app, 'GET', `/api/repairs/slots?date=${MONDAY}`)).json().slots).toEqual(
        PICKUP_SLOTS.slice(1),
      );
    } finally {
      t.clock.set(new Date('2026-11-22T10:00:00Z'));
    }
  });

  it('offers nothing on a past date or beyond the 30-day window', async () => {
    expect((await send(t.app, 'GET', '/api/repairs/slots?date=2026-11-21')).json().slots).toEqual([]);
    expect((await send(t.app, 'GET', '/api/repairs/slots?date=2026-12-23')).json().slots).toEqual([]);
    expect((await send(t.app, 'GET', '/api/repairs/slots?date=2026-12-22')).json().slots).toEqual(PICKUP_SLOTS);
  });

  it('leaves out a slot once it is full', async () => {
    await createAgent(t);
    const slot = { pickupDate: '2026-11-24', pickupTime: '11:00 AM' as const };
    expect((await book(t, bookingBody(slot))).statusCode).toBe(201);
    expect((await send(t.app, 'GET', '/api/repairs/slots?date=2026-11-24')).json().slots).toContain('11:00 AM');
    expect((await book(t, bookingBody(slot))).statusCode).toBe(201);
    const slots = (await send(t.app, 'GET', '/api/repairs/slots?date=2026-11-24')).json().slots;
    expect(slots).not.toContain('11:00 AM');
    expect(slots).toHaveLength(8);
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    const res = await send(t.app, 'GET', '/api/repairs/slots?date=23/11/2026');
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'date: Date must be YYYY-MM-DD',
      fields: { date: 'Date must be YYYY-MM-DD' },
    });
  });
});

describe('POST /api/repairs/bookings', () => {
  const t = useTestApp();

  it('stores the booking as booked with a REP number, its history, and the confirmation email', async () => {
    const agent = await createAgent(t);
    const body = bookingBody({ pickupDate: '2026-11-25', pickupTime: '02:00 PM' });
    const res = await book(t, body);
    expect(res.statusCode).toBe(201);
    const { bookingNumber, agentFirstName } = res.json();
    expect(bookingNumber).toMatch(/^REP-\d{9}$/);
    expect(agentFirstName).toBe('Sarah');

    const [row] = await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, bookingNumber));
    expect(row).toMatchObject({
      status: 'booked',
      agentId: agent.id,
      customerId: null,
      deviceType: 'phone',
      serviceId: 'screen-repair',
      timeframe: '1 day',
      brand: 'Samsung',
      model: 'Galaxy S23',
      issueType: 'Screen Damage',
      description: 'Cracked corner',
      customerName: 'Thandi Nkosi',
      customerPhone: '+27 82 123 4567',
      customerEmail: 'thandi@example.co.za',
      address: '12 Kloof Street, Gardens, Cape Town',
      pickupDate: '2026-11-25',
      pickupTime: '02:00 PM',
    });
    const history = await t.db.select().from(repairStatusHistory).where(eq(repairStatusHistory.bookingId, row!.id));
    expect(history.map((h) => [h.status, h.description])).toEqual([
      ['booked', 'Repair booked; an agent has been assigned to pick up the device'],
    ]);
    const [slot] = await t.db.select().from(repairPickupSlots).where(eq(repairPickupSlots.pickupDate, '2026-11-25'));
    expect(slot).toMatchObject({ pickupTime: '02:00 PM', booked: 1 });

    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `repair-confirmation:${bookingNumber}`));
    expect(email).toMatchObject({
      kind: 'repair_confirmation',
      to: 'thandi@example.co.za',
      subject: `Repair booked: ${bookingNumber}`,
    });
    for (const part of [
      `Your booking number is ${bookingNumber}.`,
      'Service: Screen Repair',
      'Price range: R350-R1,200',
      'Pickup: Wednesday, 25 Nov 2026 at 02:00 PM',
      'Agent: Sarah',
      'Back up your data',
      `Track your repair: http://localhost:3000/track?number=${bookingNumber}`,
    ]) {
      expect(email!.text).toContain(part);
      expect(email!.html).toContain(part.replace("'", '&#39;').replace('Track your repair: ', ''));
    }
    expect(email).toMatchObject({ entityType: 'repair_booking', entityId: bookingNumber });
  });

  it('takes the next millisecond when every number of this one is taken', async () => {
    t.clock.advance(1000);
    const ms = t.clock.now().getTime();
    const stamp = (at: number) => String(at).slice(-6);
    const taken = Array.from({ length: 1000 }, (_, n) => ({
      bookingNumber: `REP-${stamp(ms)}${String(n).padStart(3, '0')}`,
      deviceType: 'phone',
      serviceId: 'screen-repair',
      timeframe: '1 day',
      customerName: 'Taken',
      customerPhone: '021 555 0100',
      customerEmail: 'taken@example.co.za',
      address: 'Taken',
      pickupDate: '2026-12-21',
      pickupTime: '09:00 AM',
      status: 'returned',
    }));
    await t.db.insert(repairBookings).values(taken);
    const res = await book(t, bookingBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().bookingNumber).toMatch(new RegExp(`^REP-${stamp(ms + 1)}\\d{3}$`));
    await t.db.delete(repairBookings).where(eq(repairBookings.customerName, 'Taken'));
  });

  it('quotes the laptop column for a laptop', async () => {
    const res = await book(t, bookingBody({ deviceType: 'laptop', service: 'battery-replacement' }));
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `repair-confirmation:${res.json().bookingNumber}`));
    expect(email!.text).toContain('Price range: R500-R1,500');
  });

  it('links the booking to the signed-in customer', async () => {
    const customer = await signUpCustomer(t);
    const res = await book(t, bookingBody(), { cookie: customer.cookie });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(repairBookings)
      .where(eq(repairBookings.bookingNumber, res.json().bookingNumber));
    expect(row!.customerId).toBe(customer.user.id);
  });

  describe('the step gates, checked again by the server', () => {
    it('step 1 needs a device type from the four', async () => {
      const res = await book(t, bookingBody({ deviceType: 'desktop' as never }));
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'deviceType', 'Choose a device type');
    });

    it('step 2 needs a service from the nine', async () => {
      const res = await book(t, bookingBody({ service: 'screen-polish' as never }));
      expect(res.json().error.fields).toEqual({ service: 'Choose a repair service' });
    });

    it('step 3 needs a timeframe from the list', async () => {
      const res = await book(t, bookingBody({ timeframe: '3 hours' as never }));
      expect(res.json().error.fields).toEqual({ timeframe: 'Choose when the device should be fixed' });
    });

    it('step 4 requires nothing, but an issue type must be one of the list', async () => {
      const { deviceDetails: _omitted, ...withoutDetails } = bookingBody();
      expect((await book(t, withoutDetails)).statusCode).toBe(201);
      const res = await book(t, bookingBody({ deviceDetails: { issueType: 'Cosmic rays' as never } }));
      expect(res.json().error.fields).toEqual({ 'deviceDetails.issueType': 'Choose an issue type from the list' });
    });

    it('step 5 needs name, phone, email and address, with the email and phone formats checked', async () => {
      const before = await bookingCount(t);
      const empty = await book(t, bookingBody({ customerDetails: { name: ' ', phone: '', email: '', address: '' } }));
      expectError(empty, 400, {
        code: 'VALIDATION_FAILED',
        message: 'Name is required',
        fields: {
          'customerDetails.name': 'Name is required',
          'customerDetails.phone': 'Phone is required',
          'customerDetails.email': 'Email is required',
          'customerDetails.address': 'Address is required',
        },
      });
      const malformed = await book(
        t,
        bookingBody({ customerDetails: { name: 'Thandi', phone: 'call me', email: 'thandi@', address: 'Cape Town' } }),
      );
      expect(malformed.json().error.fields).toEqual({
        'customerDetails.phone': 'Enter a valid phone number',
        'customerDetails.email': 'Enter a valid email address',
      });
      expect(await bookingCount(t)).toBe(before);
    });

    it('step 6 needs a pickup date and time', async () => {
      const res = await book(t, bookingBody({ pickupDate: '', pickupTime: '' as never }));
      expect(res.json().error.fields).toEqual({
        pickupDate: 'Choose a pickup date',
        pickupTime: 'Choose a pickup time',
      });
    });

    it('names every missing step of an empty form', async () => {
      const res = await book(t, {});
      expect(Object.keys(res.json().error.fields)).toEqual([
        'deviceType',
        'service',
        'timeframe',
        'customerDetails',
        'pickupDate',
        'pickupTime',
      ]);
    });
  });

  describe('the pickup date and time', () => {
    it('refuses a past date and stores nothing', async () => {
      const before = await bookingCount(t);
      const res = await book(t, bookingBody({ pickupDate: '2026-11-20' }));
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'pickupDate', 'Choose a pickup date from today onwards');
      expect(await bookingCount(t)).toBe(before);
    });

    it('refuses a slot of today that has already started', async () => {
      const res = await book(t, bookingBody({ pickupDate: SUNDAY, pickupTime: '11:00 AM' }));
      expectFieldError(
        res,
        400,
        'VALIDATION_FAILED',
        'pickupTime',
        'This pickup time is not available on the chosen date',
      );
      expect((await book(t, bookingBody({ pickupDate: SUNDAY, pickupTime: '01:00 PM' }))).statusCode).toBe(201);
    });

    it('refuses a time after the store closes that day', async () => {
      const res = await book(t, bookingBody({ pickupDate: SATURDAY, pickupTime: '04:00 PM' }));
      expect(res.json().error.fields).toEqual({ pickupTime: 'This pickup time is not available on the chosen date' });
    });

    it('refuses a date beyond the 30-day window, and a date that does not exist', async () => {
      expect((await book(t, bookingBody({ pickupDate: '2026-12-23' }))).json().error.fields).toEqual({
        pickupDate: 'Pickups can be booked up to 30 days ahead',
      });
      expect((await book(t, bookingBody({ pickupDate: '2026-11-31' }))).json().error.fields).toEqual({
        pickupDate: 'Choose a pickup date',
      });
    });

    it('gives the last place of a slot to exactly as many of 10 concurrent bookings as its capacity', async () => {
      const slot = { pickupDate: '2026-12-01', pickupTime: '03:00 PM' as const };
      expect((await book(t, bookingBody(slot))).statusCode).toBe(201);
      // One place left of two: ten people ask for it at once.
      const replies = await Promise.all(Array.from({ length: 10 }, () => book(t, bookingBody(slot))));
      const statuses = replies.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(409)]);
      expect(replies.find((r) => r.statusCode === 409)!.json()).toEqual({
        error: {
          code: 'SLOT_FULL',
          message: 'This pickup time is fully booked. Please choose another time.',
          fields: { pickupTime: 'This pickup time is fully booked. Please choose another time.' },
        },
      });
      const [row] = await t.db.select().from(repairPickupSlots).where(eq(repairPickupSlots.pickupDate, '2026-12-01'));
      expect(row!.booked).toBe(2);
      const stored = await t.db.select().from(repairBookings).where(eq(repairBookings.pickupDate, '2026-12-01'));
      expect(stored).toHaveLength(2);
    });
  });

  it('is throttled per address: the eleventh booking in ten minutes is refused', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await book(t, bookingBody(), { address })).statusCode).toBe(201);
    const res = await book(t, bookingBody(), { address });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect((await book(t, bookingBody())).statusCode).toBe(201);
  });
});

describe('POST /api/repairs/bookings: which agent picks up', () => {
  const t = useTestApp();

  it('assigns the active agent with the fewest open pickups that day', async () => {
    const first = await createAgent(t, 'first.agent');
    const second = await createAgent(t, 'second.agent');
    await createAgent(t, 'resting.agent', 'inactive');
    const agentOf = async (overrides: Partial<RepairBookingInput>) => {
      const res = await book(t, bookingBody(overrides));
      expect(res.statusCode).toBe(201);
      const [row] = await t.db
        .select()
        .from(repairBookings)
        .where(eq(repairBookings.bookingNumber, res.json().bookingNumber));
      return row!.agentId;
    };
    const date = '2026-12-02';
    // A tie goes to the longest-serving agent; then the one with fewer pickups that day.
    expect(await agentOf({ pickupDate: date, pickupTime: '09:00 AM' })).toBe(first.id);
    expect(await agentOf({ pickupDate: date, pickupTime: '09:00 AM' })).toBe(second.id);
    expect(await agentOf({ pickupDate: date, pickupTime: '10:00 AM' })).toBe(first.id);
    // Another day starts even.
    expect(await agentOf({ pickupDate: '2026-12-03', pickupTime: '09:00 AM' })).toBe(first.id);
    // A pickup already collected is no longer open: the first agent has one open that day now, the second one.
    await t.db.update(repairBookings).set({ status: 'picked_up' }).where(eq(repairBookings.agentId, first.id));
    expect(await agentOf({ pickupDate: date, pickupTime: '11:00 AM' })).toBe(first.id);
  });

  it('refuses the booking, and frees the place, when no agent is active', async () => {
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.role, 'agent'));
    const slot = { pickupDate: '2026-12-04', pickupTime: '09:00 AM' as const };
    const res = await book(t, bookingBody(slot));
    expectError(res, 503, {
      code: 'NO_AGENT_AVAILABLE',
      message: 'No agent is available for pickups right now. Please call us to book.',
    });
    expect(await t.db.select().from(repairPickupSlots).where(eq(repairPickupSlots.pickupDate, '2026-12-04'))).toEqual(
      [],
    );
  });
});

describe('POST /api/repairs/bookings: the same least busy agent is never counted twice', () => {
  const t = useTestApp();

  it('shares four bookings made at once on an empty day two and two between two agents', async () => {
    const first = await createAgent(t);
    const second = await createAgent(t);
    const date = '2026-12-07';
    const times = ['09:00 AM', '10:00 AM', '11:00 AM', '12:00 PM'] as const;
    // Four different slots: nothing but the day's lock keeps the four counts of open pickups apart.
    const replies = await Promise.all(
      times.map((pickupTime) => book(t, bookingBody({ pickupDate: date, pickupTime }))),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await t.db.select().from(repairBookings).where(eq(repairBookings.pickupDate, date));
    const perAgent = (id: string) => rows.filter((row) => row.agentId === id).length;
    expect([perAgent(first.id), perAgent(second.id)]).toEqual([2, 2]);
  });
});

describe('POST /api/repairs/bookings with REPAIR_SLOT_CAPACITY=3', () => {
  const t = useTestApp({ REPAIR_SLOT_CAPACITY: '3' });

  it('takes three bookings a slot, then offers it no more and refuses the fourth', async () => {
    await createAgent(t);
    const slot = { pickupDate: '2026-12-08', pickupTime: '02:00 PM' as const };
    const offered = async () =>
      (await send(t.app, 'GET', `/api/repairs/slots?date=${slot.pickupDate}`)).json().slots as string[];
    for (let i = 0; i < 3; i++) {
      expect(await offered()).toContain('02:00 PM');
      expect((await book(t, bookingBody(slot))).statusCode).toBe(201);
    }
    expect(await offered()).not.toContain('02:00 PM');
    const fourth = await book(t, bookingBody(slot));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('SLOT_FULL');
    expect(await slotTaken(t, slot)).toBe(3);
  });
});

describe('GET /api/repairs/:bookingNumber', () => {
  const t = useTestApp();

  it('shows anyone holding the number the status, service, slot, agent and history, without personal data', async () => {
    await createAgent(t);
    const owner = await signUpCustomer(t);
    const { bookingNumber } = (
      await book(t, bookingBody({ pickupDate: '2026-11-26', pickupTime: '09:00 AM' }), { cookie: owner.cookie })
    ).json();
    const res = await send(t.app, 'GET', `/api/repairs/${bookingNumber.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(bookedRepairView({ bookingNumber, pickupDate: '2026-11-26' }));
    expect(res.body).not.toContain('Thandi');
    expect(res.body).not.toContain('Kloof');

    const other = await signUpCustomer(t);
    expect(
      (await send(t.app, 'GET', `/api/repairs/${bookingNumber}`, { cookie: other.cookie })).json().details,
    ).toBeNull();
  });

  it('shows the signed-in owner their device and contact details too', async () => {
    const owner = await signUpCustomer(t);
    const body = bookingBody();
    const { bookingNumber } = (await book(t, body, { cookie: owner.cookie })).json();
    const res = await send(t.app, 'GET', `/api/repairs/${bookingNumber}`, { cookie: owner.cookie });
    expect(res.json().details).toEqual({ deviceDetails: body.deviceDetails, customerDetails: body.customerDetails });
  });

  it('answers 404 for a number that does not exist', async () => {
    const res = await send(t.app, 'GET', '/api/repairs/REP-000000000');
    expectError(res, 404, { code: 'REPAIR_NOT_FOUND', message: 'No repair booking found with this number.' });
  });
});

describe('GET /api/account/repairs', () => {
  const t = useTestApp();

  it("lists the signed-in customer's own bookings, newest first", async () => {
    await createAgent(t);
    const customer = await signUpCustomer(t);
    const first = (await book(t, bookingBody(), { cookie: customer.cookie })).json().bookingNumber;
    t.clock.advance(60_000);
    const second = (
      await book(t, bookingBody({ service: 'water-damage', pickupDate: '2026-11-27', pickupTime: '09:00 AM' }), {
        cookie: customer.cookie,
      })
    ).json().bookingNumber;
    await book(t, bookingBody(), { cookie: (await signUpCustomer(t)).cookie });
    await book(t, bookingBody());

    const res = await send(t.app, 'GET', '/api/account/repairs', { cookie: customer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().repairs.map((r: { bookingNumber: string }) => r.bookingNumber)).toEqual([second, first]);
    expect(res.json().repairs[0]).toEqual({
      bookingNumber: second,
      status: 'booked',
      deviceType: 'phone',
      service: { id: 'water-damage', name: 'Water Damage' },
      timeframe: '1 day',
      pickupDate: '2026-11-27',
      pickupTime: '09:00 AM',
      createdAt: '2026-11-22T10:01:00.000Z',
    });
  });

  it('asks a guest to sign in', async () => {
    const res = await send(t.app, 'GET', '/api/account/repairs');
    expectError(res, 401, { code: 'UNAUTHORIZED', message: 'Please sign in' });
  });
});

describe('POST /api/repairs/:bookingNumber/cancel', () => {
  const t = useTestApp();
  let agentCookie: string;

  beforeAll(async () => {
    const agent = await createAgent(t);
    agentCookie = await signInAs(t, 'agent', agent.username!);
  });

  const cancel = (number: string, body: unknown = {}, cookie?: string) =>
    send(t.app, 'POST', `/api/repairs/${number}/cancel`, {
      body,
      cookie,
      headers: { 'x-forwarded-for': newAddress() },
    });

  it('lets the signed-in owner cancel: Cancelled, place freed, history, audit and email in one go', async () => {
    const owner = await signUpCustomer(t);
    const slot = { pickupDate: '2026-11-30', pickupTime: '10:00 AM' as const };
    const { bookingNumber } = (await book(t, bookingBody(slot), { cookie: owner.cookie })).json();
    expect(await slotTaken(t, slot)).toBe(1);

    const res = await cancel(bookingNumber, {}, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Booking cancelled. Nobody will come to collect your device.',
      repair: { bookingNumber, status: 'cancelled', details: expect.any(Object) },
    });
    expect((await rowOf(t, bookingNumber)).status).toBe('cancelled');
    expect(await slotTaken(t, slot)).toBe(0);
    expect((await historyOf(t, bookingNumber)).map((h) => [h.status, h.description, h.actorId])).toEqual([
      ['booked', 'Repair booked; an agent has been assigned to pick up the device', null],
      ['cancelled', 'Booking cancelled', owner.user.id],
    ]);
    expect(await auditOf(t, bookingNumber)).toEqual([
      expect.objectContaining({
        action: 'repair_booking.cancelled',
        actorId: owner.user.id,
        actorRole: 'customer',
        before: { status: 'booked' },
        after: { status: 'cancelled' },
        details: { proof: 'session' },
      }),
    ]);
    const email = (await emailsOf(t, bookingNumber)).find((e) => e.kind === 'repair_status')!;
    expect(email).toMatchObject({ to: 'thandi@example.co.za', subject: `Repair ${bookingNumber}: Cancelled` });
    expect(email.text).toContain('Your repair booking is cancelled');
    expect(email.text).toContain(`http://localhost:3000/track?number=${bookingNumber}`);
  });

  it('lets a guest cancel with the email given at booking, in any case', async () => {
    const { bookingNumber } = (await book(t, bookingBody())).json();
    const res = await cancel(bookingNumber, { email: ' THANDI@example.co.za ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().repair).toMatchObject({ status: 'cancelled', details: null });
    expect((await auditOf(t, bookingNumber))[0]).toMatchObject({ actorId: null, details: { proof: 'email' } });
  });

  it('refuses a wrong email with 403 under the email field, and changes nothing', async () => {
    const slot = freshSlot();
    const { bookingNumber } = (await book(t, bookingBody(slot))).json();
    const before = await everythingAbout(t, bookingNumber, slot);
    const res = await cancel(bookingNumber, { email: 'someone@example.co.za' });
    expectFieldError(res, 403, 'FORBIDDEN', 'email', 'This email does not match the one given for this booking');
    expect(await everythingAbout(t, bookingNumber, slot)).toEqual(before);
  });

  it("asks for the email when nothing proves the booking is the caller's, signed in or not", async () => {
    const { bookingNumber } = (await book(t, bookingBody(), { cookie: (await signUpCustomer(t)).cookie })).json();
    for (const cookie of [undefined, (await signUpCustomer(t)).cookie]) {
      const res = await cancel(bookingNumber, {}, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ email: 'Enter the email you gave when you booked this repair' });
    }
    expect((await rowOf(t, bookingNumber)).status).toBe('booked');
  });

  it('cancels once: a second cancel is 409 and writes nothing more', async () => {
    const slot = freshSlot();
    const { bookingNumber } = (await book(t, bookingBody(slot))).json();
    const proof = { email: 'thandi@example.co.za' };
    expect((await cancel(bookingNumber, proof)).statusCode).toBe(200);
    const before = await everythingAbout(t, bookingNumber, slot);
    const again = await cancel(bookingNumber, proof);
    expectError(again, 409, { code: 'CONFLICT', message: 'This booking is already cancelled' });
    expect(await everythingAbout(t, bookingNumber, slot)).toEqual(before);
    expect(before.slot).toBe(0);
  });

  it('refuses once the agent has picked the device up, saying why', async () => {
    const slot = freshSlot();
    const { bookingNumber } = (await book(t, bookingBody(slot))).json();
    const pickup = await send(t.app, 'POST', `/api/agent/repairs/${bookingNumber}/status`, {
      body: { status: 'picked_up' },
      cookie: agentCookie,
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    const res = await cancel(bookingNumber, { email: 'thandi@example.co.za' });
    expectError(res, 409, {
      code: 'CONFLICT',
      message: 'This repair is Picked Up: the device has been picked up, so the booking can no longer be cancelled',
    });
    expect((await rowOf(t, bookingNumber)).status).toBe('picked_up');
    expect(await slotTaken(t, slot)).toBe(1);
  });

  it('gives the place back: a full slot takes a new booking once one is cancelled', async () => {
    const slot = { pickupDate: '2026-12-01', pickupTime: '09:00 AM' as const };
    const first = (await book(t, bookingBody(slot))).json().bookingNumber;
    expect((await book(t, bookingBody(slot))).statusCode).toBe(201);
    expect((await book(t, bookingBody(slot))).statusCode).toBe(409);
    expect((await send(t.app, 'GET', `/api/repairs/slots?date=${slot.pickupDate}`)).json().slots).not.toContain(
      '09:00 AM',
    );

    expect((await cancel(first, { email: 'thandi@example.co.za' })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', `/api/repairs/slots?date=${slot.pickupDate}`)).json().slots).toContain('09:00 AM');
    expect((await book(t, bookingBody(slot))).statusCode).toBe(201);
    expect((await book(t, bookingBody(slot))).statusCode).toBe(409);
    expect(await slotTaken(t, slot)).toBe(2);
  });

  it('answers an unknown number with 404', async () => {
    const res = await cancel('REP-000000000', { email: 'thandi@example.co.za' });
    expectError(res, 404, {
      code: 'REPAIR_NOT_FOUND',
      message: 'No repair booking found with this number.',
    });
  });
});

describe('POST /api/admin/repairs/:bookingNumber/cancel', () => {
  const t = useTestApp();

  it('lets the admin cancel with a reason, audited under their name', async () => {
    await createAgent(t);
    const admin = await signedInAdmin(t);
    const slot = freshSlot();
    const { bookingNumber } = (await book(t, bookingBody(slot))).json();
    const res = await send(t.app, 'POST', `/api/admin/repairs/${bookingNumber.toLowerCase()}/cancel`, {
      body: { reason: 'Customer phoned to cancel' },
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().repair).toMatchObject({ bookingNumber, status: 'cancelled' });
    expect(await slotTaken(t, slot)).toBe(0);
    expect(await auditOf(t, bookingNumber)).toEqual([
      expect.objectContaining({
        action: 'repair_booking.cancelled',
        actorId: admin.id,
        actorRole: 'admin',
        details: { reason: 'Customer phoned to cancel' },
      }),
    ]);
    expect((await historyOf(t, bookingNumber)).at(-1)).toMatchObject({ status: 'cancelled', actorId: admin.id });
    expect((await emailsOf(t, bookingNumber)).map((e) => e.kind).sort()).toEqual([
      'admin_new_repair',
      'repair_agent_assigned',
      'repair_agent_cancelled',
      'repair_confirmation',
      'repair_status',
    ]);

    const again = await send(t.app, 'POST', `/api/admin/repairs/${bookingNumber}/cancel`, {
      body: { reason: 'Customer phoned again' },
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(409);
  });

  it('is the admin alone: 401 anonymous, 403 for the customer who booked and for an agent', async () => {
    const agent = await createAgent(t);
    const owner = await signUpCustomer(t);
    const { bookingNumber } = (await book(t, bookingBody(), { cookie: owner.cookie })).json();
    const url = `/api/admin/repairs/${bookingNumber}/cancel`;
    expect((await send(t.app, 'POST', url, { body: {} })).statusCode).toBe(401);
    expect((await send(t.app, 'POST', url, { body: {}, cookie: owner.cookie })).statusCode).toBe(403);
    const agentCookie = await signInAs(t, 'agent', agent.username!);
    expect((await send(t.app, 'POST', url, { body: {}, cookie: agentCookie })).statusCode).toBe(403);
    expect((await rowOf(t, bookingNumber)).status).toBe('booked');
    expect(await auditOf(t, bookingNumber)).toEqual([]);
  });
});
