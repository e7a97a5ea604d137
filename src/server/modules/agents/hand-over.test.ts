import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AdminAgent, AgentStatusReply } from '../../../shared/agents';
import { auditLog, repairBookings, tradeIns, users } from '../../db/schema';
import { createAgent, newAddress, signedInAdmin, signInAs } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { emailsAbout } from '../../../../tests/support/mail';
import { bookFor } from '../../../../tests/support/repairs';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn } from '../../../../tests/support/trade-ins';

// Deactivating an agent who holds open work (decision 047): the work listed, handed over to one agent or the
// least loaded, the customers told, refusals that say why; reactivation; the admin's counts as the agent's.

const t = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await signedInAdmin(t)).cookie;
});
// Every test starts with no active agent but its own, so "least loaded" and "nobody else" are its to arrange.
beforeEach(async () => {
  await t.db.update(users).set({ status: 'inactive' }).where(eq(users.role, 'agent'));
});

let n = 0;
/** A new active agent with this first name (the names customers see). */
async function agent(firstName: string) {
  const row = await createAgent(t, `${firstName.toLowerCase()}.${++n}`);
  await t.db.update(users).set({ firstName, lastName: 'Test' }).where(eq(users.id, row.id));
  return { id: row.id, username: row.username!, name: `${firstName} Test` };
}
const post = (path: string, body: unknown = {}, cookie = admin) => send(t.app, 'POST', path, { cookie, body });
const deactivate = (id: string, body: unknown = {}) => post(`/api/admin/agents/${id}/deactivate`, body);
const openTradeIn = (agentId: string, status = 'Assigned to Agent') =>
  insertTradeIn(t, { agentId, status, customerEmail: `seller${++n}@example.co.za` });
const agentOf = async (bookingNumber: string) =>
  (await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, bookingNumber)))[0]!.agentId;
const tradeInAgentOf = async (number: string) =>
  (await t.db.select().from(tradeIns).where(eq(tradeIns.transactionNumber, number)))[0]!.agentId;
const card = async (id: string): Promise<AdminAgent> => {
  const res = await send(t.app, 'GET', '/api/admin/agents?pageSize=100', { cookie: admin });
  return res.json().items.find((a: AdminAgent) => a.id === id);
};

describe('GET /api/admin/agents/:id/open-work', () => {
  it("lists the agent's open trade-ins and bookings, not the finished ones", async () => {
    const michael = await agent('Michael');
    const open = await openTradeIn(michael.id, 'Awaiting Offer');
    await openTradeIn(michael.id, 'Paid');
    const pickup = await bookFor(t, michael.id, { pickupDate: '2026-11-24', pickupTime: '09:00 AM' });
    const res = await send(t.app, 'GET', `/api/admin/agents/${michael.id}/open-work`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tradeIns: [{ transactionNumber: open.transactionNumber, device: 'Samsung Galaxy S21', status: 'Awaiting Offer' }],
      pickups: [
        {
          bookingNumber: pickup,
          service: 'Battery Replacement',
          pickupDate: '2026-11-24',
          pickupTime: '09:00 AM',
          status: 'booked',
        },
      ],
      collections: [],
    });
  });
});

