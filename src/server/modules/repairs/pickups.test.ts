import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxEmails, repairBookings, repairStatusHistory } from '../../db/schema';
import type { PickupSlot } from '../../../shared/repair-calendar';
import type { AgentRepairPickup } from '../../../shared/repairs';
import { createAgent, newAddress, signInAs, signUpCustomer } from '../../../../tests/support/accounts';
import { bookFor } from '../../../../tests/support/repairs';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';

const t = useTestApp();

const move = (number: string, status: string, cookie: string) =>
  send(t.app, 'POST', `/api/agent/repairs/${number}/status`, { body: { status }, cookie });

describe('GET /api/agent/repairs', () => {
  it("lists this agent's pickups by date and slot, with what is needed to collect the device", async () => {
    const agent = await createAgent(t);
    const other = await createAgent(t);
    const late = await bookFor(t, agent.id, { pickupDate: '2026-11-24', pickupTime: '01:00 PM' });
    const early = await bookFor(t, agent.id, { pickupDate: '2026-11-24', pickupTime: '09:00 AM' });
    const before = await bookFor(t, agent.id, { pickupDate: '2026-11-23', pickupTime: '05:00 PM' });
    await bookFor(t, other.id, { pickupDate: '2026-11-24', pickupTime: '10:00 AM' });
    const cookie = await signInAs(t, 'agent', agent.username!);

    const res = await send(t.app, 'GET', '/api/agent/repairs', { cookie });
    expect(res.statusCode).toBe(200);
    const pickups = res.json().pickups;
    expect(pickups.map((p: { bookingNumber: string }) => p.bookingNumber)).toEqual([before, early, late]);
    expect(pickups[0]).toEqual({
      bookingNumber: before,
      status: 'booked',
      deviceType: 'laptop',
      service: { id: 'battery-replacement', name: 'Battery Replacement' },
      timeframe: '2 days',
      pickupDate: '2026-11-23',
      pickupTime: '05:00 PM',
      createdAt: '2026-11-22T10:00:00.000Z',
      deviceDetails: { brand: '', model: '', issueType: '', description: '' },
      customerFirstName: 'Pieter',
      customerDetails: {
        name: 'Pieter van der Merwe',
        phone: '021 555 0199',
        email: 'pieter@example.co.za',
        address: '3 Long Street, Cape Town',
      },
    });

    const oneDay = await send(t.app, 'GET', '/api/agent/repairs?date=2026-11-24', { cookie });
    expect(oneDay.json().pickups.map((p: { bookingNumber: string }) => p.bookingNumber)).toEqual([early, late]);
  });

  it("gives the customer's contact only on the agent's open pickups: a cancelled or returned one names the first name alone", async () => {
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    const slot = (pickupTime: PickupSlot) => ({ pickupDate: '2026-11-26', pickupTime });
    const [booked, pickedUp, returned, cancelled] = [
      await bookFor(t, agent.id, slot('09:00 AM')),
      await bookFor(t, agent.id, slot('10:00 AM')),
      await bookFor(t, agent.id, slot('11:00 AM')),
      await bookFor(t, agent.id, slot('12:00 PM')),
    ];
    expect((await move(pickedUp, 'picked_up', cookie)).statusCode).toBe(200);
    for (const status of ['picked_up', 'in_repair', 'ready']) await move(returned, status, cookie);
    const done = await move(returned, 'returned', cookie);
    const cancel = await send(t.app, 'POST', `/api/repairs/${cancelled}/cancel`, {
      body: { email: 'pieter@example.co.za' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(cancel.statusCode).toBe(200);

    const contact = {
      name: 'Pieter van der Merwe',
      phone: '021 555 0199',
      email: 'pieter@example.co.za',
      address: '3 Long Street, Cape Town',
    };
    const res = await send(t.app, 'GET', '/api/agent/repairs?date=2026-11-26', { cookie });
    const pickups: AgentRepairPickup[] = res.json().pickups;
    const byNumber = new Map(pickups.map((pickup) => [pickup.bookingNumber, pickup]));
    for (const open of [booked, pickedUp]) {
      expect(byNumber.get(open), open).toMatchObject({ customerFirstName: 'Pieter', customerDetails: contact });
    }
    for (const closed of [returned, cancelled]) {
      expect(byNumber.get(closed), closed).toMatchObject({ customerFirstName: 'Pieter', customerDetails: null });
      const text = JSON.stringify(byNumber.get(closed));
      for (const detail of ['van der Merwe', contact.phone, contact.email, 'Long Street'])
        expect(text).not.toContain(detail);
    }
    // The reply of the last step is the closed view too.
    expect(done.json()).toMatchObject({ bookingNumber: returned, status: 'returned', customerDetails: null });
  });

  it('is for agents only', async () => {
    expect((await send(t.app, 'GET', '/api/agent/repairs')).statusCode).toBe(401);
    const customer = await signUpCustomer(t);
    const res = await send(t.app, 'GET', '/api/agent/repairs', { cookie: customer.cookie });
    expectError(res, 403, { code: 'FORBIDDEN', message: 'You do not have access to this' });
  });
});

describe('POST /api/agent/repairs/:bookingNumber/status', () => {
  it('moves a repair forward one step at a time, with history, audit and an email each time', async () => {
    const agent = await createAgent(t);
    const number = await bookFor(t, agent.id, { pickupDate: '2026-11-25', pickupTime: '11:00 AM' });
    const cookie = await signInAs(t, 'agent', agent.username!);

    for (const status of ['picked_up', 'in_repair', 'ready', 'returned']) {
      const res = await move(number, status, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ bookingNumber: number, status });
    }
    const [row] = await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number));
    const history = await t.db.select().from(repairStatusHistory).where(eq(repairStatusHistory.bookingId, row!.id));
    expect(history.map((h) => [h.status, h.actorId])).toEqual([
      ['booked', null],
      ['picked_up', agent.id],
      ['in_repair', agent.id],
      ['ready', agent.id],
      ['returned', agent.id],
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, number));
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ['repair_booking.picked_up', agent.id, { status: 'booked' }, { status: 'picked_up' }],
      ['repair_booking.in_repair', agent.id, { status: 'picked_up' }, { status: 'in_repair' }],
      ['repair_booking.ready', agent.id, { status: 'in_repair' }, { status: 'ready' }],
      ['repair_booking.returned', agent.id, { status: 'ready' }, { status: 'returned' }],
    ]);
    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'repair_status'));
    expect(emails.filter((e) => e.subject.startsWith(`Repair ${number}`)).map((e) => e.subject)).toEqual([
      `Repair ${number}: Picked Up`,
      `Repair ${number}: In Repair`,
      `Repair ${number}: Ready`,
      `Repair ${number}: Returned`,
    ]);
    expect(emails[0]!.to).toBe('pieter@example.co.za');

    const tracked = await send(t.app, 'GET', `/api/repairs/${number}`);
    expect(tracked.json().status).toBe('returned');
    expect(tracked.json().history).toHaveLength(5);
  });

  it('refuses a step out of order with 409 saying why, and changes nothing', async () => {
    const agent = await createAgent(t);
    const number = await bookFor(t, agent.id, { pickupDate: '2026-11-25', pickupTime: '12:00 PM' });
    const cookie = await signInAs(t, 'agent', agent.username!);
    const skip = await move(number, 'ready', cookie);
    expectError(skip, 409, {
      code: 'CONFLICT',
      message: 'This repair is Booked; it can only be marked Ready from In Repair',
    });
    expect((await move(number, 'picked_up', cookie)).statusCode).toBe(200);
    const again = await move(number, 'picked_up', cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This repair is Picked Up; it can only be marked Picked Up from Booked');
    const [row] = await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number));
    expect(row!.status).toBe('picked_up');
  });

  it('moves once when two tabs send the same step at once', async () => {
    const agent = await createAgent(t);
    const number = await bookFor(t, agent.id, { pickupDate: '2026-11-25', pickupTime: '02:00 PM' });
    const cookie = await signInAs(t, 'agent', agent.username!);
    const replies = await Promise.all([move(number, 'picked_up', cookie), move(number, 'picked_up', cookie)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, number));
    const history = await t.db.select().from(repairStatusHistory).where(eq(repairStatusHistory.bookingId, row!.id));
    expect(history).toHaveLength(2);
  });

  it("refuses another agent's booking with 403", async () => {
    const owner = await createAgent(t);
    const stranger = await createAgent(t);
    const number = await bookFor(t, owner.id, { pickupDate: '2026-11-25', pickupTime: '03:00 PM' });
    const res = await move(number, 'picked_up', await signInAs(t, 'agent', stranger.username!));
    expectError(res, 403, { code: 'FORBIDDEN', message: 'This repair booking is assigned to another agent' });
  });

  it('answers 404 for an unknown number and 400 for a status that is not a move', async () => {
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    const unknown = await move('REP-000000000', 'picked_up', cookie);
    expectError(unknown, 404, { code: 'REPAIR_NOT_FOUND', message: 'No repair booking found with this number.' });
    const bad = await move('REP-000000000', 'cancelled', cookie);
    expectError(bad, 400, {
      code: 'VALIDATION_FAILED',
      message: 'status: Status must be one of picked_up, in_repair, ready, returned',
      fields: { status: 'Status must be one of picked_up, in_repair, ready, returned' },
    });
  });

  it('is for agents only', async () => {
    const customer = await signUpCustomer(t);
    const res = await move('REP-000000000', 'picked_up', customer.cookie);
    expect(res.statusCode).toBe(403);
  });
});
