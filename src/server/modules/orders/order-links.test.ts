import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { nextAddress, paid } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { askForLink, emailedLinks, openOrder } from '../../../../tests/support/order-links';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../../db/schema';

const DAY = 24 * 60 * 60_000;
const NOT_FOUND = { code: 'ORDER_NOT_FOUND', message: 'Order not found' };

/** A paid guest order and every token that opens it: the placing browser's, the confirmation email's, a link sent on request. */
async function orderWithLinks(t: TestApp) {
  const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
  const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
  expect((await askForLink(t, order.orderNumber, 'thandi@example.co.za')).statusCode).toBe(202);
  const [emailed, sent] = await emailedLinks(t, order.orderNumber);
  return { order, tokens: { browser: order.accessToken, emailed: emailed!.token, sent: sent!.token } };
}

/** The status GET /api/orders/:orderNumber answers each token with. */
async function statuses(t: TestApp, orderNumber: string, tokens: Record<string, string>) {
  const result: Record<string, number> = {};
  for (const [name, token] of Object.entries(tokens))
    result[name] = (await openOrder(t, orderNumber, token)).statusCode;
  return result;
}

describe('order links expire after ORDER_LINK_DAYS', () => {
  const t = useTestApp({ ORDER_LINK_DAYS: '2' });

  it('open the order until then, the placing browser included, and 404 as a stranger after', async () => {
    const start = t.clock.now();
    const { order, tokens } = await orderWithLinks(t);
    t.clock.set(new Date(start.getTime() + 2 * DAY - 60_000));
    expect(await statuses(t, order.orderNumber, tokens)).toEqual({ browser: 200, emailed: 200, sent: 200 });
    t.clock.set(new Date(start.getTime() + 2 * DAY + 1000));
    for (const token of Object.values(tokens))
      expectError(await openOrder(t, order.orderNumber, token), 404, NOT_FOUND);
    // The customer asks again: a fresh link, good for two more days.
    await askForLink(t, order.orderNumber, 'thandi@example.co.za');
    const fresh = (await emailedLinks(t, order.orderNumber)).at(-1)!;
    expect(fresh).toMatchObject({ kind: 'order_link' });
    expect((await openOrder(t, order.orderNumber, fresh.token)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/orders/:orderNumber/revoke-links', () => {
  const t = useTestApp();

  it('voids every link of the order, the placing browser included, audited; a new link asked for then opens it', async () => {
    const admin = await signedInAdmin(t);
    const { order, tokens } = await orderWithLinks(t);
    expect(await statuses(t, order.orderNumber, tokens)).toEqual({ browser: 200, emailed: 200, sent: 200 });

    const res = await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber.toLowerCase()}/revoke-links`, {
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Order links revoked' });
    for (const token of Object.values(tokens))
      expectError(await openOrder(t, order.orderNumber, token), 404, NOT_FOUND);
    // Nor can the placing browser cancel it any more (it is paid anyway: the token no longer names it).
    const cancel = await send(t.app, 'POST', `/api/checkout/${order.orderNumber}/cancel`, {
      headers: { 'x-order-token': tokens.browser, 'x-forwarded-for': nextAddress() },
    });
    expectError(cancel, 404, NOT_FOUND);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.revoke_links'), eq(auditLog.entityId, order.orderNumber)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorRole: 'admin',
        entityType: 'order',
        before: { linkVersion: 0 },
        after: { linkVersion: 1 },
      }),
    ]);

    // Asked for within the hour of the last one, a link still goes: it is the new version's first.
    await askForLink(t, order.orderNumber, 'thandi@example.co.za');
    const fresh = (await emailedLinks(t, order.orderNumber)).at(-1)!;
    expect(fresh.token).not.toBe(tokens.sent);
    expect((await openOrder(t, order.orderNumber, fresh.token)).statusCode).toBe(200);
    // A second revoke voids that one too.
    await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber}/revoke-links`, { cookie: admin.cookie });
    expect((await openOrder(t, order.orderNumber, fresh.token)).statusCode).toBe(404);
  });

  it('keeps the signed-in owner and the admin in', async () => {
    const admin = await signedInAdmin(t);
    const owner = await signUpCustomer(t);
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }], { cookie: owner.cookie });
    await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber}/revoke-links`, { cookie: admin.cookie });
    expect((await openOrder(t, order.orderNumber, undefined, owner.cookie)).statusCode).toBe(200);
    expect((await openOrder(t, order.orderNumber, undefined, admin.cookie)).statusCode).toBe(200);
  });

  it('answers an unknown order 404, and writes nothing', async () => {
    const admin = await signedInAdmin(t);
    const res = await send(t.app, 'POST', '/api/admin/orders/ORD-2026-999999/revoke-links', { cookie: admin.cookie });
    expectError(res, 404, NOT_FOUND);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'ORD-2026-999999'));
    expect(audit).toEqual([]);
  });

  it('is the admin alone', async () => {
    const customer = await signUpCustomer(t);
    const url = '/api/admin/orders/ORD-2026-999999/revoke-links';
    expect((await send(t.app, 'POST', url)).statusCode).toBe(401);
    expect((await send(t.app, 'POST', url, { cookie: customer.cookie })).statusCode).toBe(403);
  });
});

describe('GET /api/track/ORD-...', () => {
  const t = useTestApp();
  const track = (orderNumber: string, options: { token?: string; cookie?: string } = {}) =>
    send(t.app, 'GET', `/api/track/${orderNumber}`, {
      cookie: options.cookie,
      headers: { 'x-forwarded-for': nextAddress(), ...(options.token ? { 'x-order-token': options.token } : {}) },
    });

  /** A customer's paid order, shipped with a courier and tracking number. */
  async function shippedOrder() {
    const admin = await signedInAdmin(t);
    const owner = await signUpCustomer(t);
    const [device] = await insertDevices(t.db, [{ price: 4000, quantity: 5 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 2 }], { cookie: owner.cookie });
    await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber}/status`, {
      cookie: admin.cookie,
      body: { status: 'processing' },
    });
    await send(t.app, 'PUT', `/api/admin/orders/${order.orderNumber}/tracking`, {
      cookie: admin.cookie,
      body: { courier: 'The Courier Guy', trackingNumber: 'TCG-555-01' },
    });
    const [emailed] = await emailedLinks(t, order.orderNumber);
    return { order, admin, owner, link: emailed!.token };
  }

  it('tells a stranger the status and its dates, and none of the total, items, courier or tracking number', async () => {
    const { order } = await shippedOrder();
    const res = await track(order.orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'order',
      order: {
        orderNumber: order.orderNumber,
        status: 'processing',
        createdAt: expect.any(String),
        statusHistory: [
          { status: 'pending', date: expect.any(String) },
          { status: 'processing', date: expect.any(String) },
        ],
        details: null,
      },
    });
    expect(res.body).not.toMatch(/Courier|TCG|8000|Thandi/);
    // Kept by no cache, a 404 included: what a number shows depends on who asks.
    const missing = await track('ORD-2026-999999');
    for (const reply of [res, missing]) expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(missing.statusCode).toBe(404);
  });

  it("shows the link's holder, the placing browser, the signed-in owner and the admin the details too", async () => {
    const { order, admin, owner, link } = await shippedOrder();
    const details = {
      itemCount: 2,
      totalAmount: 8000,
      currency: 'NGN',
      courier: 'The Courier Guy',
      trackingNumber: 'TCG-555-01',
    };
    for (const asker of [
      { token: link },
      { token: order.accessToken },
      { cookie: owner.cookie },
      { cookie: admin.cookie },
    ]) {
      const res = await track(order.orderNumber, asker);
      expect(res.statusCode).toBe(200);
      expect(res.json().order.details).toEqual(details);
    }
    // Another customer, or a token of another order, is a stranger.
    const other = await signUpCustomer(t);
    expect((await track(order.orderNumber, { cookie: other.cookie })).json().order.details).toBeNull();
    expect((await track(order.orderNumber, { token: 'x'.repeat(43) })).json().order.details).toBeNull();
  });
});
