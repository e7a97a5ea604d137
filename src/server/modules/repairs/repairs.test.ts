import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PICKUP_SLOTS } from '../../../shared/repair-calendar';
import type { RepairBookingInput } from '../../../shared/repairs';
import { outboxEmails, repairBookings, repairStatusHistory, users } from '../../db/schema';
import { createAgent, newAddress, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { book, freshRepairSlots, MONDAY, slotTaken } from '../../../../tests/support/repairs';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';

// The slots offered and a booking made (what follows it: repair-lookup-and-cancel.test.ts); the clock starts on SUNDAY.
const { bookingBody } = freshRepairSlots();
const SUNDAY = '2026-11-22';
const SATURDAY = '2026-11-28';

const bookingCount = async (t: TestApp) => (await t.db.select().from(repairBookings)).length;

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
    expect(await slotTaken(t, { pickupDate: '2026-11-25', pickupTime: '02:00 PM' })).toBe(1);

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
      expect(await slotTaken(t, slot)).toBe(2);
      const stored = await t.db
        .select()
        .from(repairBookings)
        .where(and(eq(repairBookings.pickupDate, slot.pickupDate), eq(repairBookings.pickupTime, slot.pickupTime)));
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
    expect(await slotTaken(t, slot)).toBe(0);
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
