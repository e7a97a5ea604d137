import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, refunds, repairBookings } from '../../db/schema';
import { createAgent, signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError } from '../../../../tests/support/errors';
import { deliveredOrder, freshSlot, openReturn, quantityOf, returnBody } from '../../../../tests/support/returns';
import { DAY, START, useReturnsDesk } from '../../../../tests/support/returns-desk';
import { send } from '../../../../tests/support/test-app';

// What a request ends in (money and stock, each exactly once), the lists that show requests, and staff leaving.
const { t, admin, agent, adminPost, agentPost, opened, inspected, rowOf } = useReturnsDesk();

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
