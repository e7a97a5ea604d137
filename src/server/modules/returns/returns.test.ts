import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, outboxEmails, refunds, repairBookings, returnImages, returnRequests } from '../../db/schema';
import {
  createAgent,
  CUSTOMER_PASSWORD,
  newAddress,
  sessionCookie,
  signedInAdmin,
  signInAs,
  signUpCustomer,
} from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { bookFor } from '../../../../tests/support/repairs';
import { deliveredOrder, freshSlot, openReturn, quantityOf, returnBody } from '../../../../tests/support/returns';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import { RETURN_MOVES, returnMoveRefusal, type ReturnMove } from '../../../shared/return-moves';
import { RETURN_MESSAGES, type AgentCollection, type ReturnRequestView } from '../../../shared/returns';
import { SELL_MESSAGES } from '../../../shared/sell-form';

const t = useTestApp({ ADMIN_NOTIFY_EMAIL: 'returns-desk@quickbuy.test' });
const START = new Date('2026-11-22T10:00:00Z');
const DAY = 86_400_000;

let admin: { cookie: string; id: string };
let agent: { id: string; cookie: string };

beforeAll(async () => {
  admin = await signedInAdmin(t);
  const row = await createAgent(t);
  agent = { id: row.id, cookie: await signInAs(t, 'agent', row.username!) };
});
afterEach(() => t.clock.set(START));

const adminPost = (number: string, move: string, body: unknown = {}) =>
  send(t.app, 'POST', `/api/admin/returns/${number}/${move}`, { cookie: admin.cookie, body });
const agentPost = (number: string, move: string, body: unknown = {}, cookie = agent.cookie) =>
  send(t.app, 'POST', `/api/agent/returns/${number}/${move}`, { cookie, body });

