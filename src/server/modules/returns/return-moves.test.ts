import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxEmails, refunds } from '../../db/schema';
import { createAgent, signInAs } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { bookFor } from '../../../../tests/support/repairs';
import { freshSlot, quantityOf } from '../../../../tests/support/returns';
import { photoDataUrl, useReturnsDesk } from '../../../../tests/support/returns-desk';
import { send } from '../../../../tests/support/test-app';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import { RETURN_MOVES, returnMoveRefusal, type ReturnMove } from '../../../shared/return-moves';
import { type AgentCollection } from '../../../shared/returns';

// The moves of a return request through the returns desk, each refused where its status does not allow it.
const { t, admin, agent, adminPost, agentPost, opened, inspected, rowOf } = useReturnsDesk();

describe('the moves of a request', () => {
  it('refuses a move its status does not allow, saying why', async () => {
    const { request } = await opened();
    expectError(await agentPost(request.returnNumber, 'collect'), 403, {
      code: 'FORBIDDEN',
      message: 'This collection is assigned to another agent',
    });
    expectError(await adminPost(request.returnNumber, 'refund'), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Requested; 'Refund' is allowed only while Inspected",
    });
    expect((await adminPost(request.returnNumber, 'approve')).statusCode).toBe(200);
    expectError(await adminPost(request.returnNumber, 'approve'), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Approved; 'Approve' is allowed only while Requested",
    });
  });

  it('refuses, at every step of a return, each move the table does not allow there, in its words', async () => {
    const { order, request } = await opened();
    const number = request.returnNumber;
    const slot = freshSlot(t.clock.now());
    const staffMoves: [ReturnMove, () => Promise<LightMyRequestResponse>][] = [
      ['approve', () => adminPost(number, 'approve')],
      ['decline', () => adminPost(number, 'decline', { reason: 'Outside what we cover' })],
      ['schedule', () => adminPost(number, 'schedule', { agentId: agent.id, ...slot })],
      ['refund', () => adminPost(number, 'refund')],
      ['repair', () => adminPost(number, 'repair', { service: 'battery-replacement' })],
      ['replace', () => adminPost(number, 'replace')],
      ['sendBack', () => adminPost(number, 'send-back')],
      ['collect', () => agentPost(number, 'collect')],
      ['inspect', () => agentPost(number, 'inspect', { conditionFound: 'Like new', sellable: true, notes: 'Fine' })],
      [
        'cancel',
        () => send(t.app, 'POST', `/api/returns/${number}/cancel`, { headers: { 'x-order-token': order.accessToken } }),
      ],
    ];
    const path: ReturnMove[] = ['approve', 'schedule', 'collect', 'inspect', 'refund'];
    for (const next of [...path, null]) {
      const { status, agentId } = await rowOf(number);
      for (const [move, post] of staffMoves) {
        // Before a collection is scheduled it is no agent's: an agent's move is 403 there (the first test).
        if (RETURN_MOVES[move].by === 'agent' && !agentId) continue;
        const refusal = returnMoveRefusal(move, { status, kind: 'return' });
        if (refusal === null) continue;
        expectError(await post(), 409, { code: 'RETURN_MOVE_NOT_ALLOWED', message: refusal });
      }
      if (next) expect((await staffMoves.find(([move]) => move === next)![1]()).statusCode).toBe(200);
    }
    expect((await rowOf(number)).status).toBe('refunded');
  });

  it('declines a request with a reason: the customer emailed it, the move audited, and nothing more allowed', async () => {
    const { request } = await opened();
    expectFieldError(
      await adminPost(request.returnNumber, 'decline', { reason: '' }),
      400,
      'VALIDATION_FAILED',
      'reason',
      'Give a reason for declining',
    );
    const res = await adminPost(request.returnNumber, 'decline', { reason: 'Bought from another store' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(request.returnNumber)).toMatchObject({
      status: 'declined',
      declineReason: 'Bought from another store',
    });
    // The test clock stands still, so the emails of the request are told apart by what they say.
    const mail = await t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, request.returnNumber));
    const declined = mail.filter((email) => email.text.includes('Reason: Bought from another store'));
    expect(declined.map((email) => email.to)).toEqual(['thandi@example.co.za']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, request.returnNumber), eq(auditLog.action, 'return_request.decline')));
    expect(audit!.actorId).toBe(admin.id);
    expectError(await adminPost(request.returnNumber, 'approve'), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Declined; 'Approve' is allowed only while Requested",
    });
  });

  it('sends an inspected device back to the customer: no refund, the stock unchanged', async () => {
    const { order, request } = await opened({ quantities: [2], price: 5000 }, 1);
    const before = await quantityOf(t, order.deviceIds[0]!);
    await inspected(request.returnNumber, true);
    const refundsBefore = (await t.db.select().from(refunds)).length;
    const res = await adminPost(request.returnNumber, 'send-back');
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(request.returnNumber);
    expect(row.status).toBe('returned_to_customer');
    expect(row.refundAmount ?? 0).toBe(0);
    expect(await quantityOf(t, order.deviceIds[0]!)).toBe(before);
    expect((await t.db.select().from(refunds)).length).toBe(refundsBefore);
    expectError(await adminPost(request.returnNumber, 'refund'), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Returned to customer; 'Refund' is allowed only while Inspected",
    });
  });

  it('lets the customer cancel before the collection, not after, and gives the slot back', async () => {
    const { order, request } = await opened();
    const cancel = (number: string) =>
      send(t.app, 'POST', `/api/returns/${number}/cancel`, { headers: { 'x-order-token': order.accessToken } });
    expect((await send(t.app, 'POST', `/api/returns/${request.returnNumber}/cancel`)).statusCode).toBe(404);
    const res = await cancel(request.returnNumber);
    expect(res.statusCode).toBe(200);
    expect((await rowOf(request.returnNumber)).status).toBe('cancelled');

    const { order: second, request: other } = await opened();
    await inspected(other.returnNumber);
    const late = await send(t.app, 'POST', `/api/returns/${other.returnNumber}/cancel`, {
      headers: { 'x-order-token': second.accessToken },
    });
    expectError(late, 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message:
        "This request is Inspected; 'Cancel Request' is allowed only while Requested, Approved or Collection Scheduled",
    });
  });

  it("lets only the collection's agent collect and inspect it, in order, and keeps the inspection, its photos and the audit", async () => {
    const { request } = await opened();
    const number = request.returnNumber;
    expect((await adminPost(number, 'approve')).statusCode).toBe(200);
    expect((await adminPost(number, 'schedule', { agentId: agent.id, ...freshSlot(t.clock.now()) })).statusCode).toBe(
      200,
    );

    // Only an agent, and only the one it is scheduled with.
    expectError(await send(t.app, 'POST', `/api/agent/returns/${number}/collect`), 401, {
      code: 'UNAUTHORIZED',
      message: ACCOUNT_MESSAGES.signInRequired,
    });
    expectError(await agentPost(number, 'collect', {}, admin.cookie), 403, {
      code: 'FORBIDDEN',
      message: ACCOUNT_MESSAGES.forbidden,
    });
    const other = await createAgent(t);
    const otherCookie = await signInAs(t, 'agent', other.username!);
    expectError(await agentPost(number, 'collect', {}, otherCookie), 403, {
      code: 'FORBIDDEN',
      message: 'This collection is assigned to another agent',
    });
    const listed = await send(t.app, 'GET', '/api/agent/returns', { cookie: otherCookie });
    expect(listed.json()).toEqual([]);

    // Inspected only once collected.
    const inspection = {
      conditionFound: 'Damaged',
      sellable: false,
      notes: 'Back glass cracked; the buyer says it arrived so',
      photos: [await photoDataUrl()],
    };
    expectError(await agentPost(number, 'inspect', inspection), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Collection Scheduled; 'Record Inspection' is allowed only while Collected",
    });
    expect((await agentPost(number, 'collect')).statusCode).toBe(200);
    expectError(await agentPost(number, 'collect'), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Collected; 'Mark Collected' is allowed only while Collection Scheduled",
    });
    const done = await agentPost(number, 'inspect', inspection);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Inspection recorded', request: { status: 'inspected' } });

    // The agent's dashboard shows what they found; the photo opens for them and the admin, not another agent.
    const mine = (await send(t.app, 'GET', '/api/agent/returns', { cookie: agent.cookie })).json() as AgentCollection[];
    expect(mine.find((c) => c.returnNumber === number)).toMatchObject({
      status: 'inspected',
      inspection: { conditionFound: 'Damaged', sellable: false, notes: inspection.notes, photoCount: 1 },
    });
    const photoPath = (who: 'agent' | 'admin') => `/api/${who}/returns/${number}/photos/inspection/0`;
    const seen = await send(t.app, 'GET', photoPath('agent'), { cookie: agent.cookie });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toMatch(/^image\//);
    expect((await send(t.app, 'GET', photoPath('admin'), { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', photoPath('agent'), { cookie: otherCookie })).statusCode).toBe(404);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return_request'), eq(auditLog.entityId, number)))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['return_request.open', null],
      ['return_request.approve', admin.id],
      ['return_request.schedule', admin.id],
      ['return_request.collect', agent.id],
      ['return_request.inspect', agent.id],
    ]);
    expect(audit.at(-1)!.after).toMatchObject({ status: 'inspected', conditionFound: 'Damaged', sellable: false });
  });

  it('schedules only an active agent with room at the slot', async () => {
    const { request } = await opened();
    await adminPost(request.returnNumber, 'approve');
    const inactive = await createAgent(t, undefined, 'inactive');
    const slot = freshSlot(t.clock.now());
    expect(
      (await adminPost(request.returnNumber, 'schedule', { agentId: inactive.id, ...slot })).json().error.code,
    ).toBe('AGENT_INACTIVE');
    // Two pickups of the agent's own in that slot fill it (capacity 2).
    await bookFor(t, agent.id, slot);
    await bookFor(t, agent.id, freshSlot(t.clock.now()));
    const other = freshSlot(t.clock.now());
    await bookFor(t, agent.id, other);
    await bookFor(t, agent.id, other);
    const full = await adminPost(request.returnNumber, 'schedule', { agentId: agent.id, ...other });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toMatch(/AGENT_SLOT_FULL|SLOT_FULL/);
  });

  it('shows the request to its owner whole and to a stranger as status and dates', async () => {
    const { order, request } = await opened();
    const stranger = await send(t.app, 'GET', `/api/track/${request.returnNumber}`);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().kind).toBe('return');
    expect(stranger.json().request).toMatchObject({
      returnNumber: request.returnNumber,
      status: 'requested',
      details: null,
    });
    const owner = await send(t.app, 'GET', `/api/track/${request.returnNumber}`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(owner.json().request.details).toMatchObject({
      orderNumber: order.orderNumber,
      description: 'The screen flickers',
    });
    expect((await send(t.app, 'GET', `/api/returns/${request.returnNumber}`)).statusCode).toBe(404);
    const chat = await send(t.app, 'POST', '/api/chat', { body: { message: `Where is ${request.returnNumber}?` } });
    expect(chat.json().response).toContain(`Request **${request.returnNumber}** is **Requested**`);
    expect(chat.json().response).not.toContain('The screen flickers');
  });
});