describe('POST /api/admin/agents/:id/deactivate', () => {
  it('hands every open record to the chosen agent, emails each customer, and /track names the new agent', async () => {
    const michael = await agent('Michael');
    const sarah = await agent('Sarah');
    await agent('Thabo');
    const tradeIn = await openTradeIn(michael.id, 'Offer Made');
    const done = await openTradeIn(michael.id, 'Paid');
    const pickup = await bookFor(t, michael.id, { pickupDate: '2026-11-24', pickupTime: '01:00 PM' });
    expect((await send(t.app, 'GET', `/api/repairs/${pickup}`)).json().agentFirstName).toBe('Michael');
    const cookie = await signInAs(t, 'agent', michael.username);

    const res = await deactivate(michael.id, { handOver: { mode: 'agent', agentId: sarah.id } });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as AgentStatusReply;
    expect(reply.message).toBe(
      'Agent deactivated: their history is kept and their sessions ended; 1 open trade-in and 1 open pickup handed over',
    );
    expect(reply.agent).toMatchObject({ id: michael.id, status: 'inactive', assigned: 0 });
    expect(reply.handedOver).toEqual([
      { kind: 'trade-in', number: tradeIn.transactionNumber, toAgentId: sarah.id, toAgentName: 'Sarah Test' },
      { kind: 'pickup', number: pickup, toAgentId: sarah.id, toAgentName: 'Sarah Test' },
    ]);

    expect(await tradeInAgentOf(tradeIn.transactionNumber)).toBe(sarah.id);
    expect(await tradeInAgentOf(done.transactionNumber)).toBe(michael.id);
    expect(await agentOf(pickup)).toBe(sarah.id);
    expect((await send(t.app, 'GET', `/api/repairs/${pickup}`)).json().agentFirstName).toBe('Sarah');
    expect((await send(t.app, 'GET', '/api/agent/profile', { cookie })).statusCode).toBe(401);

    const [sellerEmail] = await emailsAbout(t, tradeIn.transactionNumber, 'trade_in_agent_changed');
    expect(sellerEmail).toMatchObject({ to: tradeIn.customerEmail });
    expect(sellerEmail!.text).toContain('is now with Sarah, another of our agents');
    const [repairEmail] = await emailsAbout(t, pickup, 'repair_reassigned');
    expect(repairEmail).toMatchObject({
      to: 'pieter@example.co.za',
      subject: `Repair ${pickup}: your new agent is Sarah`,
    });
    expect(repairEmail!.text).toContain('Sarah, another of our agents, will now collect your device for');
    expect(await emailsAbout(t, done.transactionNumber, 'trade_in_agent_changed')).toHaveLength(0);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [michael.id, tradeIn.transactionNumber, pickup]));
    // (Michael's own sign-in wrote agent.mfa_enrol.)
    expect(
      audit
        .map((entry) => entry.action)
        .filter((action) => !action.startsWith('agent.mfa'))
        .sort(),
    ).toEqual(['agent.deactivate', 'repair_booking.reassigned', 'trade_in.reassign']);
    expect(audit.find((entry) => entry.action === 'agent.deactivate')).toMatchObject({
      before: { status: 'active' },
      after: { status: 'inactive' },
      details: { handedOver: reply.handedOver },
    });
    expect(audit.find((entry) => entry.action === 'trade_in.reassign')).toMatchObject({
      before: { agentId: michael.id, status: 'Offer Made' },
      after: { agentId: sarah.id, status: 'Offer Made' },
    });
  });

  it('spreads the work over the least-loaded active agents by open work, counting each record handed over', async () => {
    const michael = await agent('Michael');
    const busy = await agent('Busy');
    const idle = await agent('Idle');
    // Busy has one open trade-in and three paid (finished work is no load), Idle two open ones.
    for (const status of ['Paid', 'Paid', 'Paid', 'Assigned to Agent']) await openTradeIn(busy.id, status);
    for (const status of ['Awaiting Offer', 'Offer Made']) await openTradeIn(idle.id, status);
    expect((await card(busy.id)).assigned).toBe(1);
    const records = [];
    for (let i = 0; i < 3; i++) records.push((await openTradeIn(michael.id)).transactionNumber);
    const pickup = await bookFor(t, michael.id, { pickupDate: '2026-11-25', pickupTime: '10:00 AM' });

    const res = await deactivate(michael.id, { handOver: { mode: 'least-loaded' } });
    expect(res.statusCode, res.body).toBe(200);
    // Busy 1 -> 2; a tie at 2 goes to the longest-serving (Busy) -> 3; Idle 2 -> 3; a tie at 3 to Busy again.
    expect((res.json() as AgentStatusReply).handedOver.map((record) => record.toAgentName)).toEqual([
      'Busy Test',
      'Busy Test',
      'Idle Test',
      'Busy Test',
    ]);
    expect(await agentOf(pickup)).toBe(busy.id);
    expect((await card(busy.id)).assigned).toBe(4);
    expect((await card(idle.id)).assigned).toBe(3);
  });

  it('gives a pickup whose slot the chosen agent already has to another agent, and refuses naming it when nobody is free', async () => {
    const michael = await agent('Michael');
    const sarah = await agent('Sarah');
    const slot = { pickupDate: '2026-11-26', pickupTime: '02:00 PM' } as const;
    await bookFor(t, sarah.id, slot);
    const pickup = await bookFor(t, michael.id, slot);
    // The slot's places lowered to one after both were booked: Sarah's pickup there is all she can take (decision 046).
    const capacity = t.config.REPAIR_SLOT_CAPACITY;
    t.config.REPAIR_SLOT_CAPACITY = 1;
    onTestFinished(() => {
      t.config.REPAIR_SLOT_CAPACITY = capacity;
    });

    const refused = await deactivate(michael.id, { handOver: { mode: 'agent', agentId: sarah.id } });
    expectError(refused, 409, {
      code: 'CONFLICT',
      message: `Repair ${pickup} cannot be handed over: no other active agent is free to collect it on 2026-11-26 at 02:00 PM`,
    });
    expect(await agentOf(pickup)).toBe(michael.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, michael.id));
    expect(row!.status).toBe('active');

    const thabo = await agent('Thabo');
    const res = await deactivate(michael.id, { handOver: { mode: 'agent', agentId: sarah.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await agentOf(pickup)).toBe(thabo.id);
  });

  it('refuses with 409 saying why: open work and no hand-over, or nobody else active; nothing changes', async () => {
    const michael = await agent('Michael');
    const tradeIn = await openTradeIn(michael.id);
    await bookFor(t, michael.id, { pickupDate: '2026-11-27', pickupTime: '09:00 AM' });

    expectError(await deactivate(michael.id, { handOver: { mode: 'least-loaded' } }), 409, {
      code: 'CONFLICT',
      message:
        'Michael Test holds 1 open trade-in and 1 open pickup and there is no other active agent to take them over: create or reactivate an agent first',
    });
    await agent('Sarah');
    expectError(await deactivate(michael.id), 409, {
      code: 'CONFLICT',
      message: 'Michael Test still holds 1 open trade-in and 1 open pickup: choose who takes them over',
    });
    expectError(await send(t.app, 'DELETE', `/api/admin/agents/${michael.id}`, { cookie: admin }), 409, {
      code: 'CONFLICT',
      message: 'Michael Test holds 1 open trade-in and 1 open pickup: deactivate them and hand the work over instead',
    });
    expect(await tradeInAgentOf(tradeIn.transactionNumber)).toBe(michael.id);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, michael.id))).toHaveLength(0);
  });

  it('refuses a hand-over to an inactive agent or to the agent themselves under the field, and a bad payload', async () => {
    const michael = await agent('Michael');
    await openTradeIn(michael.id);
    const gone = await agent('Gone');
    await agent('Sarah');
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, gone.id));
    for (const agentId of [gone.id, michael.id]) {
      expectFieldError(
        await deactivate(michael.id, { handOver: { mode: 'agent', agentId } }),
        400,
        'VALIDATION_FAILED',
        'handOver.agentId',
        'Choose an active agent to take over the work',
      );
    }
    expect((await deactivate(michael.id, { handOver: { mode: 'everyone' } })).statusCode).toBe(400);
  });

  it('deactivates an agent without open work, and refuses a second time with 409', async () => {
    const michael = await agent('Michael');
    await openTradeIn(michael.id, 'Paid');
    expect((await deactivate(michael.id)).statusCode).toBe(200);
    expectError(await deactivate(michael.id), 409, { code: 'CONFLICT', message: 'This agent is already inactive' });
  });

  it('is for the admin only', async () => {
    const michael = await agent('Michael');
    const agentCookie = await signInAs(t, 'agent', michael.username);
    for (const path of ['deactivate', 'reactivate']) {
      expect((await post(`/api/admin/agents/${michael.id}/${path}`, {}, agentCookie)).statusCode).toBe(403);
      expect((await send(t.app, 'POST', `/api/admin/agents/${michael.id}/${path}`, { body: {} })).statusCode).toBe(401);
    }
    const openWork = await send(t.app, 'GET', `/api/admin/agents/${michael.id}/open-work`, { cookie: agentCookie });
    expect(openWork.statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/admin/agents/not-a-uuid/open-work', { cookie: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/admin/agents/:id/reactivate', () => {
  it('lets a deactivated agent sign in again with their own username, audited; 409 when already active', async () => {
    const michael = await agent('Michael');
    expect((await deactivate(michael.id)).statusCode).toBe(200);
    const res = await post(`/api/admin/agents/${michael.id}/reactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Agent reactivated: they can sign in again',
      agent: { id: michael.id, username: michael.username, status: 'active' },
      handedOver: [],
    });
    const signIn = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: michael.username, password: 'Agent-pass-2026' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(signIn.statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, michael.id), eq(auditLog.action, 'agent.reactivate')));
    expect(audit).toMatchObject({ before: { status: 'inactive' }, after: { status: 'active' } });
    expectError(await post(`/api/admin/agents/${michael.id}/reactivate`), 409, {
      code: 'CONFLICT',
      message: 'This agent is already active',
    });
  });
});

describe('PATCH /api/admin/agents/:id with a status', () => {
  const edit = (a: { id: string; username: string; name: string }, extra: Record<string, unknown>) =>
    send(t.app, 'PATCH', `/api/admin/agents/${a.id}`, {
      cookie: admin,
      body: {
        name: a.name,
        email: `${a.username}@quickbuy.co.za`,
        phone: '+27 82 555 0101',
        role: 'Agent',
        username: a.username,
        ...extra,
      },
    });

  it('deactivates through the same hand-over, and reactivates', async () => {
    const michael = await agent('Michael');
    const sarah = await agent('Sarah');
    const tradeIn = await openTradeIn(michael.id);
    expectError(await edit(michael, { status: 'inactive' }), 409, {
      code: 'CONFLICT',
      message: 'Michael Test still holds 1 open trade-in: choose who takes them over',
    });
    const res = await edit(michael, { status: 'inactive', handOver: { mode: 'agent', agentId: sarah.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'inactive', assigned: 0 });
    expect(await tradeInAgentOf(tradeIn.transactionNumber)).toBe(sarah.id);
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.entityId, michael.id));
    expect(actions.map((entry) => entry.action).sort()).toEqual(['agent.deactivate', 'agent.update']);

    const back = await edit(michael, { status: 'active' });
    expect(back.json()).toMatchObject({ status: 'active' });
    const unchanged = await edit(michael, { status: 'active', role: 'Supervisor' });
    expect(unchanged.json()).toMatchObject({ status: 'active', role: 'Supervisor' });
    expect((await edit(michael, { status: 'away' })).statusCode).toBe(400);
  });
});

describe("the admin's agent card", () => {
  it("counts Assigned and Completed exactly as the agent's own dashboard does", async () => {
    const sarah = await agent('Sarah');
    for (const status of ['Assigned to Agent', 'Awaiting Offer', 'Offer Made', 'Paid', 'Offer Declined']) {
      await openTradeIn(sarah.id, status);
    }
    const open = await bookFor(t, sarah.id, { pickupDate: '2026-11-28', pickupTime: '09:00 AM' });
    const cancelled = await bookFor(t, sarah.id, { pickupDate: '2026-11-28', pickupTime: '10:00 AM' });
    expect(open).not.toBe(cancelled);
    expect((await post(`/api/admin/repairs/${cancelled}/cancel`, { reason: 'Customer asked' })).statusCode).toBe(200);
    const cookie = await signInAs(t, 'agent', sarah.username);
    const summary = (await send(t.app, 'GET', '/api/agent/summary', { cookie })).json();
    // Paid and Offer Declined are finished, the cancelled pickup is not theirs: only open work is assigned.
    expect(summary).toMatchObject({
      assigned: 4,
      completed: 2,
      tradeIns: { assigned: 3, completed: 2 },
      pickups: { assigned: 1, completed: 0 },
    });
    const { assigned, completed, tradeIns: t1, pickups } = await card(sarah.id);
    expect({ assigned, completed, tradeIns: t1, pickups }).toEqual({
      assigned: summary.assigned,
      completed: summary.completed,
      tradeIns: summary.tradeIns,
      pickups: summary.pickups,
    });
  });
});