/** A delivered order and a request opened on it by the placing browser. */
async function opened(options: Parameters<typeof deliveredOrder>[2] = {}, units = 1) {
  const order = await deliveredOrder(t, admin, options);
  const res = await openReturn(
    t,
    returnBody(t.clock.now(), {
      orderNumber: order.orderNumber,
      items: [{ deviceId: order.deviceIds[0]!, quantity: units }],
    }),
    { token: order.accessToken },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { order, request: res.json() as ReturnRequestView };
}

/** Approved, scheduled with the agent, collected and inspected. */
async function inspected(number: string, sellable = true) {
  expect((await adminPost(number, 'approve')).statusCode).toBe(200);
  const slot = freshSlot(t.clock.now());
  const scheduled = await adminPost(number, 'schedule', { agentId: agent.id, ...slot });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  expect((await agentPost(number, 'collect')).statusCode).toBe(200);
  const res = await agentPost(number, 'inspect', {
    conditionFound: sellable ? 'Like new' : 'Damaged',
    sellable,
    notes: sellable ? 'No fault found; boxed' : 'Cracked housing',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A customer's session from a sign-in now (the clock may have moved past their first one). */
async function signIn(email: string) {
  const res = await send(t.app, 'POST', '/api/auth/signin', {
    body: { email, password: CUSTOMER_PASSWORD },
    headers: { 'x-forwarded-for': newAddress() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

/** A small PNG as the picker sends it. */
async function photoDataUrl() {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#b91c1c' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const rowOf = async (number: string) =>
  (await t.db.select().from(returnRequests).where(eq(returnRequests.returnNumber, number)))[0]!;

describe('POST /api/returns', () => {
  it('opens a guest return by the order token: a RET number, the units, the customer and the admin emailed', async () => {
    const { order, request } = await opened();
    expect(request.returnNumber).toMatch(/^RET-\d{9}$/);
    expect(request).toMatchObject({ status: 'requested', kind: 'return', orderNumber: order.orderNumber });
    expect(request.units).toEqual([expect.objectContaining({ quantity: 1, price: 5000 })]);
    const mail = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.entityId, request.returnNumber))
      .orderBy(asc(outboxEmails.createdAt));
    expect(mail.map((m) => [m.kind, m.to])).toEqual([
      ['return_status', 'thandi@example.co.za'],
      ['admin_new_return', 'returns-desk@quickbuy.test'],
    ]);
    // Mail to the order's address carries nothing the requester typed.
    expect(mail[0]!.text).not.toContain('The screen flickers');
  });

  it("keeps up to 4 photos under the sell form's rules, private to the admin", async () => {
    const order = await deliveredOrder(t, admin);
    const body = (photos: string[]) =>
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
        photos,
      });
    const photo = await photoDataUrl();
    expectFieldError(
      await openReturn(t, body(Array(5).fill(photo)), { token: order.accessToken }),
      400,
      'VALIDATION_FAILED',
      'photos',
      RETURN_MESSAGES.tooManyPhotos,
    );
    const text = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;
    expectFieldError(
      await openReturn(t, body([text]), { token: order.accessToken }),
      415,
      'INVALID_IMAGE',
      'photos',
      SELL_MESSAGES.photoInvalid,
    );
    const res = await openReturn(t, body([photo, photo]), { token: order.accessToken });
    expect(res.statusCode, res.body).toBe(201);
    const number = (res.json() as ReturnRequestView).returnNumber;
    expect(res.json().photoCount).toBe(2);
    const path = `/api/admin/returns/${number}/photos/request/1`;
    expect((await send(t.app, 'GET', path, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', path)).statusCode).toBe(401);
    // Never served by the public /images/ route, whatever their id.
    const [request] = await t.db.select().from(returnRequests).where(eq(returnRequests.returnNumber, number));
    const stored = await t.db.select().from(returnImages).where(eq(returnImages.requestId, request!.id));
    expect(stored).toHaveLength(2);
    for (const { imageId } of stored) {
      expectError(await send(t.app, 'GET', `/images/${imageId}`), 404, {
        code: 'IMAGE_NOT_FOUND',
        message: 'Image not found',
      });
    }
  });

  it('answers a stranger without the order token as if the order did not exist', async () => {
    const order = await deliveredOrder(t, admin);
    const res = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      }),
    );
    expectError(res, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
  });

  it('refuses an order not yet delivered', async () => {
    const order = await deliveredOrder(t, admin, { until: 'shipped' });
    const res = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      }),
      { token: order.accessToken },
    );
    expectError(res, 409, {
      code: 'ORDER_NOT_DELIVERED',
      message: 'This order has not been delivered yet: a request can be opened once it arrives',
      fields: { orderNumber: 'This order has not been delivered yet: a request can be opened once it arrives' },
    });
  });

  it('accepts a return on day 14 after delivery and refuses it after, naming the day it ended', async () => {
    const order = await deliveredOrder(t, admin);
    const body = (now: Date) =>
      returnBody(now, { orderNumber: order.orderNumber, items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }] });
    t.clock.set(new Date(START.getTime() + 14 * DAY + 60_000));
    const late = await openReturn(t, body(t.clock.now()), { token: order.accessToken });
    expectError(late, 409, {
      code: 'RETURN_WINDOW_CLOSED',
      message: 'Returns for this order closed on 6 Dec 2026, 14 days after delivery',
      fields: { kind: 'Returns for this order closed on 6 Dec 2026, 14 days after delivery' },
    });
    t.clock.set(new Date(START.getTime() + 14 * DAY - 60_000));
    expect((await openReturn(t, body(t.clock.now()), { token: order.accessToken })).statusCode).toBe(201);
  });

  it('accepts a warranty claim within 6 months of delivery and refuses it after', async () => {
    // Months later the order's links have lapsed: the customer's session opens it.
    const customer = await signUpCustomer(t);
    const order = await deliveredOrder(t, admin, { cookie: customer.cookie });
    const ask = async (at: string) => {
      t.clock.set(new Date(at));
      const body = returnBody(t.clock.now(), {
        kind: 'warranty',
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      });
      return openReturn(t, body, { cookie: await signIn(customer.email) });
    };
    expectError(await ask('2027-05-22T10:01:00Z'), 409, {
      code: 'RETURN_WINDOW_CLOSED',
      message: 'The 6-month warranty on this order ended on 22 May 2027',
      fields: { kind: 'The 6-month warranty on this order ended on 22 May 2027' },
    });
    expect((await ask('2027-05-21T10:00:00Z')).statusCode).toBe(201);
  });

  it('never returns more units than were bought, and a unit has one open request at a time', async () => {
    const order = await deliveredOrder(t, admin, { quantities: [2] });
    const ask = (quantity: number) =>
      openReturn(
        t,
        returnBody(t.clock.now(), {
          orderNumber: order.orderNumber,
          items: [{ deviceId: order.deviceIds[0]!, quantity }],
        }),
        { token: order.accessToken },
      );
    const tooMany = await ask(3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('UNITS_UNAVAILABLE');
    const first = await ask(1);
    expect(first.statusCode).toBe(201);
    expect((await ask(1)).statusCode).toBe(201);
    expectError(await ask(1), 409, {
      code: 'UNITS_UNAVAILABLE',
      message: `Every unit of ${first.json().units[0].name} is already returned or in an open request`,
      fields: { items: `Every unit of ${first.json().units[0].name} is already returned or in an open request` },
    });
    // A declined request gives its unit back to the customer, who may ask again.
    const declined = await adminPost(first.json().returnNumber, 'decline', { reason: 'Outside the policy' });
    expect(declined.statusCode).toBe(200);
    expect((await ask(1)).statusCode).toBe(201);
  });

  it('takes a place in the repairs pickup slot and refuses a full one', async () => {
    const order = await deliveredOrder(t, admin, { quantities: [3] });
    const slot = freshSlot(t.clock.now());
    const ask = () =>
      openReturn(
        t,
        {
          ...returnBody(t.clock.now(), {
            orderNumber: order.orderNumber,
            items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
          }),
          ...slot,
        },
        { token: order.accessToken },
      );
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    const full = await ask();
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('SLOT_FULL');
  });

  it('opens a repair warranty from a finished repair within 90 days, only for the customer who booked it', async () => {
    const customer = await signUpCustomer(t);
    const booking = await bookFor(t, agent.id, freshSlot(t.clock.now()));
    await t.db
      .update(repairBookings)
      .set({ customerId: customer.user.id })
      .where(eq(repairBookings.bookingNumber, booking));
    for (const status of ['picked_up', 'in_repair', 'ready', 'returned']) {
      const res = await send(t.app, 'POST', `/api/agent/repairs/${booking}/status`, {
        cookie: agent.cookie,
        body: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const body = (now: Date) =>
      returnBody(now, { kind: 'repair_warranty', repairNumber: booking, reason: 'repair_failed' });
    expectError(await openReturn(t, body(t.clock.now())), 404, {
      code: 'REPAIR_NOT_FOUND',
      message: 'No repair booking found with this number.',
    });
    t.clock.set(new Date(START.getTime() + 91 * DAY));
    const late = await openReturn(t, body(t.clock.now()), { cookie: await signIn(customer.email) });
    expect(late.json().error).toMatchObject({
      code: 'RETURN_WINDOW_CLOSED',
      message: 'The 90-day warranty on this repair ended on 20 Feb 2027',
    });
    t.clock.set(new Date(START.getTime() + 89 * DAY));
    const cookie = await signIn(customer.email);
    const ok = await openReturn(t, body(t.clock.now()), { cookie });
    expect(ok.statusCode, ok.body).toBe(201);
    expectError(await openReturn(t, body(t.clock.now()), { cookie }), 409, {
      code: 'REQUEST_ALREADY_OPEN',
      message: 'This repair already has an open warranty request',
      fields: { repairNumber: 'This repair already has an open warranty request' },
    });
  });
});

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

describe('outcomes: money and stock exactly once', () => {
  it('refunds one unit of two at its price and puts a sellable unit back on sale', async () => {
    const { order, request } = await opened({ quantities: [2], price: 5000 }, 1);
    const before = await quantityOf(t, order.deviceIds[0]!);
    await inspected(request.returnNumber, true);
    const res = await adminPost(request.returnNumber, 'refund');
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(request.returnNumber);
    expect(row).toMatchObject({ status: 'refunded', refundAmount: 500_000, stockOutcome: 'restocked' });
    expect(await quantityOf(t, order.deviceIds[0]!)).toBe(before + 1);
    expectError(await adminPost(request.returnNumber, 'refund'), 409, {
      code: 'RETURN_MOVE_NOT_ALLOWED',
      message: "This request is Refunded; 'Refund' is allowed only while Inspected",
    });
  });

  it('refunds the whole order across two requests and marks it refunded; a written-off unit stays off sale', async () => {
    const { order, request } = await opened({ quantities: [2], price: 3000 }, 1);
    const second = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      }),
      { token: order.accessToken },
    );
    const before = await quantityOf(t, order.deviceIds[0]!);
    await inspected(request.returnNumber, false);
    await inspected(second.json().returnNumber, true);
    expect((await adminPost(request.returnNumber, 'refund')).statusCode).toBe(200);
    expect((await adminPost(second.json().returnNumber, 'refund')).statusCode).toBe(200);
    const [placed] = await t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(placed!.paymentStatus).toBe('refunded');
    // Together the two refunds are what the order charged, its lines and anything beyond them.
    const refunded =
      (await rowOf(request.returnNumber)).refundAmount! + (await rowOf(second.json().returnNumber)).refundAmount!;
    expect(refunded).toBe(Math.round(placed!.totalAmount * 100));
    expect((await rowOf(request.returnNumber)).stockOutcome).toBe('written_off');
    expect(await quantityOf(t, order.deviceIds[0]!)).toBe(before + 1);
    const list = await send(t.app, 'GET', '/api/admin/returns', { cookie: admin.cookie });
    expect(list.json().writeOffs.units).toBeGreaterThanOrEqual(1);
  });

  it('refunds once when two clicks arrive together', async () => {
    const { order, request } = await opened({ price: 4000 });
    await inspected(request.returnNumber);
    const [a, b] = await Promise.all([
      adminPost(request.returnNumber, 'refund'),
      adminPost(request.returnNumber, 'refund'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [placed] = await t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const made = await t.db.select().from(refunds);
    const mine = made.filter((r) => r.reason === `Return ${request.returnNumber}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.amount).toBe(400_000);
    expect(placed!.paymentStatus).toBe('refunded');
  });

  /** A request inspected after the Payments tab refunded `amount` of its order, then refunded by the request. */
  async function refundedAfterPaymentsTab(price: number, amount: number) {
    const { order, request } = await opened({ price });
    const early = await send(t.app, 'POST', `/api/admin/payments/${order.payment.reference}/refund`, {
      cookie: admin.cookie,
      body: { amount },
    });
    expect(early.statusCode, early.body).toBe(200);
    await inspected(request.returnNumber);
    expect((await adminPost(request.returnNumber, 'refund')).statusCode).toBe(200);
    return request;
  }

  it('refunds no more than the Payments tab left of the payment', async () => {
    const request = await refundedAfterPaymentsTab(5000, 1000);
    expect((await rowOf(request.returnNumber)).refundAmount).toBe(500_000 - 100_000);
  });

  it('gives nothing more when the Payments tab refunded it all, and still resolves the request', async () => {
    const request = await refundedAfterPaymentsTab(2500, 2500);
    expect(await rowOf(request.returnNumber)).toMatchObject({ status: 'refunded', refundAmount: 0 });
    const made = await t.db.select().from(refunds);
    expect(made.filter((r) => r.reason === `Return ${request.returnNumber}`)).toEqual([]);
  });

  it('replaces a unit with a new order at price 0, its stock reserved', async () => {
    const { order, request } = await opened({ price: 6000 });
    const before = await quantityOf(t, order.deviceIds[0]!);
    await inspected(request.returnNumber, false);
    const res = await adminPost(request.returnNumber, 'replace');
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(request.returnNumber);
    expect(row).toMatchObject({ status: 'replaced', stockOutcome: 'written_off' });
    const [replacement] = await t.db.select().from(orders).where(eq(orders.orderNumber, row.replacementOrderNumber!));
    expect(replacement).toMatchObject({ totalAmount: 0, replacementOf: request.returnNumber, paymentStatus: 'paid' });
    expect(await quantityOf(t, order.deviceIds[0]!)).toBe(before - 1);
  });

  it('opens a warranty repair job at no charge, the device with the collecting agent', async () => {
    const order = await deliveredOrder(t, admin);
    const res = await openReturn(
      t,
      returnBody(t.clock.now(), {
        kind: 'warranty',
        reason: 'battery',
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      }),
      { token: order.accessToken },
    );
    const number = res.json().returnNumber as string;
    await inspected(number, false);
    const repaired = await adminPost(number, 'repair', { service: 'battery-replacement' });
    expect(repaired.statusCode, repaired.body).toBe(200);
    const row = await rowOf(number);
    const [job] = await t.db
      .select()
      .from(repairBookings)
      .where(eq(repairBookings.bookingNumber, row.repairJobNumber!));
    expect(job).toMatchObject({
      warrantyOf: number,
      status: 'picked_up',
      agentId: agent.id,
      serviceId: 'battery-replacement',
    });
    expect(row.stockOutcome).toBeNull();
  });
});

describe('GET /api/account/returns and /api/returns/for-order/:orderNumber', () => {
  it("lists the customer's requests and the order's, newest first", async () => {
    const customer = await signUpCustomer(t);
    const order = await deliveredOrder(t, admin, { quantities: [2], cookie: customer.cookie });
    const numbers: string[] = [];
    for (const minutes of [1, 2]) {
      t.clock.set(new Date(START.getTime() + minutes * 60_000));
      const body = returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      });
      const res = await openReturn(t, body, { cookie: customer.cookie });
      expect(res.statusCode, res.body).toBe(201);
      numbers.unshift(res.json().returnNumber);
    }
    const own = await send(t.app, 'GET', '/api/account/returns', { cookie: customer.cookie });
    expect(own.json().map((r: { returnNumber: string }) => r.returnNumber)).toEqual(numbers);
    const returnable = await send(t.app, 'GET', `/api/returns/for-order/${order.orderNumber}`, {
      cookie: customer.cookie,
    });
    expect(returnable.json().requests.map((r: { returnNumber: string }) => r.returnNumber)).toEqual(numbers);
  });
});

describe('GET /api/admin/returns', () => {
  it('finds a request by its order number and exports the list', async () => {
    const { order, request } = await opened();
    const list = await send(t.app, 'GET', `/api/admin/returns?q=${order.orderNumber}`, { cookie: admin.cookie });
    expect(list.json().items.map((r: { returnNumber: string }) => r.returnNumber)).toEqual([request.returnNumber]);
    const csv = await send(t.app, 'GET', '/api/admin/returns/export.csv?status=open', { cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(request.returnNumber);
    const detail = await send(t.app, 'GET', `/api/admin/returns/${request.returnNumber}`, { cookie: admin.cookie });
    expect(detail.json()).toMatchObject({ moves: ['approve', 'decline'], order: { refundable: 500_000 } });
    expect(detail.json().audit[0]).toMatchObject({ action: 'return_request.open' });
  });
});

describe('GET /api/admin/overview', () => {
  it('counts the open requests and the days the oldest has waited; a cancelled one is no longer open', async () => {
    const overview = async (cookie = admin.cookie) =>
      (await send(t.app, 'GET', '/api/admin/overview', { cookie })).json().returns as {
        open: number;
        oldestOpenDays: number | null;
      };
    const before = (await overview()).open;
    const { order, request } = await opened();
    t.clock.set(new Date(START.getTime() + 3 * DAY));
    // A staff session ends long before three days: the admin signs in again.
    const later = (await signedInAdmin(t)).cookie;
    expect(await overview(later)).toMatchObject({ open: before + 1, oldestOpenDays: 3 });
    const cancelled = await send(t.app, 'POST', `/api/returns/${request.returnNumber}/cancel`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await overview(later)).open).toBe(before);
  });
});

describe('POST /api/admin/agents/:id/deactivate', () => {
  it("hands a deactivated agent's collection to an active agent with room, who then collects it", async () => {
    const { request } = await opened();
    const leaving = await createAgent(t);
    await adminPost(request.returnNumber, 'approve');
    const slot = freshSlot(t.clock.now());
    expect((await adminPost(request.returnNumber, 'schedule', { agentId: leaving.id, ...slot })).statusCode).toBe(200);
    const refused = await send(t.app, 'POST', `/api/admin/agents/${leaving.id}/deactivate`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('1 open return collection');
    const res = await send(t.app, 'POST', `/api/admin/agents/${leaving.id}/deactivate`, {
      cookie: admin.cookie,
      body: { handOver: { mode: 'agent', agentId: agent.id } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().handedOver).toEqual([
      expect.objectContaining({ kind: 'collection', number: request.returnNumber, toAgentId: agent.id }),
    ]);
    expect((await rowOf(request.returnNumber)).agentId).toBe(agent.id);
    expect((await agentPost(request.returnNumber, 'collect')).statusCode).toBe(200);
  });
});
