import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { customer, paid, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { auditLog, orders, outboxEmails } from '../../db/schema';

const t = useTestApp();
let admin: string;
let adminId: string;

beforeAll(async () => {
  ({ id: adminId, cookie: admin } = await signedInAdmin(t));
});

async function newPaidOrder(overrides: Parameters<typeof customer>[0] = {}) {
  const [device] = await insertDevices(t.db, [{ brand: 'Apple', model: 'iPhone 13', price: 9000, quantity: 3 }]);
  return paid(t, [{ deviceId: device!.id, quantity: 2 }], { customer: customer(overrides) });
}

const ordersInDatabase = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

const SHIPPED_WITH = { courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' };

/** One forward step, as the Orders tab sends it: shipping names the courier and number. */
const advance = (orderNumber: string, status: string, body: object = status === 'shipped' ? SHIPPED_WITH : {}) =>
  send(t.app, 'POST', `/api/admin/orders/${orderNumber}/status`, { cookie: admin, body: { status, ...body } });

const orderRow = async (orderNumber: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;

describe('GET /api/admin/orders', () => {
  it('lists orders newest first with the spec fields, the items as name and quantity, and the total count', async () => {
    const first = await newPaidOrder({ firstName: 'Lerato', lastName: 'Dube', email: 'lerato@example.co.za' });
    t.clock.advance(60_000);
    const second = await newPaidOrder({ firstName: 'Sipho', lastName: 'Ndlovu', email: 'sipho@example.co.za' });
    const res = await send(t.app, 'GET', '/api/admin/orders?pageSize=10', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.items[0]).toEqual({
      orderNumber: second.orderNumber,
      customerName: 'Sipho Ndlovu',
      customerEmail: 'sipho@example.co.za',
      status: 'pending',
      paymentStatus: 'paid',
      items: [{ name: 'Apple iPhone 13', quantity: 2 }],
      totalAmount: 18000,
      currency: 'NGN',
      createdAt: expect.any(String),
      shippingAddress: expect.objectContaining({ street: '12 Long Street', city: 'Cape Town' }),
      courier: null,
      trackingNumber: null,
      refundDue: 0,
      refunded: 0,
    });
    expect(body.items[1].orderNumber).toBe(first.orderNumber);
  });

  it('searches by number, by email and by part of the name, case-insensitively', async () => {
    const order = await newPaidOrder({ firstName: 'Zanele', lastName: 'Khumalo', email: 'Zanele.K@Example.co.za' });
    for (const q of [order.orderNumber.toLowerCase(), 'zanele.k@example.co.za', 'khuma']) {
      const res = await send(t.app, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, { cookie: admin });
      expect(
        res.json().items.map((o: { orderNumber: string }) => o.orderNumber),
        q,
      ).toEqual([order.orderNumber]);
      expect(res.json().total, q).toBe(1);
    }
    const none = await send(t.app, 'GET', '/api/admin/orders?q=%25', { cookie: admin });
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it('filters by status and pages with a fixed page size', async () => {
    const order = await newPaidOrder({ lastName: 'Filtered' });
    await advance(order.orderNumber, 'processing');
    const res = await send(t.app, 'GET', '/api/admin/orders?status=processing&pageSize=10', { cookie: admin });
    expect(res.json().items.map((o: { orderNumber: string }) => o.orderNumber)).toContain(order.orderNumber);
    expect(res.json().items.every((o: { status: string }) => o.status === 'processing')).toBe(true);
    const page = await send(t.app, 'GET', '/api/admin/orders?pageSize=10&page=2', { cookie: admin });
    expect(page.json()).toMatchObject({ page: 2, pageSize: 10 });
  });

  it('counts an order placed after the first page was read (its total is remembered between writes) and shows its moves at once', async () => {
    const firstPage = async () => (await send(t.app, 'GET', '/api/admin/orders', { cookie: admin })).json();
    const before = await firstPage();
    expect(before.total).toBe(await ordersInDatabase());
    await firstPage();

    t.clock.advance(60_000);
    const order = await newPaidOrder({ lastName: 'Counted' });
    const placedOne = await firstPage();
    expect(placedOne.total).toBe(before.total + 1);
    expect(placedOne.items[0]).toMatchObject({ orderNumber: order.orderNumber, status: 'pending' });

    await advance(order.orderNumber, 'processing');
    const moved = await firstPage();
    expect(moved.total).toBe(before.total + 1);
    expect(moved.items[0]).toMatchObject({ orderNumber: order.orderNumber, status: 'processing' });
    const processing = await send(t.app, 'GET', '/api/admin/orders?status=processing', { cookie: admin });
    expect(processing.json().total).toBe(
      (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'processing'))).length,
    );
  });

  it('counts an order placed while the first page is being read', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Apple', model: 'iPhone 14', price: 9000, quantity: 1 }]);
    t.clock.advance(60_000);
    const [, order] = await Promise.all([
      send(t.app, 'GET', '/api/admin/orders', { cookie: admin }),
      placed(t, [{ deviceId: device!.id, quantity: 1 }]),
    ]);
    const after = (await send(t.app, 'GET', '/api/admin/orders', { cookie: admin })).json();
    expect(after.items[0].orderNumber).toBe(order.orderNumber);
    expect(after.total).toBe(await ordersInDatabase());
  });

  it('refuses an unknown status with 400, as the other lists do; an empty one means all', async () => {
    const res = await send(t.app, 'GET', '/api/admin/orders?status=lost', { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { status: 'Unknown order status' } });
    expect((await send(t.app, 'GET', '/api/admin/orders?status=', { cookie: admin })).statusCode).toBe(200);
  });

  it('refuses a page size outside 10, 20 and 50', async () => {
    const res = await send(t.app, 'GET', '/api/admin/orders?pageSize=5000', { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { pageSize: 'Page size must be 10, 20 or 50' },
    });
  });
});

describe('POST /api/admin/orders/:orderNumber/status', () => {
  it('moves a paid order forward one step at a time to delivered, with history, audit and an email each', async () => {
    const order = await newPaidOrder({ email: 'steps@example.co.za' });
    for (const status of ['processing', 'shipped', 'delivered']) {
      const res = await advance(order.orderNumber, status);
      expect(res.statusCode, status).toBe(200);
      expect(res.json()).toMatchObject({ orderNumber: order.orderNumber, status });
    }
    const details = await send(t.app, 'GET', `/api/admin/orders/${order.orderNumber}`, { cookie: admin });
    expect(details.json().history.map((h: { status: string }) => h.status)).toEqual([
      'pending',
      'processing',
      'shipped',
      'delivered',
    ]);
    expect(details.json().history[3]).toMatchObject({ note: 'Mark Delivered', actor: 'QuickBuy Admin' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.orderNumber));
    expect(audit.map((a) => [a.action, a.before, a.after, a.actorId])).toEqual([
      ['order.advance', { status: 'pending' }, { status: 'processing' }, adminId],
      ['order.advance', { status: 'processing' }, { status: 'shipped', ...SHIPPED_WITH }, adminId],
      ['order.advance', { status: 'shipped' }, { status: 'delivered' }, adminId],
    ]);
    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'steps@example.co.za'));
    expect(emails.map((e) => e.subject).sort()).toEqual(
      [
        `Order Confirmed! ${order.orderNumber}`,
        `Order ${order.orderNumber}: Delivered`,
        `Order ${order.orderNumber}: Processing`,
        `Order ${order.orderNumber}: Shipped`,
      ].sort(),
    );
  });

  it('ships with the courier and tracking number: stored, shown to the customer and in the Shipped email', async () => {
    const order = await newPaidOrder({ email: 'shipped@example.co.za' });
    await advance(order.orderNumber, 'processing');
    const res = await advance(order.orderNumber, 'shipped', { courier: ' Aramex ', trackingNumber: 'ARX-0042' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', courier: 'Aramex', trackingNumber: 'ARX-0042' });
    expect(await orderRow(order.orderNumber)).toMatchObject({ courier: 'Aramex', trackingNumber: 'ARX-0042' });
    const view = await send(t.app, 'GET', `/api/orders/${order.orderNumber}`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(view.json()).toMatchObject({ status: 'shipped', courier: 'Aramex', trackingNumber: 'ARX-0042' });
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Order ${order.orderNumber}: Shipped`));
    expect(email!.text).toContain(`Order ${order.orderNumber} ships with Aramex.\nTracking number: ARX-0042`);
    expect(email!.html).toContain('Tracking number: ARX-0042');
  });

  it('refuses Shipped without a courier and tracking number, under their names, and changes nothing', async () => {
    const order = await newPaidOrder();
    await advance(order.orderNumber, 'processing');
    const res = await advance(order.orderNumber, 'shipped', { courier: '' });
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Courier is required',
      fields: { courier: 'Courier is required', trackingNumber: 'Tracking number is required' },
    });
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: 'processing', courier: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.orderNumber));
    expect(audit.map((a) => a.after)).toEqual([{ status: 'processing' }]);
  });

  it('refuses a skipped or backward step with 409 saying where the order is', async () => {
    const order = await newPaidOrder();
    const skip = await advance(order.orderNumber, 'shipped');
    expectError(skip, 409, {
      code: 'ORDER_MOVE_NOT_ALLOWED',
      message: 'This order is Pending; it can be marked Shipped only from Processing',
    });
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: 'pending', courier: null, trackingNumber: null });
    await advance(order.orderNumber, 'processing');
    const again = await advance(order.orderNumber, 'processing');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is Processing; it can be marked Processing only from Pending');
  });

  it('moves the order once when two admins press the same button together', async () => {
    const order = await newPaidOrder();
    const results = await Promise.all(Array.from({ length: 5 }, () => advance(order.orderNumber, 'processing')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.orderNumber));
    expect(audit).toHaveLength(1);
  });

  it('refuses to process an order not paid yet', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const res = await advance(order.orderNumber, 'processing');
    expectError(res, 409, {
      code: 'ORDER_MOVE_NOT_ALLOWED',
      message: 'This order is awaiting payment; only a paid order can move forward',
    });
  });

  it('refuses a status that is not a forward step, and a missing order', async () => {
    const order = await newPaidOrder();
    const cancel = await advance(order.orderNumber, 'cancelled');
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { status: 'Choose processing, shipped or delivered' },
    });
    const missing = await advance('ORD-2026-000000', 'processing');
    expectError(missing, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
  });
});

describe('PUT /api/admin/orders/:orderNumber/tracking', () => {
  const track = (orderNumber: string, body: unknown) =>
    send(t.app, 'PUT', `/api/admin/orders/${orderNumber}/tracking`, { cookie: admin, body });

  it('stores the courier and number, shows them to the customer, emails them and writes the audit log', async () => {
    const order = await newPaidOrder({ email: 'tracked@example.co.za' });
    const res = await track(order.orderNumber, { courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' });
    const view = await send(t.app, 'GET', `/api/orders/${order.orderNumber}`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(view.json()).toMatchObject({ courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' });
    // The Track page shows them too, to the browser holding the order's token.
    const tracked = await send(t.app, 'GET', `/api/track/${order.orderNumber}`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({
      kind: 'order',
      order: { orderNumber: order.orderNumber, details: { courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' } },
    });
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Order ${order.orderNumber}: tracking details`));
    expect(email).toMatchObject({ to: 'tracked@example.co.za', entityType: 'order', entityId: order.orderNumber });
    expect(email!.text).toContain('Tracking number: TCG 123-456');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.tracking'));
    expect(audit).toMatchObject({
      entityId: order.orderNumber,
      before: { courier: null, trackingNumber: null },
      after: { courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' },
    });
  });

  it('refuses blank fields under their names and changes nothing', async () => {
    const order = await newPaidOrder();
    const res = await track(order.orderNumber, { courier: ' ', trackingNumber: '' });
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Courier is required',
      fields: { courier: 'Courier is required', trackingNumber: 'Tracking number is required' },
    });
    expect((await orderRow(order.orderNumber)).courier).toBeNull();
  });

  it('refuses an unpaid order with 409', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const res = await track(order.orderNumber, { courier: 'Aramex', trackingNumber: 'A1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_MOVE_NOT_ALLOWED');
  });
});

describe('GET /api/admin/orders/:orderNumber', () => {
  it('shows items, payment, history, addresses and the email log', async () => {
    const order = await newPaidOrder({ email: 'details@example.co.za' });
    const res = await send(t.app, 'GET', `/api/admin/orders/${order.orderNumber}`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderNumber: order.orderNumber,
      customerPhone: '+27 82 000 0000',
      billingAddress: null,
      shippingAddress: { street: '12 Long Street' },
      items: [{ name: 'Apple iPhone 13', quantity: 2, price: 9000, lineTotal: 18000 }],
      payments: [{ reference: order.payment.reference, provider: 'sandbox', status: 'success', amount: 18000 }],
      refunds: [],
      history: [{ status: 'pending', note: 'Order placed', actor: null }],
      emails: [{ kind: 'order_confirmation', to: 'details@example.co.za', status: 'pending' }],
    });
  });

  it('answers 404 for a missing order', async () => {
    const res = await send(t.app, 'GET', '/api/admin/orders/ORD-2026-999999', { cookie: admin });
    expectError(res, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
  });
});
