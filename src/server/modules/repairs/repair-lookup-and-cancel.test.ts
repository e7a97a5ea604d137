import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, newAddress, signedInAdmin, signInAs, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { bookedRepairView } from '../../../../tests/support/repair-views';
import {
  auditOf,
  book,
  emailsOf,
  everythingAbout,
  freshRepairSlots,
  historyOf,
  rowOf,
  slotTaken,
} from '../../../../tests/support/repairs';
import { send, useTestApp } from '../../../../tests/support/test-app';

// A repair booking once made: looked up by its number and in the account, cancelled by its customer and by the admin.
const { bookingBody, freshSlot } = freshRepairSlots();

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
